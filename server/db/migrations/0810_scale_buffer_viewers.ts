import { sql, type Kysely } from 'kysely';

/**
 * The visibility rule as a table: `buffer_viewers (buffer_id, user_id)` holds one row for every
 * document a user may see — they filed it (`requester_id`), are or were a candidate approver of
 * one of its steps, acted on a step (`approver_id`), logged an action on it, or it was forwarded
 * to them (`user_finances` holds their id) — exactly the five reasons of `visibleTo` before this
 * migration. Triggers keep it: every change to one of those facts re-checks the rule for that
 * (document, user) pair (`ringi_viewer_refresh`) and inserts or deletes the row, so no workflow
 * code has to remember it and a reason taken away (a forwarded user removed in an edit) takes
 * the row away unless another reason remains. Visibility is then one primary-key probe per
 * document, or the user's set by index for a list (docs/PERFORMANCE.md shows the plans).
 */
const STATEMENTS = [
  `create table buffer_viewers (
     buffer_id integer not null references buffers(id) on delete cascade,
     user_id integer not null,
     primary key (buffer_id, user_id))`,
  `create index buffer_viewers_user_idx on buffer_viewers(user_id, buffer_id)`,
  `insert into buffer_viewers (buffer_id, user_id)
     select id, requester_id from buffers
     union select a.buffer_id, c.user_id from approvals a join approval_candidates c on c.approval_id = a.id
     union select buffer_id, approver_id from approvals where approver_id is not null
     union select buffer_id, user_id from approval_logs where user_id is not null
     union select b.id, (e.value #>> '{}')::integer from buffers b, jsonb_array_elements(case when jsonb_typeof(b.user_finances) = 'array' then b.user_finances else '[]'::jsonb end) e
       where jsonb_typeof(e.value) = 'number' and (e.value #>> '{}') ~ '^[0-9]{1,9}$'`,
  // The rule itself, for one pair: the row exists exactly while one of the reasons holds.
  `create or replace function ringi_viewer_refresh(b integer, u integer) returns void language plpgsql as $$
   begin
     if b is null or u is null then return; end if;
     -- A document being deleted (its steps and timeline go with it by cascade) keeps no viewer.
     if not exists (select 1 from buffers x where x.id = b) then
       delete from buffer_viewers where buffer_id = b and user_id = u;
       return;
     end if;
     if exists (select 1 from buffers x where x.id = b and (x.requester_id = u or x.user_finances @> jsonb_build_array(u)))
        or exists (select 1 from approvals a join approval_candidates c on c.approval_id = a.id where a.buffer_id = b and c.user_id = u)
        or exists (select 1 from approvals a where a.buffer_id = b and a.approver_id = u)
        or exists (select 1 from approval_logs l where l.buffer_id = b and l.user_id = u) then
       insert into buffer_viewers (buffer_id, user_id) values (b, u) on conflict do nothing;
     else
       delete from buffer_viewers where buffer_id = b and user_id = u;
     end if;
   end $$`,
  // Integer ids of a user_finances value (what @> [id] can match).
  `create or replace function ringi_finance_ids(value jsonb) returns setof integer language sql immutable as $$
     select (e.value #>> '{}')::integer from jsonb_array_elements(case when jsonb_typeof(value) = 'array' then value else '[]'::jsonb end) e
     where jsonb_typeof(e.value) = 'number' and (e.value #>> '{}') ~ '^[0-9]{1,9}$'
   $$`,
  `create or replace function ringi_viewers_buffer() returns trigger language plpgsql as $$
   declare u integer;
   begin
     if tg_op = 'INSERT' then
       perform ringi_viewer_refresh(new.id, new.requester_id);
       for u in select * from ringi_finance_ids(new.user_finances) loop perform ringi_viewer_refresh(new.id, u); end loop;
     elsif new.requester_id is distinct from old.requester_id or new.user_finances is distinct from old.user_finances then
       perform ringi_viewer_refresh(new.id, old.requester_id);
       perform ringi_viewer_refresh(new.id, new.requester_id);
       for u in select * from ringi_finance_ids(old.user_finances) union select * from ringi_finance_ids(new.user_finances) loop
         perform ringi_viewer_refresh(new.id, u);
       end loop;
     end if;
     return null;
   end $$`,
  `create trigger buffers_viewers after insert or update of requester_id, user_finances on buffers
   for each row execute function ringi_viewers_buffer()`,
  `create or replace function ringi_viewers_candidate() returns trigger language plpgsql as $$
   begin
     if tg_op in ('UPDATE', 'DELETE') then
       perform ringi_viewer_refresh((select a.buffer_id from approvals a where a.id = old.approval_id), old.user_id);
     end if;
     if tg_op in ('INSERT', 'UPDATE') then
       perform ringi_viewer_refresh((select a.buffer_id from approvals a where a.id = new.approval_id), new.user_id);
     end if;
     return null;
   end $$`,
  `create trigger approval_candidates_viewers after insert or delete or update of approval_id, user_id on approval_candidates
   for each row execute function ringi_viewers_candidate()`,
  `create or replace function ringi_viewers_step() returns trigger language plpgsql as $$
   begin
     if tg_op in ('UPDATE', 'DELETE') then perform ringi_viewer_refresh(old.buffer_id, old.approver_id); end if;
     if tg_op in ('INSERT', 'UPDATE') then perform ringi_viewer_refresh(new.buffer_id, new.approver_id); end if;
     return null;
   end $$`,
  `create trigger approvals_viewers after insert or delete or update of buffer_id, approver_id on approvals
   for each row execute function ringi_viewers_step()`,
  `create or replace function ringi_viewers_log() returns trigger language plpgsql as $$
   begin
     if tg_op in ('UPDATE', 'DELETE') then perform ringi_viewer_refresh(old.buffer_id, old.user_id); end if;
     if tg_op in ('INSERT', 'UPDATE') then perform ringi_viewer_refresh(new.buffer_id, new.user_id); end if;
     return null;
   end $$`,
  `create trigger approval_logs_viewers after insert or delete or update of buffer_id, user_id on approval_logs
   for each row execute function ringi_viewers_log()`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [trigger, table] of [['approval_logs_viewers', 'approval_logs'], ['approvals_viewers', 'approvals'],
    ['approval_candidates_viewers', 'approval_candidates'], ['buffers_viewers', 'buffers']]) {
    await sql.raw(`drop trigger if exists ${trigger} on ${table}`).execute(db);
  }
  for (const fn of ['ringi_viewers_log()', 'ringi_viewers_step()', 'ringi_viewers_candidate()', 'ringi_viewers_buffer()',
    'ringi_finance_ids(jsonb)', 'ringi_viewer_refresh(integer, integer)']) {
    await sql.raw(`drop function if exists ${fn}`).execute(db);
  }
  await sql`drop table if exists buffer_viewers`.execute(db);
}
