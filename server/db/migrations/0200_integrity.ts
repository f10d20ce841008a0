import { sql, type Kysely } from 'kysely';

/**
 * Approval integrity (issue #9):
 * - `master_processes.allow_requester`: a step on which the requester may be named as their own
 *   approver (default false: never). Part of the step's definition, read by `workflow/core/eligibility.ts`.
 * - `idempotency_keys.expires_at`: the stored answer is written in the filing transaction and
 *   replayed until it expires; expired keys are purged (index for the purge).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table master_processes add column allow_requester boolean not null default false`.execute(db);
  await sql`alter table idempotency_keys add column expires_at timestamptz not null default now() + interval '24 hours'`.execute(db);
  await sql`create index idempotency_keys_expires_at on idempotency_keys (expires_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists idempotency_keys_expires_at`.execute(db);
  await sql`alter table idempotency_keys drop column if exists expires_at`.execute(db);
  await sql`alter table master_processes drop column if exists allow_requester`.execute(db);
}
