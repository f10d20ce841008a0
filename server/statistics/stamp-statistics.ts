import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { StatisticFacts } from '../../src/engine';
import { badRequest } from '../lib/errors';
import { localizedName } from '../lib/localized-name';
import type { Collection } from '../lib/paging';
import { inCompanies } from './company-condition';
import { anyAtPath, dateTextBetween, numberAt } from './data-path';
import { STAMP_PERIODS, type StampPeriod, type StampQuery, type StampRow } from '../../src/wire/stamp-statistics';
import type { StatisticsContext } from './statistics-context';
import type { Database } from '../db/database';

/** The modules stamp statistics lists: those whose definition has `statistics.stamp`. */
export function stampModules(facts: Map<string, StatisticFacts>): Array<[string, StatisticFacts & { stamp: NonNullable<StatisticFacts['stamp']> }]> {
  return [...facts].filter((entry): entry is [string, StatisticFacts & { stamp: NonNullable<StatisticFacts['stamp']> }] => Boolean(entry[1].stamp));
}

/** `case when module = … then <expr per module> end`, null for modules the builder gives nothing. */
function perModuleValue(facts: Map<string, StatisticFacts>, build: (f: StatisticFacts) => RawBuilder<unknown> | null): RawBuilder<unknown> {
  const cases = stampModules(facts).flatMap(([code, f]) => {
    const value = build(f);
    return value ? [sql`when buffers.module_code = ${code} then ${value}`] : [];
  });
  return cases.length ? sql`(case ${sql.join(cases, sql` `)} end)` : sql`null`;
}

