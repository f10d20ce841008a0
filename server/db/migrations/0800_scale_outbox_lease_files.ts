import { sql, type Kysely } from 'kysely';

/**
 * Scale-out (issue #14):
 * - `mail_outbox.claimed_until`: an instance claims pending mail for a lease; a mail whose
 *   instance died mid-send is taken again once the lease ran out.
 * - `file_contents`: uploaded bytes in the database, so every instance reads every file.
 */
const STATEMENTS = [
  `alter table mail_outbox add column claimed_until timestamptz`,
  `create table file_contents (storage_key text primary key, bytes bytea not null, created_at timestamptz not null default now())`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists file_contents`.execute(db);
  await sql`alter table mail_outbox drop column if exists claimed_until`.execute(db);
}
