import { sql, type Kysely } from 'kysely';

/**
 * The done list (`/approvals/my?isDone=1`: one entry per document, the user's latest handled
 * step of it, newest document first) as one index range instead of a sort of every step the user
 * ever handled (88k for a busy approver at 100k documents: 1.1 s p95; docs/PERFORMANCE.md):
 * `approval_done (user_id, buffer_id)` → the user's latest done or rejected step of the document
 * and the document's filing time, kept by triggers whatever code moves a step (handled, reset
 * by a step back, re-assigned, deleted with its document), backfilled here.
 */
const STATEMENTS = [
  `create table approval_done (user_id integer not null, buffer_id integer not null references buffers(id) on delete cascade,
     approval_id integer not null, buffer_created_at timestamptz not null, primary key (user_id, buffer_id))`,
  `insert into approval_done (user_id, buffer_id, approval_id, buffer_created_at)
     select a.approver_id, a.buffer_id, max(a.id), b.created_at from approvals a join buffers b on b.id = a.buffer_id
     where a.approver_id is not null and a.status in (1, 2) group by a.approver_id, a.buffer_id, b.created_at`,
  `create index approval_done_list_idx on approval_done (user_id, buffer_created_at desc, buffer_id desc, approval_id desc)`,
  // The one (user, document) pair a step change touches: its latest handled step, or no row.
  `create or replace function ringi_done_refresh(p_user integer, p_buffer integer) returns void language plpgsql as $$
   declare v_step integer;
   begin
     if p_user is null or p_buffer is null then return; end if;
     select max(a.id) into v_step from approvals a where a.buffer_id = p_buffer and a.approver_id = p_user and a.status in (1, 2);
     if v_step is null then
       delete from approval_done where user_id = p_user and buffer_id = p_buffer;
     else
       insert into approval_done (user_id, buffer_id, approval_id, buffer_created_at)
         select p_user, p_buffer, v_step, b.created_at from buffers b where b.id = p_buffer
         on conflict (user_id, buffer_id) do update set approval_id = excluded.approval_id, buffer_created_at = excluded.buffer_created_at;
     end if;
   end $$`,
  `create or replace function ringi_done_step() returns trigger language plpgsql as $$
   begin
     if tg_op in ('UPDATE', 'DELETE') then perform ringi_done_refresh(old.approver_id, old.buffer_id); end if;
     if tg_op in ('INSERT', 'UPDATE') and (tg_op = 'INSERT' or new.approver_id is distinct from old.approver_id
         or new.buffer_id is distinct from old.buffer_id or new.status is distinct from old.status) then
       perform ringi_done_refresh(new.approver_id, new.buffer_id);
     end if;
     return null;
   end $$`,
  `create trigger approvals_done after insert or delete or update of status, approver_id, buffer_id on approvals
   for each row execute function ringi_done_step()`,
  // The list orders by the document's filing time: follow it if it ever changes.
  `create or replace function ringi_done_buffer() returns trigger language plpgsql as $$
   begin
     if new.created_at is distinct from old.created_at then
       update approval_done set buffer_created_at = new.created_at where buffer_id = new.id;
     end if;
     return null;
   end $$`,
  `create trigger buffers_done after update of created_at on buffers for each row execute function ringi_done_buffer()`,
  `analyze approval_done`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists buffers_done on buffers`.execute(db);
  await sql`drop trigger if exists approvals_done on approvals`.execute(db);
  await sql`drop function if exists ringi_done_buffer()`.execute(db);
  await sql`drop function if exists ringi_done_step()`.execute(db);
  await sql`drop function if exists ringi_done_refresh(integer, integer)`.execute(db);
  await sql`drop table if exists approval_done`.execute(db);
}
