/**
 * Wire shapes of the journal exports (issue 35; docs/ACCOUNTING.md): the company's mapping
 * (`GET/PUT /companies/{id}/journal_mapping`), the export job (`POST /journal_exports`,
 * `GET /journal_exports/{id}`, `/file`) and the preview (`GET /journal_exports/preview`). Route
 * schemas (OpenAPI at /api/docs) and both sides' types come from here.
 */
import { Type, type Static } from '@sinclair/typebox';
import { day, dbId, exportJob, nullable, queryFlag, recordOf, stringEnum } from './common';
import { INVOICE_DEDUCTIONS } from '../engine/journals/invoice-deduction';
import { TRANSITIONAL_NAME_KEYS } from '../engine/journals/journal-types';

export { TRANSITIONAL_NAME_KEYS };

/** The export formats: 弥生会計, 弥生会計 オンライン, マネーフォワード クラウド会計 仕訳帳, freee 取引. */
export const JOURNAL_FORMATS = ['yayoi', 'yayoi_online', 'moneyforward', 'freee'] as const;
/** The standard lists a mapping's names are checked against. */
export const JOURNAL_LISTS = ['yayoi', 'moneyforward'] as const;
export const TAX_CLASS_KEYS = ['purchase_10', 'purchase_8r', 'sales_10', 'sales_8r', 'outside'] as const;

const name = (description: string) => Type.String({ minLength: 1, maxLength: 64, description });
export const AccountRefSchema = Type.Object({
  account: name('勘定科目: a name of the chosen standard list'),
  sub_account: Type.Optional(Type.String({ maxLength: 64, description: '補助科目 (free text)' })),
}, { additionalProperties: false });

/** A company's mapping (the body of `PUT`; `JournalMapping` in the engine). */
export const JournalMappingBody = Type.Object({
  list: stringEnum(JOURNAL_LISTS, { description: 'The standard list account and tax-class names are checked against' }),
  modules: recordOf(Type.Object({
    debit: Type.Optional(AccountRefSchema),
    credit: Type.Optional(AccountRefSchema),
    tax_rate: Type.Optional(stringEnum(['10', '8r', 'exempt'] as const, { description: 'Rate of amounts without an invoice breakdown (default 10)' })),
  }, { additionalProperties: false }), { description: 'Per module code (a module whose definition books journals): default debit and credit accounts' }),
  expense_accounts: Type.Optional(recordOf(AccountRefSchema, { description: 'Per expense account id: the account its costs book to' })),
  payment_methods: Type.Optional(recordOf(AccountRefSchema, { description: 'Per company bank account id: the account that pays or receives' })),
  tax_classes: Type.Optional(recordOf(Type.String({ maxLength: 64 }), {
    description: `Tax-class names per key (${TAX_CLASS_KEYS.join(', ')}), from the list; and the company's own names of the transitional deductions `
      + `for the list's product, any one-line text (弥生: ${TRANSITIONAL_NAME_KEYS.yayoi.join(', ')}; MoneyForward's インボイス column: ${TRANSITIONAL_NAME_KEYS.moneyforward.join(', ')}), `
      + 'default the shipped names (lists.*.transitional), which are not confirmed with the products',
  })),
}, { additionalProperties: false, description: 'A journal mapping (docs/ACCOUNTING.md)' });
export type JournalMappingBody = Static<typeof JournalMappingBody>;

/** A standard list as the mapping screen offers it, with the shipped names of the transitional deductions a mapping may rename. */
const ListView = Type.Object({
  accounts: Type.Array(Type.String()),
  tax_classes: Type.Array(Type.String()),
  transitional: recordOf(Type.String(), { description: 'Transitional deduction key (purchase_10@70, invoice@70 …) → the shipped name (unconfirmed: docs/ACCOUNTING.md)' }),
});

/** `GET /companies/{id}/journal_mapping`: the mapping in force, a change waiting for approval, and what the screen offers. */
export const JournalMappingView = Type.Object({
  company_id: Type.Integer(),
  mapping: nullable(JournalMappingBody),
  pending: nullable(Type.Object({ id: Type.Integer(), code: Type.String() })),
  modules: Type.Array(Type.Object({ code: Type.String(), side: stringEnum(['expense', 'revenue'] as const), expense_accounts: Type.Boolean() })),
  lists: Type.Object({
    yayoi: ListView,
    moneyforward: ListView,
  }),
});
export type JournalMappingView = Static<typeof JournalMappingView>;

