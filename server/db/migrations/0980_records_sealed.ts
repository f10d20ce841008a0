import { sql, type Kysely } from 'kysely';

/**
 * Records that prove themselves (issue #30 item 7; docs/COMPLIANCE.md):
 *
 * - `record_history.mac`: each entry's HMAC-SHA256 under a key the database does not hold
 *   (`RECORDS_KEY` or `<dataDir>/records-key`, server/records/record-seal.ts). The trigger still
 *   writes the entry (and its unkeyed SHA-256 chain); the application seals it in the same
 *   transaction, just before COMMIT (server/db/commit-hooks.ts), so an entry written by anything
 *   else — psql after `set_config('ringi.actor', …)` included — stays unsealed and
 *   `GET /records/verify` reports it. Entries written before this migration are marked `legacy`
 *   and sealed once by the first start that finds them (`adoptLegacyEntries`).
 * - Which entries the transaction wrote: `ringi_history_append` and `ringi_records_bulk` add their
 *   ids to the transaction-local `ringi.unsealed`; the sealer reads exactly those (and only rows
 *   whose `xmin` is its own transaction), so it never seals a row someone else wrote.
 * - The append-only trigger lets an UPDATE through only when it sets a missing (or `legacy`) MAC
 *   and changes nothing else.
 * - TRUNCATE of `record_history` and `records` is refused by a statement trigger (row triggers
 *   never see a TRUNCATE).
 * - `ringi_records_expected(ids)`: the records the documents' data, files and `record_paths` give
 *   — the one definition `ringi_records_fill` writes from and `verify` compares the stored rows with.
 */
const STATEMENTS = [
  `alter table record_history add column mac text default 'legacy'`,
  `alter table record_history alter column mac drop default`,
  `create or replace function ringi_history_note(ids text) returns void language plpgsql as $$
   begin
     if coalesce(ids, '') = '' then return; end if;
     perform set_config('ringi.unsealed', concat_ws(',', nullif(current_setting('ringi.unsealed', true), ''), ids), true);
   end $$`,
  `create or replace function ringi_history_append(bid integer, actor integer, reason text, kind text, before jsonb, after jsonb,
     added jsonb, removed jsonb, dhash text) returns void language plpgsql as $$
   declare prev text; n integer; t timestamptz := clock_timestamp(); new_id bigint;
     principal integer := nullif(current_setting('ringi.on_behalf_of', true), '')::integer;
   begin
     -- The document's row lock (held by the statement that changed it) orders its entries.
     select h.hash, h.seq into prev, n from record_history h where h.buffer_id = bid order by h.seq desc limit 1;
     prev := coalesce(prev, ''); n := coalesce(n, 0) + 1;
     insert into record_history (buffer_id, seq, at, actor_id, on_behalf_of_id, reason, kind, before, after, files_added, files_removed, data_hash, prev_hash, hash)
     values (bid, n, t, actor, principal, reason, kind, before, after, added, removed, dhash, prev,
       ringi_history_hash(prev, bid, n, t, actor, reason, kind, before, after, added, removed, dhash, principal))
     returning id into new_id;
     perform ringi_history_note(new_id::text);
   end $$`,
  `create or replace function ringi_records_expected(ids integer[]) returns table (buffer_id integer, file_id integer, module_code text,
     code text, company_keys text[], document_type text, file_name text, sha256 text, record_date date, amount numeric, currency text,
     counterparty text, counterparty_search text, registration_no text)
   language sql stable as $$
     select b.id, f.id, b.module_code, b.code, ringi_stat_companies(b.company_id, b.data), f.document_type, f.name, f.sha256,
       ringi_record_date(b.data, b.module_code, f.document_type, b.created_at),
       ringi_record_amount(b.data, b.module_code, f.document_type),
       (select c.code from ringi_record_values(b.data, b.module_code, f.document_type, 'currency') r
          join currencies c on c.id::text = r.v order by r.pos, r.v collate "C" limit 1),
       ringi_record_join(b.data, b.module_code, f.document_type, 'counterparty'),
       lower(ringi_record_join(b.data, b.module_code, f.document_type, 'counterparty')),
       ringi_record_join(b.data, b.module_code, f.document_type, 'registration_no')
     from buffers b join buffer_stat_files sf on sf.buffer_id = b.id join files f on f.id = sf.file_id
     where b.id = any(ids)
   $$`,
  `create or replace function ringi_records_fill(ids integer[]) returns void language sql as $$
     update records r set removed_at = now() where r.buffer_id = any(ids) and r.removed_at is null
       and not exists (select 1 from buffer_stat_files f where f.buffer_id = r.buffer_id and f.file_id = r.file_id);
     insert into records (buffer_id, file_id, module_code, code, company_keys, document_type, file_name, sha256,
       record_date, amount, currency, counterparty, counterparty_search, registration_no)
       select * from ringi_records_expected(ids)
     on conflict (buffer_id, file_id) do update set module_code = excluded.module_code, code = excluded.code,
       company_keys = excluded.company_keys, document_type = excluded.document_type, file_name = excluded.file_name,
       sha256 = excluded.sha256, record_date = excluded.record_date, amount = excluded.amount, currency = excluded.currency,
       counterparty = excluded.counterparty, counterparty_search = excluded.counterparty_search,
       registration_no = excluded.registration_no, removed_at = null;
   $$`,
  `create or replace function ringi_records_bulk(ids integer[]) returns void language plpgsql as $$
   declare written text;
   begin
     perform ringi_records_fill(ids);
     with ins as (
       insert into record_history (buffer_id, seq, at, actor_id, reason, kind, before, after, files_added, files_removed, data_hash, prev_hash, hash)
         select b.id, 1, b.created_at, b.requester_id, 'submit', 'filed', null, jsonb_build_object('data', b.data, 'status', b.status),
           fa.files, '[]', ringi_data_hash(b.data, b.status), '',
           ringi_history_hash('', b.id, 1, b.created_at, b.requester_id, 'submit', 'filed', null,
             jsonb_build_object('data', b.data, 'status', b.status), fa.files, '[]', ringi_data_hash(b.data, b.status))
         from buffers b cross join lateral (select coalesce(jsonb_agg(jsonb_build_object('id', r.file_id, 'name', r.file_name, 'sha256', r.sha256)
             order by r.file_id), '[]') as files from records r where r.buffer_id = b.id and r.removed_at is null) fa
         where b.id = any(ids) and not exists (select 1 from record_history h where h.buffer_id = b.id)
         returning id)
     select string_agg(id::text, ',') into written from ins;
     perform ringi_history_note(written);
   end $$`,
  `create or replace function ringi_history_frozen() returns trigger language plpgsql as $$
   declare unchanged record_history;
   begin
     -- Sealing: a missing (or legacy) MAC set, nothing else changed.
     if tg_op = 'UPDATE' and (old.mac is null or old.mac = 'legacy') and new.mac is not null and new.mac <> 'legacy' then
       unchanged := new;
       unchanged.mac := old.mac;
       if unchanged is not distinct from old then return new; end if;
     end if;
     raise exception 'record_history is append-only' using errcode = 'P0001';
   end $$`,
  `create or replace function ringi_history_no_truncate() returns trigger language plpgsql as $$
   begin
     raise exception '% keeps the electronic records and their history: TRUNCATE is refused', tg_table_name using errcode = 'P0001';
   end $$`,
  `create trigger record_history_no_truncate before truncate on record_history for each statement execute function ringi_history_no_truncate()`,
  `create trigger records_no_truncate before truncate on records for each statement execute function ringi_history_no_truncate()`,
];

