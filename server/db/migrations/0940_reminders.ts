import { sql, type Kysely } from 'kysely';

/**
 * Reminders and escalation (issue #20):
 * - a company calendar: `company_calendars` (the weekend days, 0 = Sunday … 6 = Saturday, and the
 *   time zone the company's days are counted in; a company without a row has Saturday and Sunday
 *   off in Asia/Tokyo) and `holidays` (a date not worked, or with `working` a weekend date that
 *   is worked: the make-up days of a Chinese holiday schedule, 调休);
 * - when a step became active (`approvals.activated_at`, set by a trigger whenever `active` turns
 *   true: at filing, after the previous step, after a step back) and when this activation was
 *   reminded and escalated (`reminded_at`, `escalated_at`, cleared by the same trigger, so each
 *   happens once per activation). Steps active at the upgrade count from the upgrade, so old
 *   documents are not all reminded at the first scan;
 * - `job_leases`: a periodic job (the reminder scan) claimed by one instance for a lease; an
 *   instance that stops leaves the lease to run out and another takes the job over.
 */
const STATEMENTS = [
  `create table company_calendars (
     company_id integer primary key references companies(id),
     weekend_days jsonb not null default '[0, 6]',
     time_zone text not null default 'Asia/Tokyo',
     updated_at timestamptz not null default now())`,
  `create table holidays (
     company_id integer not null references companies(id),
     date date not null,
     name text not null, name_ja text, name_zh text,
     working boolean not null default false,
     created_at timestamptz not null default now(),
     primary key (company_id, date))`,
  `alter table approvals add column activated_at timestamptz, add column reminded_at timestamptz, add column escalated_at timestamptz`,
  `update approvals set activated_at = now() where active`,
  `create or replace function ringi_step_activated() returns trigger language plpgsql as $$
   begin
     if new.active and (tg_op = 'INSERT' or not old.active) then
       new.activated_at := now();
       new.reminded_at := null;
       new.escalated_at := null;
     end if;
     return new;
   end $$`,
  `create trigger approvals_activated before insert or update of active on approvals
   for each row execute function ringi_step_activated()`,
  `create index approvals_waiting_idx on approvals(activated_at) where active and status = 0`,
  `create table job_leases (
     name text primary key,
     holder text,
     claimed_until timestamptz,
     attempts integer not null default 0,
     finished_at timestamptz)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of [
    `drop table if exists job_leases`,
    `drop trigger if exists approvals_activated on approvals`,
    `drop function if exists ringi_step_activated()`,
    `drop index if exists approvals_waiting_idx`,
    `alter table approvals drop column if exists activated_at, drop column if exists reminded_at, drop column if exists escalated_at`,
    `drop table if exists holidays`,
    `drop table if exists company_calendars`,
  ]) await sql.raw(statement).execute(db);
}
