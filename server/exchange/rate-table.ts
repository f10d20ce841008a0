import { sql, type Kysely } from 'kysely';
import { isValidDate, RATE_DECIMALS, type Translate } from '../../src/engine';
import type { Database } from '../db/database';
import type { Violation } from '../lib/errors';
import { IMPORT_MAX_LINES } from '../../src/wire/exchange-rates';

/** One entry of a company's rate table, checked and ready to store. */
export interface RateEntry {
  currency_id: number;
  rate_date: string;
  rate: number;
}

/** A company's settings as the table and filing read them. */
export interface ExchangeCompany {
  id: number;
  reporting_currency_id: number | null;
  reporting_code: string | null;
  rounding_rule: string;
}

export async function exchangeCompany(db: Kysely<Database>, companyId: number): Promise<ExchangeCompany | undefined> {
  return db.selectFrom('companies').leftJoin('currencies', 'currencies.id', 'companies.reporting_currency_id')
    .select(['companies.id', 'companies.reporting_currency_id', 'currencies.code as reporting_code', 'companies.rounding_rule'])
    .where('companies.id', '=', companyId).executeTakeFirst();
}

/** A rate as the table keeps it: positive, at most 1e12, at most `RATE_DECIMALS` decimals. */
export function validRate(rate: number): boolean {
  return Number.isFinite(rate) && rate > 0 && rate <= 1e12 && Number(rate.toFixed(RATE_DECIMALS)) === rate && rate.toFixed(RATE_DECIMALS) !== (0).toFixed(RATE_DECIMALS);
}

/**
 * Checks one entry (currency code, day, rate) for `company`: a known currency that is not the
 * reporting currency (which needs no rate), a real day, a valid rate. The problem's message, or
 * the entry.
 */
export function checkEntry(
  company: ExchangeCompany, currencies: Map<string, number>, raw: { currency: string; date: string; rate: string | number }, t: Translate,
): { entry: RateEntry } | { problem: string; field: 'currency' | 'rate_date' | 'rate' } {
  const code = raw.currency.trim().toUpperCase();
  const currencyId = currencies.get(code);
  if (currencyId === undefined) return { field: 'currency', problem: t('server.exchange.unknownCurrency', { currency: raw.currency.trim() }) };
  if (currencyId === company.reporting_currency_id) return { field: 'currency', problem: t('server.exchange.reportingCurrency', { currency: code }) };
  const date = raw.date.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !isValidDate(date)) return { field: 'rate_date', problem: t('server.exchange.badDate', { value: date }) };
  const text = typeof raw.rate === 'number' ? String(raw.rate) : raw.rate.trim();
  const rate = typeof raw.rate === 'number' ? raw.rate : /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  if (!validRate(rate)) return { field: 'rate', problem: t('server.exchange.badRate', { value: text }) };
  return { entry: { currency_id: currencyId, rate_date: date, rate } };
}

/** The currencies by code. */
export async function currencyCodes(db: Kysely<Database>): Promise<Map<string, number>> {
  return new Map((await db.selectFrom('currencies').select(['id', 'code']).execute()).map((c) => [c.code.toUpperCase(), c.id]));
}

/** Splits one CSV line into its cells (double quotes around a cell allowed, `""` inside one). */
function cells(line: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') { cell += '"'; i += 1; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"' && cell.trim() === '') { quoted = true; cell = ''; } else if (c === ',') { out.push(cell); cell = ''; } else cell += c;
  }
  out.push(cell);
  return out.map((v) => v.trim());
}

/**
 * Reads an import: `currency,date,rate` per line (a first line naming those columns is a header;
 * blank lines are skipped; a BOM is ignored). Every line is checked and every bad line reported
 * (`csv[<line>]`, 1-based, "Line n: …"), a currency and day given twice included; the entries
 * only when no line is bad — so an import changes all or nothing.
 */
export function readRateCsv(
  csv: string, company: ExchangeCompany, currencies: Map<string, number>, t: Translate,
): { entries: RateEntry[]; violations: Violation[] } {
  const lines = csv.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const violations: Violation[] = [];
  const entries: RateEntry[] = [];
  const seen = new Map<string, number>();
  const bad = (line: number, problem: string) => violations.push({ propertyPath: `csv[${line}]`, message: t('server.exchange.lineProblem', { line, problem }) });
  if (lines.filter((l) => l.trim()).length > IMPORT_MAX_LINES + 1) return { entries: [], violations: [{ propertyPath: 'csv', message: t('server.exchange.tooManyLines', { max: IMPORT_MAX_LINES }) }] };
  lines.forEach((text, i) => {
    const line = i + 1;
    if (!text.trim()) return;
    const parts = cells(text);
    if (entries.length === 0 && violations.length === 0 && seen.size === 0 && parts.map((p) => p.toLowerCase()).join(',') === 'currency,date,rate') return;
    if (parts.length !== 3) { bad(line, t('server.exchange.columns')); return; }
    const checked = checkEntry(company, currencies, { currency: parts[0], date: parts[1], rate: parts[2] }, t);
    if ('problem' in checked) { bad(line, checked.problem); return; }
    const key = `${checked.entry.currency_id}/${checked.entry.rate_date}`;
    const other = seen.get(key);
    if (other !== undefined) { bad(line, t('server.exchange.duplicate', { currency: parts[0].toUpperCase(), date: checked.entry.rate_date, other })); return; }
    seen.set(key, line);
    entries.push(checked.entry);
  });
  if (!violations.length && !entries.length) violations.push({ propertyPath: 'csv', message: t('server.exchange.empty') });
  return { entries: violations.length ? [] : entries, violations };
}

/**
 * Stores entries of a company's table in one statement: a new currency and day is added, an
 * existing one takes the new rate. Answers how many were created and updated.
 */
export async function upsertRates(db: Kysely<Database>, companyId: number, entries: RateEntry[], source: 'manual' | 'import', userId: number) {
  let created = 0;
  let updated = 0;
  for (let i = 0; i < entries.length; i += 500) {
    const rows = await db.insertInto('exchange_rates')
      .values(entries.slice(i, i + 500).map((e) => ({ company_id: companyId, currency_id: e.currency_id, rate_date: e.rate_date, rate: e.rate, source, updated_by: userId })))
      .onConflict((oc) => oc.columns(['company_id', 'currency_id', 'rate_date']).doUpdateSet((eb) => ({
        rate: eb.ref('excluded.rate'), source: eb.ref('excluded.source'), updated_by: eb.ref('excluded.updated_by'), updated_at: sql`now()`,
      })))
      // xmax = 0 only for a row this statement inserted (an updated row carries the updating transaction's id).
      .returning(sql<boolean>`(xmax = 0)`.as('inserted'))
      .execute();
    for (const row of rows) if (row.inserted) created += 1; else updated += 1;
  }
  return { created, updated };
}
