import { TRANSITIONAL_NAME_KEYS, type JournalMapping, type Posting, type Translate } from '../../src/engine';
import type { Violation } from '../lib/errors';
import yayoi from './lists/yayoi.json';
import moneyforward from './lists/moneyforward.json';
import freee from './lists/freee.json';

/** A product's standard lists as shipped (server/journals/lists/*.json): accounts and tax-class names. */
export interface ProductList {
  accounts?: string[];
  /** Tax class key (`purchase_10`, and `purchase_10@80` where the product names a deduction) → name. */
  taxClasses: Record<string, string>;
  otherTaxClasses?: string[];
  /** MoneyForward's インボイス column values. */
  invoice?: Record<string, string>;
}

/** The lists a mapping is checked against (`JournalMapping.list`), and freee's tax names. */
export const PRODUCT_LISTS = { yayoi, moneyforward, freee } as Record<'yayoi' | 'moneyforward' | 'freee', ProductList>;

/** Every tax-class name of a list (those Ringi writes and the others the product has). */
export function taxClassNames(list: ProductList): string[] {
  return [...new Set([...Object.values(list.taxClasses), ...(list.otherTaxClasses ?? [])])];
}

/**
 * The tax class a posting is written with in a product, and its tax amount: `override` (the
 * mapping's `tax_classes`) first; a purchase without a qualified invoice takes the product's
 * deduction name (`purchase_10@80`) where it has one — the company's own (`transitional`, the
 * mapping's names when it uses this product's list) or the shipped one; `none` (no deduction
 * left) books outside tax with no tax amount.
 */
export function taxClassOf(list: ProductList, posting: Posting, override?: Partial<Record<string, string>>, transitional?: Partial<Record<string, string>>): { name: string; tax: number } {
  if (posting.deduction === 'none') return { name: override?.outside ?? list.taxClasses.outside, tax: 0 };
  const key = posting.deduction && posting.deduction !== 'qualified' ? `${posting.taxClass}@${posting.deduction}` : null;
  const variant = key && list.taxClasses[key] !== undefined ? transitional?.[key] ?? list.taxClasses[key] : undefined;
  return { name: variant ?? override?.[posting.taxClass] ?? list.taxClasses[posting.taxClass], tax: posting.tax };
}

/** The product's shipped names of the transitional deductions a mapping may rename (`TRANSITIONAL_NAME_KEYS`), by key. */
export function transitionalDefaults(name: 'yayoi' | 'moneyforward'): Record<string, string> {
  const list = PRODUCT_LISTS[name];
  return Object.fromEntries(TRANSITIONAL_NAME_KEYS[name].map((key) => [key, key.startsWith('invoice@') ? list.invoice?.[key.slice('invoice@'.length)] ?? '' : list.taxClasses[key] ?? '']));
}

const NAME_MAX = 64;
/** A control character (a line break, a tab …): a name is one line of text. */
const isControl = (c: string) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f;

/**
 * A mapping's problems, in the request's language (`PUT /companies/{id}/journal_mapping` refuses
 * it with 422 and these): every account name must be in the chosen product's standard list,
 * every tax-class name in its tax classes, module codes must book journals (`moduleCodes`), and
 * expense-account and bank-account keys must be ids of the company's (`expenseAccountIds`,
 * `bankAccountIds`). A typo is refused here, not found by the accountant at import.
 */
export function mappingViolations(mapping: JournalMapping, t: Translate, known: { moduleCodes: string[]; expenseAccountIds: number[]; bankAccountIds: number[] }): Violation[] {
  const list = PRODUCT_LISTS[mapping.list];
  const accounts = new Set(list.accounts ?? []);
  const out: Violation[] = [];
  const checkRef = (path: string, ref: { account: string; sub_account?: string } | undefined) => {
    if (!ref) return;
    if (!accounts.has(ref.account)) out.push({ propertyPath: `${path}.account`, message: t('server.journals.unknownAccount', { name: ref.account, list: t(`server.journals.lists.${mapping.list}`) }) });
    if ((ref.sub_account ?? '').length > NAME_MAX) out.push({ propertyPath: `${path}.sub_account`, message: t('server.journals.subAccountTooLong', { max: NAME_MAX }) });
  };
  for (const [code, entry] of Object.entries(mapping.modules)) {
    if (!known.moduleCodes.includes(code)) out.push({ propertyPath: `modules.${code}`, message: t('server.journals.unknownModule', { code }) });
    checkRef(`modules.${code}.debit`, entry.debit);
    checkRef(`modules.${code}.credit`, entry.credit);
  }
  for (const [group, ids] of [['expense_accounts', known.expenseAccountIds], ['payment_methods', known.bankAccountIds]] as const) {
    for (const [id, ref] of Object.entries(mapping[group] ?? {})) {
      if (!ids.includes(Number(id))) out.push({ propertyPath: `${group}.${id}`, message: t(`server.journals.unknown.${group}`, { id }) });
      checkRef(`${group}.${id}`, ref);
    }
  }
  const names = new Set(taxClassNames(list));
  const ownTransitional = new Set<string>(TRANSITIONAL_NAME_KEYS[mapping.list]);
  const anyTransitional = new Set<string>(Object.values(TRANSITIONAL_NAME_KEYS).flat());
  for (const [key, name] of Object.entries(mapping.tax_classes ?? {})) {
    // A transitional deduction's name is the company's to set (the shipped ones are unconfirmed): any
    // text of one line, but only the chosen list's product's keys.
    if (anyTransitional.has(key)) {
      if (!ownTransitional.has(key)) out.push({ propertyPath: `tax_classes.${key}`, message: t('server.journals.transitionalOtherList', { list: t(`server.journals.lists.${mapping.list}`) }) });
      else if (!name?.trim() || name.length > NAME_MAX || [...name].some(isControl)) out.push({ propertyPath: `tax_classes.${key}`, message: t('server.journals.transitionalName', { max: NAME_MAX }) });
      continue;
    }
    if (!names.has(name ?? '')) out.push({ propertyPath: `tax_classes.${key}`, message: t('server.journals.unknownTaxClass', { name: name ?? '', list: t(`server.journals.lists.${mapping.list}`) }) });
  }
  return out;
}
