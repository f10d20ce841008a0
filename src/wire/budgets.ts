/**
 * Wire shapes of budgets (issue #36 item 4; docs/MODULES.md "Budgets"): the budget table
 * (`GET /budgets`), what a form's data asks of budgets (`POST /budgets/check`) and budget against
 * actual per department (`GET /budgets/summary`). Amounts are in the company's reporting currency.
 */
import { Type, type Static } from '@sinclair/typebox';
import { dbId, nullable, stringEnum } from './common';
import { ProcessModuleCode } from './processes';

const fiscalYear = () => Type.Integer({ minimum: 1900, maximum: 9999, description: 'The company\'s fiscal year (the calendar year it begins in; companies.fiscal_year_start)' });
const money = (description: string) => Type.Number({ description });

/** `GET /budgets` query. */
export const BudgetQuery = Type.Object({
  company_id: dbId(),
  fiscal_year: Type.Optional(fiscalYear()),
  department_id: Type.Optional(dbId()),
}, { additionalProperties: false });
export type BudgetQuery = Static<typeof BudgetQuery>;

const standing = {
  amount: money('The budget'),
  reserved: money('Held by documents in flight (reserved at submit)'),
  consumed: money('Used by decided documents (consumed at the final approval)'),
  remaining: money('amount − reserved − consumed (negative: over)'),
};

/** One budget with what documents hold of it. */
export const BudgetRow = Type.Object({
  id: Type.Integer(),
  company_id: Type.Integer(),
  department_id: Type.Integer(),
  department_name: Type.String(),
  expense_account_id: Type.Integer(),
  expense_account_name: Type.String(),
  fiscal_year: Type.Integer(),
  ...standing,
  pending: nullable(Type.Object({ id: Type.Integer(), code: Type.String() }, { description: 'A change of this budget waiting for approval' })),
});
export type BudgetRow = Static<typeof BudgetRow>;

/** `POST /budgets/check`: a form's data as the process card sends it (`buffer_id`: an edit's own document). */
export const BudgetCheckBody = Type.Object({
  module_code: ProcessModuleCode,
  data: Type.Record(Type.String(), Type.Unknown()),
  buffer_id: Type.Optional(dbId()),
}, { additionalProperties: false });
export type BudgetCheckBody = Static<typeof BudgetCheckBody>;

/** What the form's data asks of budgets; `policy` null when the module does not opt in. */
export const BudgetCheckView = Type.Object({
  policy: nullable(stringEnum(['warn', 'refuse', 'route'] as const)),
  fiscal_year: nullable(Type.Integer()),
  over: Type.Boolean(),
  remaining: nullable(money('The least that would remain on any of its budgets after this document')),
  budgets: Type.Array(Type.Object({
    id: Type.Integer(), department_name: Type.String(), expense_account_name: Type.String(), ...standing,
    requested: money('What this document asks of it'), remaining_after: money('What would remain after it'),
  })),
});
export type BudgetCheckView = Static<typeof BudgetCheckView>;

/** `GET /budgets/summary` query. */
export const BudgetSummaryQuery = Type.Object({ company_id: dbId(), fiscal_year: Type.Optional(fiscalYear()) }, { additionalProperties: false });
export type BudgetSummaryQuery = Static<typeof BudgetSummaryQuery>;

/** One budget of a department in the summary: its expense account and standing. */
export const BudgetSummaryAccount = Type.Object({ budget_id: Type.Integer(), expense_account_id: Type.Integer(), expense_account_name: Type.String(), ...standing });
export type BudgetSummaryAccount = Static<typeof BudgetSummaryAccount>;

/** Budget against actual per department (and, inside it, per expense account), with what is reserved. */
export const BudgetSummary = Type.Object({
  company_id: Type.Integer(),
  fiscal_year: Type.Integer(),
  departments: Type.Array(Type.Object({
    department_id: Type.Integer(), department_name: Type.String(), ...standing,
    accounts: Type.Array(BudgetSummaryAccount, { description: 'The department\'s budgets per expense account, by name' }),
  })),
  total: Type.Object(standing),
});
export type BudgetSummary = Static<typeof BudgetSummary>;
