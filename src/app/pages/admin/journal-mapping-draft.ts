import { TAX_CLASS_KEYS, TRANSITIONAL_NAME_KEYS, type JournalMappingBody, type JournalMappingView } from '../../../wire/journals';

/** One account reference as the screen edits it (empty strings for nothing chosen). */
export interface RefDraft { account: string; sub_account: string }
/** A module's row: its default debit and credit and its tax rate ('' = the default, 10 %). */
export interface ModuleDraft { debit: RefDraft; credit: RefDraft; tax_rate: '' | '10' | '8r' | 'exempt' }
/** The mapping as the screen edits it: every module that books, every expense and bank account of the company, every tax class. */
export interface MappingDraft {
  list: JournalMappingBody['list'];
  modules: Record<string, ModuleDraft>;
  expense_accounts: Record<string, RefDraft>;
  payment_methods: Record<string, RefDraft>;
  /** A name per tax class key (`purchase_10` …) and per transitional deduction of either list (`purchase_10@70`, `invoice@70`); '' = the shipped name. */
  tax_classes: Record<string, string>;
}

/** The tax-class keys a mapping of `list` may name: the five classes and that product's transitional deductions. */
export const taxKeysOf = (list: MappingDraft['list']): string[] => [...TAX_CLASS_KEYS, ...TRANSITIONAL_NAME_KEYS[list]];

const blank = (): RefDraft => ({ account: '', sub_account: '' });
const refOf = (ref: { account: string; sub_account?: string } | undefined): RefDraft => ({ account: ref?.account ?? '', sub_account: ref?.sub_account ?? '' });

/** The draft a screen starts from: the mapping in force (or nothing) over the company's modules and accounts. */
export function draftOf(view: JournalMappingView, expenseAccountIds: number[], bankAccountIds: number[]): MappingDraft {
  const m = view.mapping;
  return {
    list: m?.list ?? 'yayoi',
    modules: Object.fromEntries(view.modules.map((mod) => {
      const e = m?.modules[mod.code];
      return [mod.code, { debit: refOf(e?.debit), credit: refOf(e?.credit), tax_rate: e?.tax_rate ?? '' }];
    })),
    expense_accounts: Object.fromEntries(expenseAccountIds.map((id) => [String(id), m?.expense_accounts?.[id] ? refOf(m.expense_accounts[id]) : blank()])),
    payment_methods: Object.fromEntries(bankAccountIds.map((id) => [String(id), m?.payment_methods?.[id] ? refOf(m.payment_methods[id]) : blank()])),
    tax_classes: Object.fromEntries([...TAX_CLASS_KEYS, ...TRANSITIONAL_NAME_KEYS.yayoi, ...TRANSITIONAL_NAME_KEYS.moneyforward].map((key) => [key, m?.tax_classes?.[key] ?? ''])),
  };
}

const trimmed = (ref: RefDraft) => {
  const account = ref.account.trim();
  if (!account) return undefined;
  const sub = ref.sub_account.trim();
  return sub ? { account, sub_account: sub } : { account };
};

/** The draft as the mapping the server checks and stores: empty choices left out, names trimmed. */
export function bodyOf(draft: MappingDraft): JournalMappingBody {
  const modules = Object.fromEntries(Object.entries(draft.modules).map(([code, row]) => {
    const debit = trimmed(row.debit);
    const credit = trimmed(row.credit);
    return [code, { ...(debit ? { debit } : {}), ...(credit ? { credit } : {}), ...(row.tax_rate ? { tax_rate: row.tax_rate } : {}) }];
  }));
  const refs = (group: Record<string, RefDraft>) => Object.fromEntries(Object.entries(group).flatMap(([id, ref]) => { const r = trimmed(ref); return r ? [[id, r]] : []; }));
  const expense = refs(draft.expense_accounts);
  const payment = refs(draft.payment_methods);
  // Only the chosen list's keys: a name typed for the other product's list is not sent.
  const keys = new Set(taxKeysOf(draft.list));
  const taxes = Object.fromEntries(Object.entries(draft.tax_classes).filter(([k]) => keys.has(k)).map(([k, v]) => [k, v.trim()] as const).filter(([, v]) => v));
  return {
    list: draft.list, modules,
    ...(Object.keys(expense).length ? { expense_accounts: expense } : {}),
    ...(Object.keys(payment).length ? { payment_methods: payment } : {}),
    ...(Object.keys(taxes).length ? { tax_classes: taxes } : {}),
  };
}

/**
 * The mapping as the journal-mapping module's form rows (what the change request files; the
 * server's `formOfMapping` does the same for an edit's "now").
 */
export function formRowsOf(companyId: number, body: JournalMappingBody): Record<string, unknown> {
  return {
    company_id: companyId,
    list: body.list,
    modules: Object.entries(body.modules).map(([module_code, e]) => ({
      module_code, debit_account: e.debit?.account ?? null, debit_sub_account: e.debit?.sub_account ?? null,
      credit_account: e.credit?.account ?? null, credit_sub_account: e.credit?.sub_account ?? null, tax_rate: e.tax_rate ?? null,
    })),
    expense_accounts: Object.entries(body.expense_accounts ?? {}).map(([id, r]) => ({ expense_account_id: Number(id), account: r.account, sub_account: r.sub_account ?? null })),
    payment_methods: Object.entries(body.payment_methods ?? {}).map(([id, r]) => ({ bank_account_id: Number(id), account: r.account, sub_account: r.sub_account ?? null })),
    tax_classes: Object.entries(body.tax_classes ?? {}).map(([key, name]) => ({ key, name })),
  };
}
