import { sql, type Kysely } from 'kysely';

/**
 * Export jobs survive a server stop (issue #11): like the mail outbox (migration 0800), any
 * instance claims a queued job — or a running one whose instance stopped — for a lease
 * (`claimed_until`, renewed while it runs). `attempts` counts the claims and is the fencing
 * token: only the claim that still holds the latest attempt may mark the job done (and queue its
 * one mail) or failed, so a job is delivered at most once even if a stalled instance wakes up.
 */
const STATEMENTS = [
  `alter table export_jobs add column claimed_until timestamptz, add column attempts integer not null default 0`,
  `create index export_jobs_open_idx on export_jobs(id) where status in ('queued', 'running')`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists export_jobs_open_idx`.execute(db);
  await sql`alter table export_jobs drop column if exists claimed_until, drop column if exists attempts`.execute(db);
}