/** `PUT /companies/{id}/journal_mapping`: the mapping, and the approvers named for the change's steps (as every filing names them). */
export const JournalMappingPut = Type.Object({
  ...JournalMappingBody.properties,
  approvals: Type.Optional(Type.Array(Type.Object({ master_process_id: Type.Integer(), approver_id: Type.Integer() }, { additionalProperties: false }), {
    maxItems: 50, description: 'Approvers per step of the journal-mapping module (GET /master_processes); default: the requester\'s saved approvers',
  })),
  save_approvers: Type.Optional(Type.Boolean({ description: 'Remember these approvers for the next change' })),
}, { additionalProperties: false, description: 'A journal mapping (docs/ACCOUNTING.md) and the approvers of its change' });
export type JournalMappingPut = Static<typeof JournalMappingPut>;

/** `POST /companies/{id}/journal_mapping/check` → the mapping passes every check (a problem answers 422). */
export const JournalMappingChecked = Type.Object({ ok: Type.Literal(true) });
export type JournalMappingChecked = Static<typeof JournalMappingChecked>;

/** `PUT /companies/{id}/journal_mapping` → the change filed for approval. */
export const JournalMappingFiled = Type.Object({ id: Type.Integer({ description: 'The change document' }), code: Type.String() });
export type JournalMappingFiled = Static<typeof JournalMappingFiled>;

/** `POST /journal_exports`. */
export const JournalExportBody = Type.Object({
  format: stringEnum(JOURNAL_FORMATS),
  company_id: dbId(),
  from: day(),
  to: day(),
  include_exported: Type.Optional(Type.Boolean({ description: 'Also documents exported before (default false: skipped)' })),
  encoding: Type.Optional(stringEnum(['utf-8', 'shift_jis'] as const, { description: 'moneyforward and freee: the file encoding (弥生 is always Shift_JIS)' })),
}, { additionalProperties: false });
export type JournalExportBody = Static<typeof JournalExportBody>;

/** `GET /journal_exports/{id}` (and the answer of `POST`). */
export const JournalExportJob = exportJob({
  format: Type.String(),
  file_name: nullable(Type.String()),
});
export type JournalExportJob = Static<typeof JournalExportJob>;

/** `GET /journal_exports/preview` query. */
export const JournalPreviewQuery = Type.Object({
  company_id: dbId(),
  from: day(),
  to: day(),
  include_exported: Type.Optional(queryFlag('Also documents exported before')),
}, { additionalProperties: false });
export type JournalPreviewQuery = Static<typeof JournalPreviewQuery>;

const PostingSchema = Type.Object({
  account: Type.String(), sub_account: Type.String(), department: Type.String(), counterparty: Type.String(),
  tax_class: stringEnum(TAX_CLASS_KEYS), amount: Type.Integer(), tax: Type.Integer(),
  deduction: nullable(stringEnum(INVOICE_DEDUCTIONS)),
});

/** `GET /journal_exports/preview`: the period's journals as lines, and what needs attention. */
export const JournalPreview = Type.Object({
  journals: Type.Array(Type.Object({
    buffer_id: Type.Integer(), code: Type.String(), module_code: Type.String(), date: Type.String(), currency: Type.String(), total: Type.Integer(), memo: Type.String(),
    lines: Type.Array(Type.Object({ debit: nullable(PostingSchema), credit: nullable(PostingSchema) })),
  })),
  problems: Type.Array(Type.Object({ buffer_id: Type.Integer(), code: Type.String(), problem: Type.String(), message: Type.String() })),
  corrections: Type.Array(Type.Object({ buffer_id: Type.Integer(), code: Type.String(), exported_at: Type.String(), format: Type.String() })),
  warnings: Type.Array(Type.Object({
    supplier: Type.String(),
    year: Type.Integer({ description: 'The company\'s fiscal year (tax period) the total is of: the calendar year it begins in' }),
    from: Type.String({ description: 'The tax period\'s first day (YYYY-MM-DD; companies.fiscal_year_start)' }),
    to: Type.String({ description: 'The tax period\'s last day (YYYY-MM-DD)' }),
    total: Type.Integer(),
    limit: Type.Integer({ description: 'The cap per supplier for that tax period: the one in force on the day the period begins (TRANSITIONAL_YEARLY_CAPS)' }),
    message: Type.String(),
  })),
  has_mapping: Type.Boolean(),
});
export type JournalPreview = Static<typeof JournalPreview>;
