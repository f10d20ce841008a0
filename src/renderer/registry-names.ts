import { customWidgetNames } from './widgets/names';

/**
 * Names of the built-in theme widgets (src/renderer/theme). React-free so that
 * `modules:check` can verify `ui:widget` / `ui:field` names without loading React.
 */
export const builtInWidgetNames = [
  'text',
  'textarea',
  'number',
  'money',
  'select',
  'checkbox',
  'switch',
  'radio',
  'checkboxes',
  'date',
  'maskedDate',
  'hidden',
] as const;

/** Every name a UI schema may use in `ui:widget` or `ui:field`: built-in plus Ringi's custom widgets. */
export const registryNames: readonly string[] = [...builtInWidgetNames, ...customWidgetNames];