/** The functions of migrations 0900/0945 this one replaced, restored by `down`. */
const RESTORE = [
  `create or replace function ringi_history_append(bid integer, actor integer, reason text, kind text, before jsonb, after jsonb,
     added jsonb, removed jsonb, dhash text) returns void language plpgsql as $$
   declare prev text; n integer; t timestamptz := clock_timestamp();
     principal integer := nullif(current_setting('ringi.on_behalf_of', true), '')::integer;
   begin
     select h.hash, h.seq into prev, n from record_history h where h.buffer_id = bid order by h.seq desc limit 1;
     prev := coalesce(prev, ''); n := coalesce(n, 0) + 1;
     insert into record_history (buffer_id, seq, at, actor_id, on_behalf_of_id, reason, kind, before, after, files_added, files_removed, data_hash, prev_hash, hash)
     values (bid, n, t, actor, principal, reason, kind, before, after, added, removed, dhash, prev,
       ringi_history_hash(prev, bid, n, t, actor, reason, kind, before, after, added, removed, dhash, principal));
   end $$`,
  `drop function if exists ringi_records_bulk(integer[])`,
  `create or replace function ringi_records_bulk(ids integer[]) returns void language sql as $$
     select ringi_records_fill(ids);
     insert into record_history (buffer_id, seq, at, actor_id, reason, kind, before, after, files_added, files_removed, data_hash, prev_hash, hash)
       select b.id, 1, b.created_at, b.requester_id, 'submit', 'filed', null, jsonb_build_object('data', b.data, 'status', b.status),
         fa.files, '[]', ringi_data_hash(b.data, b.status), '',
         ringi_history_hash('', b.id, 1, b.created_at, b.requester_id, 'submit', 'filed', null,
           jsonb_build_object('data', b.data, 'status', b.status), fa.files, '[]', ringi_data_hash(b.data, b.status))
       from buffers b cross join lateral (select coalesce(jsonb_agg(jsonb_build_object('id', r.file_id, 'name', r.file_name, 'sha256', r.sha256)
           order by r.file_id), '[]') as files from records r where r.buffer_id = b.id and r.removed_at is null) fa
       where b.id = any(ids) and not exists (select 1 from record_history h where h.buffer_id = b.id);
   $$`,
  `create or replace function ringi_history_frozen() returns trigger language plpgsql as $$
   begin
     raise exception 'record_history is append-only' using errcode = 'P0001';
   end $$`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists record_history_no_truncate on record_history`.execute(db);
  await sql`drop trigger if exists records_no_truncate on records`.execute(db);
  await sql`drop function if exists ringi_history_no_truncate()`.execute(db);
  for (const statement of RESTORE) await sql.raw(statement).execute(db);
  // ringi_records_fill keeps its body through ringi_records_expected until both are dropped with 0900's down.
  await sql`alter table record_history drop column if exists mac`.execute(db);
  await sql`drop function if exists ringi_history_note(text)`.execute(db);
}
