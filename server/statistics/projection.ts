import { sql, type Kysely } from 'kysely';
import { convertAmount, currencyDecimals, type RoundingRule, type StatisticFacts } from '../../src/engine';
import type { Database } from '../db/database';
import { statsInCompanies } from './company-condition';
import { BUCKETS, DATE_FILTERS, type Bucket, type BucketTotal, type DateFilter, type ProjectionCard, type ReportingTotal } from '../../src/wire/statistics';

// Filter values, buckets and the card and chart shapes are the wire's (src/wire/statistics.ts).
export { BUCKETS, DATE_FILTERS };
export type { Bucket, BucketTotal, DateFilter, ProjectionCard };


/** Whole days from `today` to a `YYYY-MM-DD` date (negative = passed). */
function daysFrom(today: string, date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** The buckets an item dated `days` from today falls in (up-to-today overlaps passed and today; every item is pending payment). */
export function bucketsOf(days: number | null): Bucket[] {
  const out: Bucket[] = ['pendingPayment'];
  if (days === null) return out;
  if (days < 0) out.push('passed', 'upToToday');
  if (days === 0) out.push('today', 'upToToday');
  if (days >= 1 && days <= 7) out.push('tomorrow1Week');
  if (days >= 8 && days <= 14) out.push('next2week');
  if (days >= 15 && days <= 30) out.push('next3week');
  return out;
}

interface Row {
  code: string; currency: string | null; account: string | null; date: string | null; amount: string | null;
  /** The document's stored exchange (`data.exchange`): the rate used, the reporting currency and rounding. */
  rate: string | null; reporting_currency: string | null; rounding: string | null;
}

/** An item's amount in its document's reporting currency, at the rate the document stored; null without one. */
function reportingAmount(row: Row, amount: number): number | null {
  if (row.rate === null || row.reporting_currency === null) return null;
  return convertAmount(amount, Number(row.rate), currencyDecimals(row.reporting_currency), (row.rounding ?? 'half_up') as RoundingRule);
}

/**
 * The payment projection: items of unpaid documents (on process or approved, paid-date empty)
 * of modules with `statistics.projection`, for the given companies (found by the statistics
 * rows' `unpaid` flag and company keys, migration 0621); grouped by the document's
 * paying bank account into cards for `filter`, and into buckets × currency for the chart.
 */
export async function paymentProjection(db: Kysely<Database>, facts: Map<string, StatisticFacts>, companies: number[] | null, filter: DateFilter, today: string) {
  const parts = [...facts].filter(([, f]) => f.projection).map(([code, f]) => {
    const p = f.projection!;
    const items = p.items.split('.');
    return sql<Row>`select buffers.code, currencies.code as currency, buffers.data #>> ${p.account.split('.')}::text[] as account,
        case when (it.value #>> ${p.date.split('.')}::text[]) ~ '^\\d{4}-\\d{2}-\\d{2}$' then it.value #>> ${p.date.split('.')}::text[] end as date,
        case when jsonb_typeof(it.value #> ${p.amount.split('.')}::text[]) = 'number' then it.value #>> ${p.amount.split('.')}::text[] end as amount,
        buffers.data #>> '{exchange,rate}' as rate, buffers.reporting_currency, buffers.data #>> '{exchange,rounding}' as rounding
      from buffers
      cross join lateral jsonb_array_elements(case when jsonb_typeof(buffers.data #> ${items}::text[]) = 'array' then buffers.data #> ${items}::text[] else '[]'::jsonb end) it
      left join currencies on currencies.id::text = buffers.data->>'currency_id'
      where buffers.id in (select s.buffer_id from buffer_stats s where s.module_code = ${code} and s.status in (0, 2)
        and s.unpaid and ${statsInCompanies(companies)})`;
  });
  const rows: Row[] = [];
  for (const part of parts) rows.push(...(await part.execute(db)).rows);

  const accountIds = [...new Set(rows.map((r) => r.account).filter((a): a is string => a !== null && /^\d{1,9}$/.test(a)).map(Number))];
  const accounts = new Map((accountIds.length
    ? await db.selectFrom('company_bank_accounts').select(['id', 'bank_name', 'branch', 'type']).where('id', 'in', accountIds).execute()
    : []).map((a) => [a.id, a]));

  const cards = new Map<string, ProjectionCard & { byCurrency: Map<string | null, number>; byReporting: Map<string, number> }>();
  const buckets = new Map<string, BucketTotal>();
  // Across currencies: each item in its document's reporting currency, at the rate the document stored.
  const reporting = new Map<string, ReportingTotal>();
  for (const row of rows) {
    const amount = row.amount === null ? 0 : Number(row.amount);
    const converted = reportingAmount(row, amount);
    const inBuckets = bucketsOf(row.date === null ? null : daysFrom(today, row.date));
    for (const bucket of inBuckets) {
      const key = `${bucket}|${row.currency}`;
      const entry = buckets.get(key) ?? { bucket, currency: row.currency, total: 0, count: 0 };
      entry.total += amount;
      entry.count += 1;
      buckets.set(key, entry);
      const rkey = `${bucket}|${converted === null ? '' : row.reporting_currency}`;
      const rentry = reporting.get(rkey) ?? { bucket, currency: converted === null ? null : row.reporting_currency, total: 0, count: 0 };
      if (converted !== null) rentry.total += converted;
      rentry.count += 1;
      reporting.set(rkey, rentry);
    }
    if (!inBuckets.includes(filter)) continue;
    const account = row.account !== null && /^\d{1,9}$/.test(row.account) ? accounts.get(Number(row.account)) : undefined;
    const key = String(account?.id ?? 'none');
    const card = cards.get(key) ?? {
      bank_account_id: account?.id ?? null, bank_name: account?.bank_name ?? null, bank_branch: account?.branch ?? null,
      bank_type: account?.type ?? null, count_transaction: 0, amounts: [], reporting_amounts: [], unconverted_count: 0, byCurrency: new Map(), byReporting: new Map(),
    };
    card.count_transaction += 1;
    card.byCurrency.set(row.currency, (card.byCurrency.get(row.currency) ?? 0) + amount);
    if (converted === null) card.unconverted_count = (card.unconverted_count ?? 0) + 1;
    else card.byReporting.set(row.reporting_currency!, (card.byReporting.get(row.reporting_currency!) ?? 0) + converted);
    cards.set(key, card);
  }
  const members = [...cards.values()]
    .map(({ byCurrency, byReporting, ...card }) => ({
      ...card, amounts: [...byCurrency].map(([currency, total]) => ({ currency, total })),
      reporting_amounts: [...byReporting].map(([currency, total]) => ({ currency, total })),
    }))
    // Named banks first by name; the items whose bank treasury has not chosen yet last.
    .sort((a, b) => (a.bank_name === null ? 1 : b.bank_name === null ? -1 : a.bank_name.localeCompare(b.bank_name)));
  const order = (b: Bucket) => BUCKETS.indexOf(b);
  return {
    'hydra:member': members,
    'hydra:totalItems': members.length,
    buckets: [...buckets.values()].sort((a, b) => order(a.bucket) - order(b.bucket) || String(a.currency).localeCompare(String(b.currency))),
    reporting_buckets: [...reporting.values()].sort((a, b) => order(a.bucket) - order(b.bucket) || String(a.currency).localeCompare(String(b.currency))),
  };
}
