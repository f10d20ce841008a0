/**
 * Names of Ringi's custom widgets and fields, React-free so `modules:check` can verify UI
 * schemas without loading React. `customRegistry` in `index.ts` has exactly these keys.
 */
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
];
