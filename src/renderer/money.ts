import { currencyDecimals, roundByCurrency, type CurrencyRef, type Lang } from '../engine';

const INTL_LOCALES: Record<Lang, string> = { en: 'en-US', ja: 'ja-JP', zh: 'zh-CN' };
// Building an Intl.NumberFormat costs far more than formatting with one (TOOLCHAIN.md's profile
// of plain rjsf): one formatter per language × decimals, built on first use.
const formatters = new Map<string, Intl.NumberFormat>();

/** The currency code of a form: its currency field holds a code or an id resolved through `currencies`. */
export function currencyCodeOf(
  data: Record<string, unknown> | undefined,
  currencyField: string | undefined,
  currencies: readonly CurrencyRef[] | undefined,
): string | undefined {
  const raw = data?.[currencyField ?? 'currency_id'];
  if (typeof raw === 'string' && !/^\d+$/.test(raw)) return raw;
  if (raw === null || raw === undefined || raw === '') return undefined;
  return currencies?.find((c) => String(c.id) === String(raw))?.code;
}

/** The formatter of a language and number of decimals, built on first use. */
function formatterOf(lang: Lang, digits: number): Intl.NumberFormat {
  const key = `${lang}:${digits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(INTL_LOCALES[lang] ?? 'en-US', { minimumFractionDigits: 0, maximumFractionDigits: digits });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Builds a language's money formatters ahead of a form (Home calls it while idle): the first
 * Intl.NumberFormat of a page loads the browser's number data, a long task on a slow phone that
 * would otherwise fall on the tap that opens a form with an amount.
 */
export function prepareMoneyFormat(lang: Lang): void {
  for (const digits of [0, 2]) formatterOf(lang, digits).format(0);
}

/** Money for display: grouped, rounded by currency (JPY/other no decimals, else up to 2). Cached formatters. */
export function formatAmount(amount: unknown, currencyCode: string | undefined, lang: Lang): string {
  if (amount === null || amount === undefined || amount === '') return '';
  const value = Number(amount);
  if (!Number.isFinite(value)) return String(amount);
  return formatterOf(lang, currencyDecimals(currencyCode)).format(roundByCurrency(value, currencyCode));
}
