/**
 * Ringi's renderer: the Fluent v9 theme for rjsf, the widget registry, the generic module form
 * and the read-only cards. The app imports from here; widgets import the specific files.
 */
export { RendererHostContext, useRendererHost } from './host';
export type { RendererHost } from './host';
export type { RingiFormContext } from './form-context';
export { ModuleForm } from './ModuleForm';
export type { ModuleFormProps } from './ModuleForm';
export { SubForm } from './SubForm';
export type { SubFormProps } from './SubForm';
export { DetailCard } from './DetailCard';
export type { DetailCardProps } from './DetailCard';
export { FieldValue, fieldLabel } from './cards/FieldValue';
export { itemColumns } from './cards/ItemsSummary';
export { ListCard } from './ListCard';
export type { ListCardProps } from './ListCard';
export { widgetRegistry, findRegistryEntry, getRegistryEntry, UnknownWidgetError } from './registry';
export type { RegistryEntry, DisplayProps, EnumChoice } from './registry';
export { ringiTheme, themeEntries } from './theme';
export { useDangerStyles } from './theme/danger';
export { DateInput } from './theme/DateInput';
export type { DateInputProps } from './theme/DateInput';
export { RendererDisplayContext } from './display-context';
export { useRendererT } from './i18n';
export { formatAmount, currencyCodeOf } from './money';
