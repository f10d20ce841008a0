import { sql, type Kysely } from 'kysely';

/**
 * Failed logins of e-mail addresses that are no (enabled) account, counted exactly like the
 * `users` row counts a real account's, so the login answer does not tell which addresses exist
 * (docs/SECURITY.md "Authentication"). The key is the trimmed, lower-cased address.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table login_attempts (email text primary key, failed_attempts integer not null default 0,
    locked_at timestamptz, updated_at timestamptz not null default now())`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists login_attempts`.execute(db);
}
