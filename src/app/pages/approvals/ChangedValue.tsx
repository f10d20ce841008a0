import { useTranslation } from 'react-i18next';
import type { CompiledModule } from '../../../engine';
import { FieldValue, itemColumns, useRendererT } from '../../../renderer';
import { historyValue, isItemList, itemListText } from '../../lib/field-history';

export interface ChangedValueProps {
  module: CompiledModule;
  field: string;
  /** The value recorded for the field (before or after a change). */
  value: unknown;
  /** The document's data around it (the currency a money value is in). */
  data?: Record<string, unknown>;
}

/**
 * One recorded value of a field read as the detail card reads it, in the reader's language: an
 * id as its name, an option as its label, money by currency, dates YYYY/MM/DD (the widget's
 * `Display`); an item list as its count and titles; a field the module no longer has as text.
 */
export function ChangedValue({ module, field, value, data = {} }: ChangedValueProps) {
  const { t } = useTranslation();
  const mt = useRendererT(module);
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return <>—</>;
  if (isItemList(value)) return <>{itemListText(value, itemColumns(module, field).name, (key, params) => String(t(key, params)))}</>;
  const known = field in ((module.schema.properties ?? {}) as Record<string, unknown>);
  if (!known) return <>{historyValue(value)}</>;
  return <FieldValue module={module} field={field} data={{ ...data, [field]: value }} t={mt} />;
}
