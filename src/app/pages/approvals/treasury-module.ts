import { compileModules, LANGS, type CompiledModule, type Lang } from '../../../engine';

/** Code of the treasury input form (a sub-form of the detail page, not a filable module). */
export const TREASURY_FORM = 'approvals-treasury';

/** The translated texts the treasury form needs, per language. */
export interface TreasuryTexts {
  title: string;
  account: string;
  paymentDate: string;
  dealSlips: string;
  accountRequired: string;
  dateRequired: string;
  dealSlipRequired: string;
}

/**
 * The treasury step's form (spec 000 §2 "Treasury form"): payment account (the company's bank
 * accounts through the renderer's BankAccountPicker), payment date, one deal slip (FileUploader,
 * limit 1), validated in that order. Built as a definition and compiled by the engine, so the
 * renderer's own widgets and validation apply; `company_id` is hidden and scopes the accounts.
 */
export function treasuryModule(texts: Record<Lang, TreasuryTexts>): CompiledModule {
  const locale = (x: TreasuryTexts) => ({
    title: x.title,
    account_id: { label: x.account },
    payment_date: { label: x.paymentDate },
    deal_slips: { label: x.dealSlips },
    company_id: { label: '' },
    messages: { account: x.accountRequired, date: x.dateRequired, dealSlip: x.dealSlipRequired },
  });
  const { modules } = compileModules({
    schemas: {
      [TREASURY_FORM]: {
        type: 'object',
        properties: {
          company_id: { type: ['integer', 'null'], default: null },
          account_id: { type: ['integer', 'null'], default: null },
          payment_date: { type: ['string', 'null'], default: null },
          deal_slips: { type: 'array', default: [], maxItems: 1, items: { type: 'integer' } },
        },
      },
    },
    uiSchemas: {
      [TREASURY_FORM]: {
        'ui:module': { kind: 'subform', title: `${TREASURY_FORM}.title` },
        'ui:order': ['account_id', 'payment_date', 'deal_slips', 'company_id'],
        company_id: { 'ui:widget': 'hidden' },
        account_id: { 'ui:widget': 'BankAccountPicker', 'ui:options': { extraParams: { companyId: '{company_id}' } } },
        payment_date: { 'ui:widget': 'date' },
        deal_slips: { 'ui:widget': 'FileUploader', 'ui:options': { documentType: 'deal-slip', maxFiles: 1 } },
      },
    },
    rules: {
      [TREASURY_FORM]: {
        validations: [
          { when: { '!': { var: 'account_id' } }, field: 'account_id', message: `${TREASURY_FORM}.messages.account` },
          { when: { '!': { valid_date: [{ var: 'payment_date' }] } }, field: 'payment_date', message: `${TREASURY_FORM}.messages.date` },
          { when: { '!=': [{ var: 'deal_slips.length' }, 1] }, field: 'deal_slips', message: `${TREASURY_FORM}.messages.dealSlip` },
        ],
      },
    },
    locales: Object.fromEntries(LANGS.map((lang) => [lang, { [TREASURY_FORM]: locale(texts[lang]) }])) as never,
  });
  return modules[TREASURY_FORM];
}
