import type { Lang } from '../types';
import { currencyDecimals, roundByCurrency } from './round-by-currency';

const LOCALES: Record<Lang, string> = { en: 'en-US', ja: 'ja-JP', zh: 'zh-CN' };

/**
 * Format an amount for display: grouped digits, JPY/other without decimals, others up to 2
 * (trailing zeros dropped, as the spec says "up to"). The currency code is not included.
 */
export function formatMoney(amount: number | string | null | undefined, currencyCode: string | null | undefined, lang: Lang): string {
  const value = typeof amount === 'string' ? Number(amount) : amount ?? 0;
  const digits = currencyDecimals(currencyCode);
  return new Intl.NumberFormat(LOCALES[lang] ?? 'en-US', { minimumFractionDigits: 0, maximumFractionDigits: digits })
    .format(roundByCurrency(Number.isFinite(value) ? value : 0, currencyCode));
}
