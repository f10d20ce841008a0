import { sql, type Kysely } from 'kysely';

/**
 * The change history names the principal when a deputy acted (issue #20 item 6: "the timeline
 * and history show deputy on behalf of principal"): `record_history.on_behalf_of_id`, from the
 * transaction-local `ringi.on_behalf_of` that `recordActor` sets beside `ringi.actor`.
 *
 * The chain covers it: `ringi_history_hash` gains a thirteenth argument, the principal, appended
 * as one more field of the hashed text. Without a principal it is exactly the twelve-argument
 * hash, so every entry written before this migration (and every entry without a deputy) keeps
 * its hash and the chains verify unchanged; a principal added or removed afterwards breaks the
 * entry's hash like any other rewritten field.
 */
const STATEMENTS = [
  `alter table record_history add column on_behalf_of_id integer`,
  `create or replace function ringi_history_hash(prev text, bid integer, seq integer, at timestamptz, actor integer, reason text,
     kind text, before jsonb, after jsonb, added jsonb, removed jsonb, data_hash text, on_behalf integer) returns text language sql stable as $$
     select ringi_history_hash(prev, bid, seq, at, actor, reason, kind, before, after, added, removed,
       case when on_behalf is null then data_hash else data_hash || E'\\x1e' || on_behalf::text end)
   $$`,
  `create or replace function ringi_history_append(bid integer, actor integer, reason text, kind text, before jsonb, after jsonb,
     added jsonb, removed jsonb, dhash text) returns void language plpgsql as $$
   declare prev text; n integer; t timestamptz := clock_timestamp();
     principal integer := nullif(current_setting('ringi.on_behalf_of', true), '')::integer;
   begin
     -- The document's row lock (held by the statement that changed it) orders its entries.
     select h.hash, h.seq into prev, n from record_history h where h.buffer_id = bid order by h.seq desc limit 1;
     prev := coalesce(prev, ''); n := coalesce(n, 0) + 1;
     insert into record_history (buffer_id, seq, at, actor_id, on_behalf_of_id, reason, kind, before, after, files_added, files_removed, data_hash, prev_hash, hash)
     values (bid, n, t, actor, principal, reason, kind, before, after, added, removed, dhash, prev,
       ringi_history_hash(prev, bid, n, t, actor, reason, kind, before, after, added, removed, dhash, principal));
   end $$`,
];

/** The append of migration 0900, restored by `down`. */
const APPEND_0900 = `create or replace function ringi_history_append(bid integer, actor integer, reason text, kind text, before jsonb, after jsonb,
     added jsonb, removed jsonb, dhash text) returns void language plpgsql as $$
   declare prev text; n integer; t timestamptz := clock_timestamp();
   begin
     select h.hash, h.seq into prev, n from record_history h where h.buffer_id = bid order by h.seq desc limit 1;
     prev := coalesce(prev, ''); n := coalesce(n, 0) + 1;
     insert into record_history (buffer_id, seq, at, actor_id, reason, kind, before, after, files_added, files_removed, data_hash, prev_hash, hash)
     values (bid, n, t, actor, reason, kind, before, after, added, removed, dhash, prev,
       ringi_history_hash(prev, bid, n, t, actor, reason, kind, before, after, added, removed, dhash));
   end $$`;

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(APPEND_0900).execute(db);
  await sql`drop function if exists ringi_history_hash(text, integer, integer, timestamptz, integer, text, text, jsonb, jsonb, jsonb, jsonb, text, integer)`.execute(db);
  await sql`alter table record_history drop column if exists on_behalf_of_id`.execute(db);
}
