import { createPickerWidget } from './picker/create-picker-widget';

/**
 * Ringi's server-backed pickers. Each is the generic picker with the spec's endpoint and
 * defaults; `ui:options` may override any of them (see `PickerOptions`).
 */

/**
 * Companies. `ui:options.scope`: `"group"` (default, `/companies`), `"external"`
 * (`/companies-external`); `ui:options.byGroup: true` lists the companies of the user's group.
 */
export const CompanyPicker = createPickerWidget(
  'CompanyPicker',
  { endpoint: '/companies', itemEndpoint: '/companies/{id}' },
  (options, ui) => {
    const next = { ...options };
    if (ui.scope === 'external' && typeof ui.endpoint !== 'string') next.endpoint = '/companies-external';
    if (ui.byGroup === true) next.extraParams = { ...next.extraParams, byGroup: true };
    return next;
  },
);

/** Departments of the chosen company (`company_id` by default; change with `endpoint` and `dependsOn`). */
export const DepartmentPicker = createPickerWidget('DepartmentPicker', {
  endpoint: '/companies/{company_id}/departments',
  itemEndpoint: '/departments/{id}',
  dependsOn: ['company_id'],
});

/** Locations (addresses) of the chosen company. */
export const LocationPicker = createPickerWidget('LocationPicker', {
  endpoint: '/companies/{company_id}/locations',
  labelKey: 'address',
  dependsOn: ['company_id'],
});

/** Finance users to forward the document to: multi-select, value = array of user ids. */
export const FinanceUsersPicker = createPickerWidget('FinanceUsersPicker', {
  endpoint: '/users/finance',
  itemEndpoint: '/users/{id}',
  multiple: true,
});

/**
 * Expense accounts of one module type and company (page of 100, names per language).
 * `ui:options.moduleType` sets `moduleCode` (default: the module being rendered).
 */
export const ExpenseAccountPicker = createPickerWidget(
  'ExpenseAccountPicker',
  {
    endpoint: '/expense_accounts',
    itemEndpoint: '/expense_accounts/{id}',
    itemsPerPage: 100,
    dependsOn: ['company_id'],
    extraParams: { moduleCode: '{$module}', companyId: '{company_id}' },
    labelKey: { en: 'name', ja: 'name_jp', zh: 'name_zh' },
  },
  (options, ui) => (typeof ui.moduleType === 'string' ? { ...options, extraParams: { ...options.extraParams, moduleCode: ui.moduleType } } : options),
);

/** Company bank accounts shown as "bank name - branch" with the account type under it. */
export const BankAccountPicker = createPickerWidget('BankAccountPicker', {
  endpoint: '/companies/bank_accounts',
  itemEndpoint: '/company_bank_accounts/{id}',
  searchParam: 'bankName',
  labelKey: '{bank_name} - {branch}',
  descriptionKey: 'type',
  descriptionCodes: 'engine.codes.bankAccountType',
});

/** Contract item types of the module being rendered (supplier or customer list). */
export const ContractTypePicker = createPickerWidget('ContractTypePicker', {
  endpoint: '/contract_item_types/module/{$module}',
  itemEndpoint: '/contract_item_types/{id}',
  searchParam: null,
});

/** Contract payment frequencies. */
export const FrequencyPicker = createPickerWidget('FrequencyPicker', {
  endpoint: '/contract_frequencies',
  itemEndpoint: '/contract_frequencies/{id}',
  searchParam: null,
});

/** Corporate seal (usage) types. */
export const SealTypePicker = createPickerWidget('SealTypePicker', {
  endpoint: '/corporate_seal_types',
  itemEndpoint: '/corporate_seal_types/{id}',
  searchParam: null,
});

/** Sales evidence types of a collection-sales registration. */
export const EvidenceTypePicker = createPickerWidget('EvidenceTypePicker', {
  endpoint: '/collection_sales_evidence_types',
  itemEndpoint: '/collection_sales_evidence_types/{id}',
  searchParam: null,
});

/**
 * The reusable user multi-select (any enabled user, search by name or e-mail, infinite
 * scroll): value = array of user ids. `ui:options.multiple: false` makes it a single picker;
 * `endpoint` narrows the list (e.g. `/my-organization`).
 */
export const UserPicker = createPickerWidget('UserPicker', {
  endpoint: '/users/pic',
  itemEndpoint: '/users/{id}',
  multiple: true,
  descriptionKey: 'email',
});
