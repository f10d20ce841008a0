import { sql, type Kysely } from 'kysely';
import type { Lang } from '../../src/engine';
import type { Database } from '../db/database';
import { localizedName } from '../lib/localized-name';
import type { PageQuery } from '../lib/paging';
import { paginate } from '../lib/paging';

/**
 * Reading the access log (migration 1210; docs/IDENTITY.md "Access log"): entries in a scope of
 * companies with the filters of `GET /access_log`, newest first, and the group's retention.
 */

/** Which entries, already checked against the reader's scope. */
export interface AccessLogFilter {
  /** The companies whose entries are read; null = every entry (a group admin), also those of no company. */
  companies: number[] | null;
  userId?: number;
  event?: string;
  from?: Date;
  to?: Date;
}

function filtered(db: Kysely<Database>, filter: AccessLogFilter) {
  let query = db.selectFrom('access_log');
  if (filter.companies !== null) {
    query = filter.companies.length ? query.where('access_log.company_id', 'in', filter.companies) : query.where(sql<boolean>`false`);
  }
  if (filter.userId !== undefined) query = query.where('access_log.user_id', '=', filter.userId);
  if (filter.event !== undefined) query = query.where('access_log.event', '=', filter.event);
  if (filter.from) query = query.where('access_log.at', '>=', filter.from);
  if (filter.to) query = query.where('access_log.at', '<=', filter.to);
  return query;
}

type Filtered = ReturnType<typeof filtered>;

function withColumns(query: Filtered, lang: Lang) {
  return query
    .leftJoin('users', 'users.id', 'access_log.user_id')
    .leftJoin('companies', 'companies.id', 'access_log.company_id')
    .select([
      'access_log.id', 'access_log.at', 'access_log.event', 'access_log.user_id', 'users.name as user_name', 'users.email as user_email',
      'access_log.company_id', localizedName(lang, 'companies').as('company_name'), 'access_log.method', 'access_log.idp',
      'access_log.success', 'access_log.reason', 'access_log.ip', 'access_log.user_agent', 'access_log.detail',
    ])
    .orderBy('access_log.at', 'desc').orderBy('access_log.id', 'desc');
}

/** One page of entries and the total. */
export function accessLogPage(db: Kysely<Database>, filter: AccessLogFilter, lang: Lang, page: PageQuery) {
  return paginate(filtered(db, filter), (q) => withColumns(q, lang), page);
}

/** How many entries match (the export checks its size before reading them). */
export async function accessLogCount(db: Kysely<Database>, filter: AccessLogFilter): Promise<number> {
  const row = await filtered(db, filter).select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  return row.total;
}

/** Every matching entry, newest first (the CSV export; the caller bounds the count first). */
export function accessLogRows(db: Kysely<Database>, filter: AccessLogFilter, lang: Lang) {
  return withColumns(filtered(db, filter), lang).execute();
}

export type AccessLogRow = Awaited<ReturnType<typeof accessLogRows>>[number];

/** The group's access-log settings row. */
export function accessLogSettings(db: Kysely<Database>) {
  return db.selectFrom('access_log_settings').select(['retention_days', 'updated_at', 'purged_at']).where('id', '=', 1).executeTakeFirstOrThrow();
}

/** Stores the retention (already checked against the bounds). */
export async function storeRetention(db: Kysely<Database>, days: number, by: number): Promise<void> {
  await db.updateTable('access_log_settings').set({ retention_days: days, updated_at: new Date(), updated_by: by }).where('id', '=', 1).execute();
}

/**
 * Deletes entries older than the retention, `batch` rows a statement (a long backlog never holds
 * one huge delete); returns how many went. Notes the time in `purged_at`.
 */
export async function purgeAccessLog(db: Kysely<Database>, batch = 5000): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await sql`delete from access_log where id in (
        select id from access_log
        where at < now() - make_interval(days => (select retention_days from access_log_settings where id = 1))
        limit ${batch})`.execute(db);
    const count = Number(done.numAffectedRows ?? 0n);
    total += count;
    if (count < batch) break;
  }
  await db.updateTable('access_log_settings').set({ purged_at: new Date() }).where('id', '=', 1).execute();
  return total;
}