/** A condition per module (false for modules the builder gives nothing). */
function perModule(facts: Map<string, StatisticFacts>, build: (f: StatisticFacts) => Expression<SqlBool> | null): Expression<SqlBool> {
  const parts = stampModules(facts).flatMap(([code, f]) => {
    const condition = build(f);
    return condition ? [sql<SqlBool>`(buffers.module_code = ${code} and ${condition})`] : [];
  });
  return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` or `)})` : sql<SqlBool>`false`;
}

const textAt = (field: string) => sql`(buffers.data #>> ${field.split('.')}::text[])`;

/** Per-document expressions of the figures a row shows (each module's own fields). */
export function stampColumns(facts: Map<string, StatisticFacts>) {
  return {
    amount: perModuleValue(facts, (f) => (f.amount ? numberAt(f.amount) : null)),
    party: perModuleValue(facts, (f) => textAt(f.stamp!.party)),
    contractDate: perModuleValue(facts, (f) => (f.stamp?.contractDate ? textAt(f.stamp.contractDate) : null)),
  };
}

/** The one period of the query; 400 when two types are given or after is later than before. */
export function stampPeriod(ctx: StatisticsContext, q: StampQuery): { type: StampPeriod; after?: string; before?: string } | null {
  const given = STAMP_PERIODS.filter((p) => q[`${p}[after]`] || q[`${p}[before]`]);
  if (given.length === 0) return null;
  if (given.length > 1) throw badRequest(ctx.t('server.statistics.onePeriod'));
  const type = given[0];
  const after = q[`${type}[after]`];
  const before = q[`${type}[before]`];
  if (after && before && after > before) throw badRequest(ctx.t('server.statistics.badPeriod', { value: `${after}~${before}` }));
  return { type, ...(after ? { after } : {}), ...(before ? { before } : {}) };
}

/**
 * The id of the query's `currency` (a code, any case, or an id), undefined without one; 400 naming
 * it when no currency has it — an unknown currency would otherwise leave only the documents
 * without a currency (the seals), which reads as an answer.
 */
export async function stampCurrency(db: Kysely<Database>, ctx: StatisticsContext, q: StampQuery): Promise<number | undefined> {
  if (!q.currency) return undefined;
  const code = q.currency;
  const row = await db.selectFrom('currencies').select('id')
    .where((eb) => (/^\d{1,9}$/.test(code) ? eb('id', '=', Number(code)) : eb(eb.fn('upper', ['code']), '=', code.toUpperCase())))
    .executeTakeFirst();
  if (!row) throw badRequest(ctx.t('server.statistics.unknownCurrency', { value: code }));
  return row.id;
}

/** Every condition of the query plus the company scope; bound parameters only. `currencyId` is the query's currency (`stampCurrency`). */
export function stampConditions(ctx: StatisticsContext, q: StampQuery, facts: Map<string, StatisticFacts>, companies: number[] | null, currencyId?: number): Expression<SqlBool>[] {
  const modules = stampModules(facts).map(([code]) => code);
  const out: Expression<SqlBool>[] = [modules.length ? sql<SqlBool>`buffers.module_code in (${sql.join(modules)})` : sql<SqlBool>`false`];
  out.push(inCompanies(companies));
  if (q.moduleCode) {
    if (!modules.includes(q.moduleCode)) throw badRequest(ctx.t('server.statistics.unknownModule', { code: q.moduleCode }));
    out.push(sql<SqlBool>`buffers.module_code = ${q.moduleCode}`);
  }
  const applicants = [...(q['applicant.id'] ?? []), ...(q['applicant.id[]'] ?? [])];
  if (applicants.length) out.push(sql<SqlBool>`buffers.requester_id in (${sql.join(applicants)})`);
  const parties = [...(q['contract_party.id'] ?? []), ...(q['contract_party.id[]'] ?? [])];
  if (parties.length) out.push(sql<SqlBool>`${stampColumns(facts).party} in (${sql.join(parties.map(String))})`);
  if (currencyId !== undefined) {
    // A document without a currency (a corporate seal) is not hidden by the currency filter
    // (default CNY on the screen): the filter narrows amounts, it does not drop stamps.
    out.push(sql<SqlBool>`(buffers.data->>'currency_id' is null or buffers.data->>'currency_id' = ${String(currencyId)})`);
  }
  const { amount } = stampColumns(facts);
  if (q['amount[gte]'] !== undefined) out.push(sql<SqlBool>`${amount} >= ${q['amount[gte]']}`);
  if (q['amount[lte]'] !== undefined) out.push(sql<SqlBool>`${amount} <= ${q['amount[lte]']}`);
  const period = stampPeriod(ctx, q);
  if (period) {
    const from = period.after ?? '0001-01-01';
    const to = period.before ?? '9999-12-31';
    if (period.type === 'completionDate') {
      out.push(sql<SqlBool>`buffers.completed_at >= ${from}::date and buffers.completed_at < ${to}::date + 1`);
    } else if (period.type === 'paymentDate') {
      out.push(perModule(facts, (f) => (f.paymentDate?.length
        ? sql<SqlBool>`(${sql.join(f.paymentDate.map((p) => anyAtPath(p, (v) => dateTextBetween(v, from, to))), sql` or `)})` : null)));
    } else {
      out.push(perModule(facts, (f) => (f.stamp?.contractDate ? dateTextBetween(textAt(f.stamp.contractDate), from, to) : null)));
    }
  }
  return out;
}

interface RawRow {
  id: number; code: string; stamp_no: string | null; status: number; module_code: string; requester_id: number; requester_name: string;
  party_id: number | null; party_name: string | null; currency_id: number | null; currency_code: string | null;
  amount: string | number | null; contract_date: string | null; created_at: Date | string; completed_at: Date | string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The matching rows, newest first, `limit` from `offset`; one query. The contract party is named in the request language. */
export async function stampRows(db: Kysely<Database>, ctx: StatisticsContext, where: Expression<SqlBool>, facts: Map<string, StatisticFacts>, limit: number, offset: number): Promise<StampRow[]> {
  const columns = stampColumns(facts);
  const rows = await sql<RawRow>`select buffers.id, buffers.code, buffers.stamp_no, buffers.status, buffers.module_code,
      requester.id as requester_id, requester.name as requester_name, party.id as party_id, ${localizedName(ctx.lang, 'party')} as party_name,
      currencies.id as currency_id, currencies.code as currency_code, ${columns.amount} as amount,
      ${columns.contractDate} as contract_date, buffers.created_at, buffers.completed_at
    from buffers
    join users requester on requester.id = buffers.requester_id
    left join companies party on party.id::text = ${columns.party}
    left join currencies on currencies.id::text = buffers.data->>'currency_id'
    where ${where}
    order by buffers.created_at desc, buffers.id desc
    limit ${limit} offset ${offset}`.execute(db);
  return rows.rows.map((r) => ({
    id: r.id, code: r.code, stamp_no: r.stamp_no, status: r.status, module: { code: r.module_code },
    requester: { id: r.requester_id, name: r.requester_name },
    contract_party: r.party_id === null ? null : { id: r.party_id, name: r.party_name ?? '' },
    currency: r.currency_id === null ? null : { id: r.currency_id, code: r.currency_code ?? '' },
    amount: r.amount === null ? null : Number(r.amount),
    contract_date: typeof r.contract_date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(r.contract_date) ? r.contract_date : null,
    created_at: iso(r.created_at)!, completed_at: iso(r.completed_at),
  }));
}

/** The whole WHERE of a query (filters and company scope), parenthesized; 400 for an unknown currency (`stampCurrency`). */
export async function stampWhere(db: Kysely<Database>, ctx: StatisticsContext, q: StampQuery, facts: Map<string, StatisticFacts>, companies: number[] | null): Promise<Expression<SqlBool>> {
  const currencyId = await stampCurrency(db, ctx, q);
  return sql<SqlBool>`(${sql.join(stampConditions(ctx, q, facts, companies, currencyId), sql` and `)})`;
}

/** How many documents match. */
export async function stampCount(db: Kysely<Database>, ctx: StatisticsContext, where: Expression<SqlBool>): Promise<number> {
  const counted = await sql<{ total: number }>`select count(*)::int as total from buffers where ${where}`.execute(db);
  return counted.rows[0].total;
}

/** `GET /stamp_statistics`: the page and the total count. */
export async function stampStatistics(db: Kysely<Database>, ctx: StatisticsContext, q: StampQuery, facts: Map<string, StatisticFacts>, companies: number[] | null): Promise<Collection<StampRow>> {
  const where = await stampWhere(db, ctx, q, facts, companies);
  const members = await stampRows(db, ctx, where, facts, q.itemsPerPage, (q.page - 1) * q.itemsPerPage);
  return { 'hydra:member': members, 'hydra:totalItems': await stampCount(db, ctx, where) };
}
