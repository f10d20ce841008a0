import type { JsonSchema } from '../types';
import { dataPath, fieldName } from '../definitions/data-path-schemas';

/**
 * `ui:module.statistics.journal` (issue 35 item 1): the module moves money and a decided document
 * becomes one journal (仕訳). The marker is definition data — no TypeScript lists the modules that
 * book. Paths are data paths of the form (`date`, `amount`, `currency`, `department`,
 * `counterparty`, `registrationNo`, `paymentMethod`, `lines.items`); inside `lines` the other
 * names are paths relative to one item of `lines.items` (first non-empty value wins).
 */
export interface JournalFacts {
  /** `expense`: debit the cost, credit what pays it; `revenue`: debit what receives it, credit the sales. */
  side: 'expense' | 'revenue';
  /** The transaction date (`YYYY-MM-DD`): the first real date at these paths. */
  date: string[];
  /** The document's amount (a number field). */
  amount: string;
  /** The currency field (a currency id). */
  currency?: string;
  /** The department field (a department id) → 部門. */
  department?: string;
  /** Counterparty names (取引先): the first non-empty. */
  counterparty?: string[];
  /** Qualified-invoice registration numbers (`T` + 13 digits): the first non-empty. */
  registrationNo?: string[];
  /** The company bank account field that pays / receives (→ the mapping's payment methods). */
  paymentMethod?: string;
  /** One debit (expense) or credit (revenue) line per item, instead of one for the document. */
  lines?: JournalLineFacts;
}

/** Per-item lines: `items` a form field; the rest relative to one item. */
export interface JournalLineFacts {
  items: string;
  amount: string;
  /** The expense account id of the item (→ the mapping's expense accounts). */
  account?: string;
  counterparty?: string[];
  registrationNo?: string[];
  /** The item's invoice breakdown: tax-exclusive amount and tax at 10 % and at the reduced 8 %. */
  tax?: { base10?: string; tax10?: string; base8?: string; tax8?: string };
}

const paths = { type: 'array', items: dataPath, maxItems: 10 };

/** The meta-schema of the fact. */
export const JOURNAL_FACT_SCHEMA: JsonSchema = {
  type: 'object', required: ['side', 'date', 'amount'], additionalProperties: false,
  properties: {
    side: { enum: ['expense', 'revenue'] },
    date: { ...paths, minItems: 1 },
    amount: fieldName,
    currency: fieldName,
    department: fieldName,
    counterparty: paths,
    registrationNo: paths,
    paymentMethod: fieldName,
    lines: {
      type: 'object', required: ['items', 'amount'], additionalProperties: false,
      properties: {
        items: fieldName, amount: dataPath, account: dataPath, counterparty: paths, registrationNo: paths,
        tax: { type: 'object', additionalProperties: false, properties: { base10: dataPath, tax10: dataPath, base8: dataPath, tax8: dataPath } },
      },
    },
  },
};

/** The form's data paths the fact names, with their pointer parts under the fact (the checker's). */
export function journalFactPaths(value: unknown): Array<[string, Array<string | number>]> {
  if (!value || typeof value !== 'object') return [];
  const v = value as Partial<JournalFacts>;
  const out: Array<[string, Array<string | number>]> = [];
  const one = (key: keyof JournalFacts) => { const p = v[key]; if (typeof p === 'string') out.push([p, [key]]); };
  const many = (key: keyof JournalFacts) => { const p = v[key]; if (Array.isArray(p)) p.forEach((path, i) => { if (typeof path === 'string') out.push([path, [key, i]]); }); };
  many('date'); one('amount'); one('currency'); one('department'); many('counterparty'); many('registrationNo'); one('paymentMethod');
  if (v.lines && typeof v.lines.items === 'string') out.push([v.lines.items, ['lines', 'items']]);
  return out;
}
