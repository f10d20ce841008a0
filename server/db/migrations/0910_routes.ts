import { sql, type Kysely } from 'kysely';

/**
 * Routes as data (issue #20):
 * - the organisation a route resolves from: `departments.parent_id` (a department's place under
 *   a division), `positions` per company (codes from the catalogue, names in three languages),
 *   `user_posts` (a user's post in a department, with an optional position; several per user are
 *   concurrent posts, 兼務; `effective_from`/`effective_to` date a change to take effect later),
 *   `users.manager_id`;
 * - a filed step keeps how it passes (`approvals.mode`, `required`: approvals needed) and why it
 *   was skipped (`skipped`: `requester` | `vacant`, status 3), so later changes of the
 *   organisation or the definition move none of it (pinning);
 * - each approver's decision within a step (`approval_candidates.decision`, `decided_at`): a 合議
 *   or quorum step counts them; a candidate who decided leaves the inbox (the inbox triggers of
 *   migration 0801 now also require `decision is null`);
 * - `circulations`: who a document was circulated to (回覧) and when they marked it read; a sixth
 *   reason of the visibility rule of migration 0810.
 */
const STATEMENTS = [
  `alter table departments add column parent_id integer references departments(id)`,
  `create table positions (
     id serial primary key,
     company_id integer not null references companies(id),
     code text not null,
     name text not null, name_ja text, name_zh text,
     created_at timestamptz not null default now(),
     unique (company_id, code))`,
  `create table user_posts (
     id serial primary key,
     user_id integer not null references users(id),
     department_id integer not null references departments(id),
     position_code text,
     effective_from date,
     effective_to date,
     created_at timestamptz not null default now())`,
  `create index user_posts_department_idx on user_posts(department_id)`,
  `create index user_posts_user_idx on user_posts(user_id)`,
  `alter table users add column manager_id integer references users(id)`,
  `alter table approvals add column mode text not null default 'any',
     add column required integer not null default 1,
     add column skipped text`,
  `alter table approval_candidates add column decision smallint, add column decided_at timestamptz`,
  `create or replace function ringi_candidate_fill() returns trigger language plpgsql as $$
   begin
     select a.active and a.status = 0 and b.status = 0, b.id, b.created_at into new.inbox_open, new.inbox_buffer_id, new.inbox_created_at
       from approvals a join buffers b on b.id = a.buffer_id where a.id = new.approval_id;
     new.inbox_open := coalesce(new.inbox_open, false) and new.decision is null;
     return new;
   end $$`,
  `create or replace function ringi_step_open() returns trigger language plpgsql as $$
   begin
     if new.active is distinct from old.active or new.status is distinct from old.status then
       update approval_candidates c set inbox_open = (new.active and new.status = 0 and b.status = 0 and c.decision is null)
         from buffers b where b.id = new.buffer_id and c.approval_id = new.id;
     end if;
     return new;
   end $$`,
  `create or replace function ringi_buffer_open() returns trigger language plpgsql as $$
   begin
     if new.status is distinct from old.status then
       update approval_candidates c set inbox_open = (a.active and a.status = 0 and new.status = 0 and c.decision is null)
         from approvals a where a.buffer_id = new.id and c.approval_id = a.id;
     end if;
     return new;
   end $$`,
  // Circulation (回覧): who a document was circulated to, and when they marked it read.
  `create table circulations (
     buffer_id integer not null references buffers(id) on delete cascade,
     user_id integer not null references users(id),
     master_process_id integer not null references master_processes(id),
     read_at timestamptz,
     created_at timestamptz not null default now(),
     primary key (buffer_id, user_id))`,
  `create index circulations_user_idx on circulations(user_id, created_at desc, buffer_id desc)`,
  // The visibility rule (migration 0810) gains a sixth reason: the document was circulated to the user.
  `create or replace function ringi_viewer_refresh(b integer, u integer) returns void language plpgsql as $$
   begin
     if b is null or u is null then return; end if;
     if not exists (select 1 from buffers x where x.id = b) then
       delete from buffer_viewers where buffer_id = b and user_id = u;
       return;
     end if;
     if exists (select 1 from buffers x where x.id = b and (x.requester_id = u or x.user_finances @> jsonb_build_array(u)))
        or exists (select 1 from approvals a join approval_candidates c on c.approval_id = a.id where a.buffer_id = b and c.user_id = u)
        or exists (select 1 from approvals a where a.buffer_id = b and a.approver_id = u)
        or exists (select 1 from approval_logs l where l.buffer_id = b and l.user_id = u)
        or exists (select 1 from circulations z where z.buffer_id = b and z.user_id = u) then
       insert into buffer_viewers (buffer_id, user_id) values (b, u) on conflict do nothing;
     else
       delete from buffer_viewers where buffer_id = b and user_id = u;
     end if;
   end $$`,
  `create or replace function ringi_viewers_circulation() returns trigger language plpgsql as $$
   begin
     if tg_op = 'DELETE' then perform ringi_viewer_refresh(old.buffer_id, old.user_id); return old; end if;
     perform ringi_viewer_refresh(new.buffer_id, new.user_id);
     return new;
   end $$`,
  `create trigger circulations_viewers after insert or delete on circulations
   for each row execute function ringi_viewers_circulation()`,
  `drop trigger if exists approval_candidates_fill on approval_candidates`,
  `create trigger approval_candidates_fill before insert or update of approval_id, decision on approval_candidates
   for each row execute function ringi_candidate_fill()`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of [
    `drop table if exists circulations`,
    `alter table approval_candidates drop column if exists decision, drop column if exists decided_at`,
    `alter table approvals drop column if exists mode, drop column if exists required, drop column if exists skipped`,
    `alter table users drop column if exists manager_id`,
    `drop table if exists user_posts`, `drop table if exists positions`,
    `alter table departments drop column if exists parent_id`,
  ]) await sql.raw(statement).execute(db);
}
