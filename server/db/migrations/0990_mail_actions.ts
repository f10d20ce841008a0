import { sql, type Kysely } from 'kysely';

/**
 * Deciding from the mail (issue #33 item 1; server/workflow/README.md "Deciding from the mail"):
 * `mail_action_tokens`, one row per link of a "waiting for your approval" mail — the SHA-256 of a
 * random 256-bit token (the token itself is only in the mail), the step (`approvals.id`) and the
 * one user it was mailed to, what the link proposes (`approve`), when it expires (72 h) and when it
 * was used. Whether a token still works is judged at use time from the document's live state (the
 * step still active since before the token was issued, `approvals.activated_at`), never by
 * deleting rows when something happens to the document.
 */
const STATEMENTS = [
  `create table mail_action_tokens (
     id serial primary key,
     token_hash text not null unique,
     approval_id integer not null references approvals(id) on delete cascade,
     user_id integer not null references users(id) on delete cascade,
     approve boolean not null,
     created_at timestamptz not null default now(),
     expires_at timestamptz not null default now() + interval '72 hours',
     used_at timestamptz)`,
  `create index mail_action_tokens_expires_idx on mail_action_tokens(expires_at)`,
  `create index mail_action_tokens_approval_idx on mail_action_tokens(approval_id)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table if exists mail_action_tokens').execute(db);
}
