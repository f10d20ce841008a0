import { sql, type Kysely } from 'kysely';

/**
 * The requester's own to-dos (issue #31): a document sent back to its requester (on process, no
 * step active, a step pending; server/workflow/decisions/send-back.ts) waits for them to fix and resubmit
 * it, or withdraw it, and belongs on their pending list (`GET /approvals/my`) and Home's count.
 * `requester_tasks` holds one row per such document — the requester, the step a resubmit
 * activates (the first pending one, the list item's `id`) and the filing time — kept by triggers
 * whatever code moves a step or the document, so the pending list reads it as one more index range
 * beside the candidates' inbox (migration 0801), in the same order.
 *
 * Only live steps count (positions 1..n; a step an edit voided when it restarted the route is kept
 * at a negative position for the timeline).
 *
 * The triggers are deferred to the end of the transaction: inside one, an approval or a send back
 * passes through states with no step active (one step closed, the next not yet opened); only
 * the state that commits is a to-do, and the row is not written and deleted again on every approval.
 */
const STATEMENTS = [
  `create table requester_tasks (
     buffer_id integer primary key references buffers(id) on delete cascade,
     user_id integer not null references users(id),
     approval_id integer not null,
     created_at timestamptz not null)`,
  `create index requester_tasks_user_idx on requester_tasks (user_id, created_at desc, buffer_id desc, approval_id desc)`,
  // The one document a change touches: its to-do row, or none.
  `create or replace function ringi_requester_task_refresh(p_buffer integer) returns void language plpgsql as $$
   declare v_requester integer; v_status integer; v_created timestamptz; v_step integer;
   begin
     select b.requester_id, b.status, b.created_at into v_requester, v_status, v_created from buffers b where b.id = p_buffer;
     if v_status = 0
        and not exists (select 1 from approvals a where a.buffer_id = p_buffer and a.active and a.status = 0) then
       select a.id into v_step from approvals a where a.buffer_id = p_buffer and a.status = 0 and a.position > 0 order by a.position, a.id limit 1;
     end if;
     if v_step is null then
       delete from requester_tasks where buffer_id = p_buffer;
     else
       insert into requester_tasks (buffer_id, user_id, approval_id, created_at)
         values (p_buffer, v_requester, v_step, v_created)
         on conflict (buffer_id) do update set user_id = excluded.user_id, approval_id = excluded.approval_id, created_at = excluded.created_at
         where (requester_tasks.user_id, requester_tasks.approval_id, requester_tasks.created_at)
           is distinct from (excluded.user_id, excluded.approval_id, excluded.created_at);
     end if;
   end $$`,
  `create or replace function ringi_requester_task_step() returns trigger language plpgsql as $$
   begin
     perform ringi_requester_task_refresh(new.buffer_id);
     return null;
   end $$`,
  `create constraint trigger approvals_requester_task after update of active, status on approvals
   deferrable initially deferred for each row execute function ringi_requester_task_step()`,
  `create or replace function ringi_requester_task_buffer() returns trigger language plpgsql as $$
   begin
     perform ringi_requester_task_refresh(new.id);
     return null;
   end $$`,
  `create constraint trigger buffers_requester_task after update of status, requester_id, created_at on buffers
   deferrable initially deferred for each row execute function ringi_requester_task_buffer()`,
  // Documents already with their requester.
  `insert into requester_tasks (buffer_id, user_id, approval_id, created_at)
     select b.id, b.requester_id,
       (select a.id from approvals a where a.buffer_id = b.id and a.status = 0 and a.position > 0 order by a.position, a.id limit 1), b.created_at
     from buffers b
     where b.status = 0
       and exists (select 1 from approvals a where a.buffer_id = b.id and a.status = 0 and a.position > 0)
       and not exists (select 1 from approvals a where a.buffer_id = b.id and a.active and a.status = 0)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists buffers_requester_task on buffers`.execute(db);
  await sql`drop trigger if exists approvals_requester_task on approvals`.execute(db);
  await sql`drop function if exists ringi_requester_task_buffer()`.execute(db);
  await sql`drop function if exists ringi_requester_task_step()`.execute(db);
  await sql`drop function if exists ringi_requester_task_refresh(integer)`.execute(db);
  await sql`drop table if exists requester_tasks`.execute(db);
}
