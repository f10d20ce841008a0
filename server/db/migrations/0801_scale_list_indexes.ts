import { sql, type Kysely } from 'kysely';

/**
 * Lists and lookups that stay fast at 100k documents (docs/PERFORMANCE.md shows the plans):
 * - `approval_candidates.inbox_open` (+ `inbox_buffer_id`, `inbox_created_at`: the document's id and
 *   filing time; prefixed so no unqualified `buffer_id`/`created_at` of a join becomes ambiguous): true while the step is
 *   active and pending on a document on process, kept by triggers (whatever code moves a step or
 *   a document), so a user's inbox is the first rows of one index range, newest first, instead
 *   of a walk over every step they were ever a candidate of.
 * - the visibility rule's sets (steps acted on, timeline entries) by user; forwarded documents
 *   (`user_finances @> [id]`) through a GIN index; a user's documents newest first; pending
 *   steps; document numbering (`code like 'PUR-2026-%'` → max) through a text_pattern_ops index;
 *   (`buffers_created_idx`, newest first, comes from migration 0600.)
 */
const STATEMENTS = [
  `alter table approval_candidates add column inbox_open boolean not null default false,
     add column inbox_buffer_id integer, add column inbox_created_at timestamptz`,
  `update approval_candidates c set inbox_open = (a.active and a.status = 0 and b.status = 0), inbox_buffer_id = b.id, inbox_created_at = b.created_at
     from approvals a join buffers b on b.id = a.buffer_id where a.id = c.approval_id`,
  // New candidates copy their document and its state from the step.
  `create or replace function ringi_candidate_fill() returns trigger language plpgsql as $$
   begin
     select a.active and a.status = 0 and b.status = 0, b.id, b.created_at into new.inbox_open, new.inbox_buffer_id, new.inbox_created_at
       from approvals a join buffers b on b.id = a.buffer_id where a.id = new.approval_id;
     new.inbox_open := coalesce(new.inbox_open, false);
     return new;
   end $$`,
  `create trigger approval_candidates_fill before insert or update of approval_id on approval_candidates
   for each row execute function ringi_candidate_fill()`,
  // A step activated, handled or reset: its candidates follow.
  `create or replace function ringi_step_open() returns trigger language plpgsql as $$
   begin
     if new.active is distinct from old.active or new.status is distinct from old.status then
       update approval_candidates c set inbox_open = (new.active and new.status = 0 and b.status = 0)
         from buffers b where b.id = new.buffer_id and c.approval_id = new.id;
     end if;
     return new;
   end $$`,
  `create trigger approvals_open after update of active, status on approvals
   for each row execute function ringi_step_open()`,
  // A document completed, rejected, withdrawn (or back on process): its active step's candidates follow.
  `create or replace function ringi_buffer_open() returns trigger language plpgsql as $$
   begin
     if new.status is distinct from old.status then
       update approval_candidates c set inbox_open = (a.active and a.status = 0 and new.status = 0)
         from approvals a where a.buffer_id = new.id and c.approval_id = a.id;
     end if;
     return new;
   end $$`,
  `create trigger buffers_open after update of status on buffers
   for each row execute function ringi_buffer_open()`,
  `create index approval_candidates_open_idx on approval_candidates(user_id, inbox_created_at desc, inbox_buffer_id desc, approval_id desc) where inbox_open`,
  `create index approvals_approver_idx on approvals(approver_id, buffer_id) where approver_id is not null`,
  `create index approval_logs_user_idx on approval_logs(user_id, buffer_id)`,
  `create index buffers_user_finances_idx on buffers using gin (user_finances jsonb_path_ops)`,
  `create index buffers_requester_created_idx on buffers(requester_id, created_at desc, id desc)`,
  `create index buffers_code_pattern_idx on buffers(code text_pattern_ops)`,
  `create index buffers_stamp_no_pattern_idx on buffers(stamp_no text_pattern_ops) where stamp_no is not null`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ['approval_candidates_open_idx', 'approvals_approver_idx', 'approval_logs_user_idx', 'buffers_user_finances_idx',
    'buffers_requester_created_idx', 'buffers_code_pattern_idx', 'buffers_stamp_no_pattern_idx']) {
    await sql.raw(`drop index if exists ${index}`).execute(db);
  }
  await sql`drop trigger if exists buffers_open on buffers`.execute(db);
  await sql`drop trigger if exists approvals_open on approvals`.execute(db);
  await sql`drop trigger if exists approval_candidates_fill on approval_candidates`.execute(db);
  await sql`drop function if exists ringi_buffer_open()`.execute(db);
  await sql`drop function if exists ringi_step_open()`.execute(db);
  await sql`drop function if exists ringi_candidate_fill()`.execute(db);
  await sql`alter table approval_candidates drop column if exists inbox_open, drop column if exists inbox_buffer_id, drop column if exists inbox_created_at`.execute(db);
}
