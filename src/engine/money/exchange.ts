import type { StatisticFacts } from '../types';
import type { RoundingRule } from './convert-amount';

/**
 * What filing stores in a document's data under `exchange` when its amount is in another currency
 * than its company's reporting currency (and, with rate 1, when it is the same): the rate used and
 * the converted amount. It is part of the data, so the records history chain hashes it
 * (docs/COMPLIANCE.md); `buffers.reporting_amount` / `reporting_currency` are generated from it.
 */
export interface DocumentExchange {
  /** The document's currency code and amount as filed. */
  currency: string;
  amount: number;
  /** The company's reporting currency code. */
  reporting_currency: string;
  /** Reporting units for one unit of `currency` (1 when they are the same). */
  rate: number;
  /** The day of the rate used (the latest on or before `date`); null when no rate was needed. */
  rate_date: string | null;
  /** The document's date the rate was chosen for (its filing day). */
  date: string;
  /** `amount` × `rate`, rounded at the reporting currency's minor unit by `rounding`. */
  reporting_amount: number;
  rounding: RoundingRule;
  /** Where the rate came from (`table`: the company's rate table). */
  source: string;
}

/** The data key filing stores the exchange under. */
export const EXCHANGE_FIELD = 'exchange';

/**
 * The fields a module's conversion reads: its amount (`ui:module.statistics.amount`) and its
 * currency (`statistics.records.currency`, else a `currency_id` field of the form). Null for a
 * module without an amount: nothing is converted.
 */
export function exchangeFields(facts: StatisticFacts | undefined, schemaFields: readonly string[]): { amount: string; currency: string } | null {
  const amount = facts?.amount;
  if (typeof amount !== 'string' || amount.includes('.')) return null;
  const currency = facts?.records?.currency ?? (schemaFields.includes('currency_id') ? 'currency_id' : null);
  return currency ? { amount, currency } : null;
}
