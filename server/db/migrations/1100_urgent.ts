import { sql, type Kysely } from 'kysely';

/**
 * Urgent documents (至急, issue #33 item 8): `buffers.urgent`, set by the requester where the
 * module's `ui:module.allowUrgent` says so (at filing and by an edit). An urgent document sorts
 * first in the approver's pending list and the requester's own list.
 *
 * The pending list is read from two index ranges kept by triggers (migrations 0801, 0970:
 * `approval_candidates.inbox_*`, `requester_tasks`). Each gets the document's urgency as its
 * leading sort key (`inbox_urgent`, `urgent`), copied from the document when the row is written
 * and again when the document's urgency changes, and the indexes are rebuilt with it first, so
 * the list stays the first rows of one index range in its order (urgent, filed at, document,
 * step) and a keyset cursor continues it. The triggers added here only copy the flag; the
 * existing ones (which open and close rows) are untouched. `my-buffers` orders by "urgent and
 * on process" first (a decided document no longer sorts first): an expression index serves it.
 */
const STATEMENTS = [
  `alter table buffers add column urgent boolean not null default false`,
  `alter table approval_candidates add column inbox_urgent boolean not null default false`,
  `alter table requester_tasks add column urgent boolean not null default false`,
  // A new candidate or to-do row copies its document's urgency (before insert, after the fill trigger's own lookups).
  `create or replace function ringi_candidate_urgent() returns trigger language plpgsql as $$
   begin
     select b.urgent into new.inbox_urgent from approvals a join buffers b on b.id = a.buffer_id where a.id = new.approval_id;
     new.inbox_urgent := coalesce(new.inbox_urgent, false);
     return new;
   end $$`,
  `create trigger approval_candidates_urgent before insert or update of approval_id on approval_candidates
   for each row execute function ringi_candidate_urgent()`,
  `create or replace function ringi_requester_task_urgent() returns trigger language plpgsql as $$
   begin
     select b.urgent into new.urgent from buffers b where b.id = new.buffer_id;
     new.urgent := coalesce(new.urgent, false);
     return new;
   end $$`,
  `create trigger requester_tasks_urgent before insert or update of buffer_id on requester_tasks
   for each row execute function ringi_requester_task_urgent()`,
  // The document marked urgent or not (an edit): its rows follow.
  `create or replace function ringi_buffer_urgent() returns trigger language plpgsql as $$
   begin
     if new.urgent is distinct from old.urgent then
       update approval_candidates c set inbox_urgent = new.urgent from approvals a where a.buffer_id = new.id and c.approval_id = a.id;
       update requester_tasks set urgent = new.urgent where buffer_id = new.id;
     end if;
     return new;
   end $$`,
  `create trigger buffers_urgent after update of urgent on buffers
   for each row execute function ringi_buffer_urgent()`,
  `drop index if exists approval_candidates_open_idx`,
  `create index approval_candidates_open_idx on approval_candidates(user_id, inbox_urgent desc, inbox_created_at desc, inbox_buffer_id desc, approval_id desc) where inbox_open`,
  `drop index if exists requester_tasks_user_idx`,
  `create index requester_tasks_user_idx on requester_tasks (user_id, urgent desc, created_at desc, buffer_id desc, approval_id desc)`,
  `create index buffers_requester_urgent_idx on buffers(requester_id, (urgent and status = 0) desc, created_at desc, id desc)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists buffers_requester_urgent_idx`.execute(db);
  await sql`drop index if exists requester_tasks_user_idx`.execute(db);
  await sql`create index requester_tasks_user_idx on requester_tasks (user_id, created_at desc, buffer_id desc, approval_id desc)`.execute(db);
  await sql`drop index if exists approval_candidates_open_idx`.execute(db);
  await sql`create index approval_candidates_open_idx on approval_candidates(user_id, inbox_created_at desc, inbox_buffer_id desc, approval_id desc) where inbox_open`.execute(db);
  await sql`drop trigger if exists buffers_urgent on buffers`.execute(db);
  await sql`drop trigger if exists requester_tasks_urgent on requester_tasks`.execute(db);
  await sql`drop trigger if exists approval_candidates_urgent on approval_candidates`.execute(db);
  await sql`drop function if exists ringi_buffer_urgent()`.execute(db);
  await sql`drop function if exists ringi_requester_task_urgent()`.execute(db);
  await sql`drop function if exists ringi_candidate_urgent()`.execute(db);
  await sql`alter table requester_tasks drop column if exists urgent`.execute(db);
  await sql`alter table approval_candidates drop column if exists inbox_urgent`.execute(db);
  await sql`alter table buffers drop column if exists urgent`.execute(db);
}
