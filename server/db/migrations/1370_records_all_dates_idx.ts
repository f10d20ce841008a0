import { sql, type Kysely } from 'kysely';

/**
 * The records search with `include_removed` (an auditor's view of every record, the removed too)
 * in the list's order: the date index of migration 0900 holds the current records only (partial,
 * `removed_at is null`), so that search sorted every record of the store — at the decade bench's
 * size it timed out (p50 4.8 s at 4 requests a second). This one holds them all.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw('create index if not exists records_date_all_idx on records(record_date desc, buffer_id desc, file_id desc)').execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop index if exists records_date_all_idx').execute(db);
}
