import { sql, type Kysely } from 'kysely';

/**
 * Deputies (代理, issue #20 item 6):
 * - `deputies`: a user (the principal) names a deputy for a period of days (`from_date` ..
 *   `to_date`, both inclusive), optionally for some modules only (`module_codes`, a JSON array of
 *   module codes; null: every module). While an arrangement is in effect the deputy sees and acts
 *   on the principal's pending steps (server/workflow/people/deputies.ts); nothing is copied into the
 *   inbox tables, so an arrangement takes effect and ends by the date alone.
 * - who acted for whom: `approvals.on_behalf_of` (the principal when a deputy passed or rejected
 *   the step; `approver_id` stays the deputy who acted) and `approval_logs.on_behalf_of` (the same
 *   on the timeline entry): the audit keeps both people.
 */
const STATEMENTS = [
  `create table deputies (
     id serial primary key,
     principal_id integer not null references users(id),
     deputy_id integer not null references users(id),
     from_date date not null,
     to_date date not null,
     module_codes jsonb,
     created_at timestamptz not null default now(),
     check (principal_id <> deputy_id),
     check (to_date >= from_date))`,
  `create index deputies_deputy_idx on deputies(deputy_id, to_date)`,
  `create index deputies_principal_idx on deputies(principal_id, to_date)`,
  `alter table approvals add column on_behalf_of integer references users(id)`,
  `alter table approval_logs add column on_behalf_of integer references users(id)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of [
    `alter table approval_logs drop column if exists on_behalf_of`,
    `alter table approvals drop column if exists on_behalf_of`,
    `drop table if exists deputies`,
  ]) await sql.raw(statement).execute(db);
}
