import type { FollowUp, FormData } from '../types';
import { roundByCurrency } from '../money/round-by-currency';

/** The follow-up's amount against its origin's, in their currency (rounded by its minor unit). */
export interface FollowUpDifference {
  origin: number;
  follow_up: number;
  /** follow-up − origin: positive when the follow-up asks more (a settlement above its advance). */
  difference: number;
  currency_code: string | null;
}

const amountOf = (data: FormData, field: string): number | null => {
  const value = data[field];
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
};

/**
 * The difference a follow-up's detail shows (docs/MODULES.md "Follow-up documents"): the entry's
 * `amounts` read on both documents, each and the difference rounded by the currency's minor unit
 * (JPY none, others two decimals). Null when the entry compares no amounts, an amount is missing,
 * or the two documents are in different currencies (an amount of yen against one of yuan says nothing).
 */
export function followUpDifference(
  entry: FollowUp, origin: { data: FormData; currencyCode: string | null }, followUp: { data: FormData; currencyCode: string | null },
): FollowUpDifference | null {
  if (!entry.amounts) return null;
  if ((origin.currencyCode ?? null) !== (followUp.currencyCode ?? null)) return null;
  const before = amountOf(origin.data, entry.amounts.origin);
  const after = amountOf(followUp.data, entry.amounts.followUp);
  if (before === null || after === null) return null;
  const currency = followUp.currencyCode;
  const originAmount = roundByCurrency(before, currency);
  const followUpAmount = roundByCurrency(after, currency);
  return { origin: originAmount, follow_up: followUpAmount, difference: roundByCurrency(followUpAmount - originAmount, currency), currency_code: currency };
}
