import { sql, type Kysely } from 'kysely';

/**
 * Comments and mentions on a document (issue #33 item 5; server/workflow/README.md "Comments"):
 * `buffer_comments`, one row per comment — the document, its author, the plain-text body
 * (1..2,000 characters), the users it mentions (ids), when. A comment is never edited and never
 * erased: it can only be withdrawn, which sets `withdrawn_at`/`withdrawn_by` once. A trigger
 * refuses any other UPDATE and a DELETE while the document exists (a document's own deletion
 * still cascades). Each comment and each withdrawal is also an entry of the document's
 * records history (`record_history`, kinds `comment` and `comment-withdrawn`), written by the app
 * in the same transaction, chained and sealed like every other entry.
 */
const STATEMENTS = [
  `create table buffer_comments (
     id serial primary key,
     buffer_id integer not null references buffers(id) on delete cascade,
     author_id integer not null references users(id),
     body text not null check (char_length(body) between 1 and 2000),
     mentions jsonb not null default '[]',
     created_at timestamptz not null default now(),
     withdrawn_at timestamptz,
     withdrawn_by integer references users(id),
     check ((withdrawn_at is null) = (withdrawn_by is null)))`,
  `create index buffer_comments_buffer_idx on buffer_comments(buffer_id, id)`,
  `create or replace function ringi_comments_kept() returns trigger language plpgsql as $$
   begin
     if tg_op = 'DELETE' then
       -- A document's deletion cascades; a comment alone is never erased.
       if exists (select 1 from buffers b where b.id = old.buffer_id) then
         raise exception 'a comment is never erased: withdraw it' using errcode = 'P0001';
       end if;
       return old;
     end if;
     if old.withdrawn_at is null and new.withdrawn_at is not null
        and (new.id, new.buffer_id, new.author_id, new.body, new.mentions, new.created_at)
            is not distinct from (old.id, old.buffer_id, old.author_id, old.body, old.mentions, old.created_at) then
       return new;
     end if;
     raise exception 'a comment is never edited: only withdrawn, once' using errcode = 'P0001';
   end $$`,
  `create trigger buffer_comments_kept before update or delete on buffer_comments
   for each row execute function ringi_comments_kept()`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table if exists buffer_comments').execute(db);
  await sql.raw('drop function if exists ringi_comments_kept()').execute(db);
}
