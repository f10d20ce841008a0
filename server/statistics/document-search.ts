import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { StatisticFacts } from '../../src/engine';
import { fileRecord, type FileRecord } from '../files/file-record';
import type { Collection } from '../lib/paging';
import type { FoundFile, FoundFileCollection } from '../../src/wire/files';
import { documentItems, type BufferItem } from '../workflow/lists/document-items';
import { statsInCompanies } from './company-condition';
import { searchCompanies } from './company-filter';
import { parsePeriod, searchConditions } from './search-filter';
import type { DocumentSearchQuery, FileSearchQuery } from '../../src/wire/document-search';
import { totalOf } from './total-of';
import type { StatisticsContext } from './statistics-context';
import type { Database } from '../db/database';

/**
 * Matches counted for `hydra:totalItems`: at most this many plus one, so a search over years
 * stops counting early; `SEARCH_COUNT_CAP + 1` reads "more than SEARCH_COUNT_CAP" (the
 * screens page until an empty page and show no total; a client that shows one shows "1000+").
 */
export const SEARCH_COUNT_CAP = 1000;

const all = (conditions: Expression<SqlBool>[]) => (conditions.length ? sql<SqlBool>`(${sql.join(conditions, sql` and `)})` : sql<SqlBool>`true`);

/** The full WHERE of a search over `buffer_stats s` (filters, period, company scope); throws 400/403 on a bad filter. */
async function whereOf(db: Kysely<Database>, ctx: StatisticsContext, q: DocumentSearchQuery, facts: Map<string, StatisticFacts>): Promise<Expression<SqlBool>> {
  const period = parsePeriod(ctx, q);
  const conditions = searchConditions(ctx, q, facts, period);
  const companies = await searchCompanies(db, ctx, q.companyName);
  if (companies !== null && companies.length === 0) conditions.push(sql<SqlBool>`false`);
  else conditions.push(statsInCompanies(companies));
  return all(conditions);
}

/** ORDER BY of the applications tab: the sort sheet's keys (code, createdAt, updatedAt) or amount; default createdAt desc. */
function documentOrder(q: DocumentSearchQuery) {
  const terms = [];
  if (q['sort[code]']) terms.push(sql`s.code ${sql.raw(q['sort[code]'])}`);
  if (q['sort[createdAt]']) terms.push(sql`s.created_at ${sql.raw(q['sort[createdAt]'])}`);
  if (q['sort[updatedAt]']) terms.push(sql`s.updated_at ${sql.raw(q['sort[updatedAt]'])}`);
  if (q['sort[amount]']) terms.push(sql`s.amount ${sql.raw(q['sort[amount]'])} nulls last`);
  if (q['sort[date]']) terms.push(sql`s.created_at ${sql.raw(q['sort[date]'])}`);
  if (terms.length === 0) terms.push(sql`s.created_at desc`);
  terms.push(sql`s.buffer_id desc`);
  return sql.join(terms, sql`, `);
}

/** `GET /buffer/statistic_search`: documents of the user's companies matching the filter, paged. */
export async function searchDocuments(db: Kysely<Database>, ctx: StatisticsContext, q: DocumentSearchQuery, facts: Map<string, StatisticFacts>): Promise<Collection<BufferItem>> {
  const where = await whereOf(db, ctx, q, facts);
  const offset = (q.page - 1) * q.itemsPerPage;
  const rows = await sql<{ id: number }>`select s.buffer_id as id from buffer_stats s where ${where} order by ${documentOrder(q)}
    limit ${q.itemsPerPage} offset ${offset}`.execute(db);
  const total = await totalOf(rows.rows.length, q, () => sql<{ total: number }>`select count(*)::int as total
    from (select 1 from buffer_stats s where ${where} limit ${SEARCH_COUNT_CAP + 1}) capped`.execute(db));
  return { 'hydra:member': await documentItems(db, ctx.definitions, rows.rows.map((r) => r.id), ctx.lang), 'hydra:totalItems': total };
}

/**
 * `GET /buffer_files/statistic_search`: files of the matching documents (the ids their data holds
 * under a file field, kept in `buffer_stat_files`); sort by file date (default desc) or document amount.
 */
export async function searchFiles(db: Kysely<Database>, ctx: StatisticsContext, q: FileSearchQuery, facts: Map<string, StatisticFacts>): Promise<FoundFileCollection> {
  // Only documents that hold files (a partial index, migration 0621), not every document of the period.
  const where = sql<SqlBool>`${await whereOf(db, ctx, q, facts)} and s.has_files`;
  const from = sql`buffer_stats s join buffer_stat_files sf on sf.buffer_id = s.buffer_id join files on files.id = sf.file_id`;
  const order = q['sort[amount]']
    ? sql`s.amount ${sql.raw(q['sort[amount]'])} nulls last, files.id desc`
    : sql`files.created_at ${sql.raw(q['sort[date]'] ?? 'desc')}, files.id ${sql.raw(q['sort[date]'] ?? 'desc')}`;
  const rows = await sql<{
    id: number; name: string; mime_type: string; size: number; document_type: string; created_at: Date;
    buffer_id: number; code: string; module_code: string; amount: string | null; currency_id: string | null;
  }>`select files.id, files.name, files.mime_type, files.size, files.document_type, files.created_at,
      s.buffer_id, s.code, s.module_code, s.amount, s.currency_id
    from ${from} where ${where} order by ${order} limit ${q.itemsPerPage} offset ${(q.page - 1) * q.itemsPerPage}`.execute(db);
  const members = rows.rows.map((row): FoundFile => ({
    ...statisticFileRecord(row, ctx.user.id, ctx.linkSecret),
    buffer: {
      id: row.buffer_id, code: row.code, module: { code: row.module_code },
      amount: row.amount === null ? null : Number(row.amount),
      currency_id: row.currency_id !== null && /^\d+$/.test(row.currency_id) ? Number(row.currency_id) : null,
    },
  }));
  const total = await totalOf(rows.rows.length, q, () => sql<{ total: number }>`select count(*)::int as total
    from (select 1 from ${from} where ${where} limit ${SEARCH_COUNT_CAP + 1}) capped`.execute(db));
  return { 'hydra:member': members, 'hydra:totalItems': total };
}

/** A file record whose `url` is the statistics content route (readable through the company scope). */
export function statisticFileRecord(row: Parameters<typeof fileRecord>[0], userId: number, secret: string): FileRecord {
  const record = fileRecord(row, userId, secret);
  return { ...record, url: record.url.replace(/^\/api\/files\//, '/api/statistic_files/') };
}
