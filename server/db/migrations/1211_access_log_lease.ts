import { sql, type Kysely } from 'kysely';

/**
 * The access log's purge takes its lease in `job_leases` like the reminder scan (one lease table
 * for every periodic job), so the lease columns 1210 put on `access_log_settings` go.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw('alter table access_log_settings drop column purge_lease_until, drop column purge_lease_owner').execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('alter table access_log_settings add column purge_lease_until timestamptz, add column purge_lease_owner text').execute(db);
}
