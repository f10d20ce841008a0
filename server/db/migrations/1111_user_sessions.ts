import { sql, type Kysely } from 'kysely';

/**
 * Signed-in devices (issue #34 item 7; docs/IDENTITY.md "Sessions"): one row per sign-in — the
 * session id its token carries (`sid`), the user, when it started and was last used (written at
 * most once a minute), the address and browser (user agent, cut to 300 characters) it came from —
 * until it ends: `ended_at` with why (`user`: ended by its owner, `admin`: by an admin, `password`:
 * a password reset, `deactivated`: the user was deprovisioned) and by whom. An ended session's
 * token fails on its next request on every instance (the auth door reads the row per request).
 */
const STATEMENTS = [
  `create table user_sessions (
     id text primary key check (char_length(id) between 16 and 64),
     user_id integer not null references users(id),
     created_at timestamptz not null default now(),
     last_used_at timestamptz not null default now(),
     ip text check (ip is null or char_length(ip) <= 64),
     user_agent text check (user_agent is null or char_length(user_agent) <= 300),
     ended_at timestamptz,
     ended_by integer references users(id),
     end_reason text check (end_reason in ('user', 'admin', 'password', 'deactivated')),
     check ((ended_at is null) = (end_reason is null)))`,
  `create index user_sessions_live_idx on user_sessions(user_id, last_used_at desc) where ended_at is null`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table if exists user_sessions').execute(db);
}
