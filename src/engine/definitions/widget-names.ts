/**
 * The one list of widget and field names a UI schema may use in `ui:widget` / `ui:field`.
 * It lives in the engine (no React) so the checker — in `modules:check`, the check CLI, the
 * server's publish and the studio — verifies names without loading the renderer; the renderer's
 * registry has exactly these keys (tests/web/renderer/registry.test.tsx).
 */

/** Names of the built-in theme widgets (src/renderer/theme). */
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

/** Names of Ringi's custom widgets and fields (`customRegistry` in src/renderer/widgets/index.ts). */
export const customWidgetNames: readonly string[] = [
  'CurrencyPicker',
  'CompanyPicker',
  'DepartmentPicker',
  'LocationPicker',
  'FinanceUsersPicker',
  'ExpenseAccountPicker',
  'BankAccountPicker',
  'ContractTypePicker',
  'FrequencyPicker',
  'SealTypePicker',
  'EvidenceTypePicker',
  'PeriodPicker',
  'ProcessCard',
  'ItemList',
  'FileUploader',
  'RelatedApprovalPicker',
  'RelatedItemsField',
  'SupplierAccountSearch',
  'NextStampNumber',
  'UserPicker',
  'TypedUsersField',
  'InvoiceRegistrationNo',
  'PositionSelect',
];

/** Every name a UI schema may use: built-in plus Ringi's custom widgets. */
export const WIDGET_NAMES: readonly string[] = [...builtInWidgetNames, ...customWidgetNames];
