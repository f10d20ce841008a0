import { sql, type Kysely } from 'kysely';

/**
 * Web Push (issue #33 item 2; server/push/README.md):
 * - `push_subscriptions`: a browser's subscription of a user (endpoint on a push service, its
 *   P-256 key and auth secret), with the device's user agent; one row per endpoint.
 * - `push_outbox`: one message per subscription, written in the transaction of the change that
 *   causes it, sent by any instance under a lease like the mail outbox (`claimed_until`),
 *   `topic` = the document (a newer message replaces an undelivered one at the push service).
 * - `server_keys`: keys the instances share, here the VAPID key pair (private key encrypted).
 */
const STATEMENTS = [
  `create table push_subscriptions (
     id serial primary key,
     user_id integer not null references users(id) on delete cascade,
     endpoint text not null unique,
     p256dh text not null,
     auth text not null,
     user_agent text,
     created_at timestamptz not null default now(),
     last_sent_at timestamptz)`,
  `create index push_subscriptions_user_idx on push_subscriptions(user_id)`,
  `create table push_outbox (
     id serial primary key,
     subscription_id integer not null references push_subscriptions(id) on delete cascade,
     topic text not null,
     urgency text not null default 'normal' check (urgency in ('very-low', 'low', 'normal', 'high')),
     payload text not null,
     status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
     attempts integer not null default 0,
     last_error text,
     claimed_until timestamptz,
     created_at timestamptz not null default now(),
     sent_at timestamptz)`,
  `create index push_outbox_pending_idx on push_outbox(id) where status = 'pending'`,
  `create table server_keys (name text primary key, public_value text not null, private_value text not null, created_at timestamptz not null default now())`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['push_outbox', 'push_subscriptions', 'server_keys']) await sql.raw(`drop table if exists ${table}`).execute(db);
}
