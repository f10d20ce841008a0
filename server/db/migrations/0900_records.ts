import { sql, type Kysely } from 'kysely';

/**
 * Electronic records a tax office accepts (電子帳簿保存法, docs/COMPLIANCE.md):
 *
 * - `record_paths`: which data fields give a file's transaction date, amount, currency,
 *   counterparty and registration number, per module and (where they differ) per attachment kind
 *   (`doc_type`, '' = the module's default). Written only by `syncRecordPaths`
 *   (server/records/record-paths.ts) from `ui:module.statistics.records` of the live
 *   definitions; no module or path is named here.
 * - `records`: one row per file a filed document holds (its `buffer_stat_files`, migration 0620),
 *   with the document's searched facts copied. A file taken off the document keeps its row with
 *   `removed_at` set: the record and the bytes stay for the retention period.
 * - `record_history`: append-only, one entry per change of a document's data, status or files
 *   (filing, edit, treasury data, status change, file added or removed), with the changed
 *   top-level fields before and after, who (`ringi.actor`), why (`ringi.reason`), when, and a
 *   SHA-256 chain per document (`hash` over the entry and `prev_hash`; `data_hash` over the
 *   document's data and status after the change). Rows cannot be updated or deleted (trigger);
 *   `GET /records/verify` recomputes every chain, so a change made around the trigger is found.
 *
 * One trigger on `buffers` (`buffers_stats_records`, named to fire after 0620's `buffers_stats`,
 * whose `buffer_stat_files` it reads) keeps both in the statement that files or changes a
 * document. With `ringi.stats_deferred` on (the bulk seed generator) it does nothing and the
 * loader calls `ringi_records_bulk(ids)`.
 */
const RECORD_FIELDS = `'date', 'amount', 'currency', 'counterparty', 'registration_no'`;

const STATEMENTS = [
  `create table record_paths (
     module_code text not null,
     doc_type text not null default '',
     field text not null check (field in (${RECORD_FIELDS})),
     position integer not null,
     head text[] not null,
     tail text[],
     primary key (module_code, doc_type, field, position))`,
  `create table records (
     buffer_id integer not null references buffers(id) on delete cascade,
     file_id integer not null,
     module_code text not null,
     code text not null,
     company_keys text[] not null,
     document_type text not null,
     file_name text not null,
     sha256 text not null,
     record_date date not null,
     amount numeric,
     currency text,
     counterparty text,
     counterparty_search text,
     registration_no text,
     added_at timestamptz not null default now(),
     removed_at timestamptz,
     primary key (buffer_id, file_id))`,
  `create table record_history (
     id bigserial primary key,
     buffer_id integer not null,
     seq integer not null,
     at timestamptz not null,
     actor_id integer,
     reason text,
     kind text not null,
     before jsonb,
     after jsonb,
     files_added jsonb not null default '[]',
     files_removed jsonb not null default '[]',
     data_hash text not null,
     prev_hash text not null,
     hash text not null,
     unique (buffer_id, seq))`,
  `create index record_history_at_idx on record_history(at)`,
  // The values of one record field for a file of kind dt: the kind's own paths when it has
  // any for that field, else the module's ('' kind), in position order.
  `create or replace function ringi_record_values(data jsonb, module text, dt text, fld text) returns table(v text, pos integer)
   language sql stable as $$
     select x.v, p.position from record_paths p, ringi_stat_values(data, p.head, p.tail) x(v)
     where p.module_code = module and p.field = fld and x.v is not null and x.v <> ''
       and p.doc_type = (case when exists (select 1 from record_paths q where q.module_code = module and q.doc_type = dt and q.field = fld)
                         then dt else '' end)
   $$`,
  // The transaction date: the earliest real YYYY-MM-DD day at the first date path that has one,
  // else the filing day (UTC).
  `create or replace function ringi_record_date(data jsonb, module text, dt text, fallback timestamptz) returns date
   language plpgsql stable as $$
   declare t text;
   begin
     for t in select r.v from ringi_record_values(data, module, dt, 'date') r order by r.pos, r.v collate "C" loop
       if t ~ '^\\d{4}-\\d{2}-\\d{2}$' then
         begin
           return t::date;
         exception when others then null;
         end;
       end if;
     end loop;
     return (fallback at time zone 'UTC')::date;
   end $$`,
  `create or replace function ringi_record_amount(data jsonb, module text, dt text) returns numeric language sql stable as $$
     select r.v::numeric from ringi_record_values(data, module, dt, 'amount') r
     where r.v ~ '^-?\\d+(\\.\\d+)?([eE][-+]?\\d+)?$' order by r.pos, r.v collate "C" limit 1
   $$`,
  `create or replace function ringi_record_join(data jsonb, module text, dt text, fld text) returns text language sql stable as $$
     select string_agg(v, ' / ' order by first_pos, v collate "C") from (
       select r.v, min(r.pos) as first_pos from ringi_record_values(data, module, dt, fld) r group by r.v) d
   $$`,
  `create or replace function ringi_data_hash(data jsonb, status integer) returns text language sql immutable as $$
     select encode(sha256(convert_to(coalesce(data::text, 'null') || E'\\x1e' || status::text, 'UTF8')), 'hex')
   $$`,
  // The chain: every stored field of the entry and the hash before it, in a fixed text form.
  `create or replace function ringi_history_hash(prev text, bid integer, seq integer, at timestamptz, actor integer, reason text,
     kind text, before jsonb, after jsonb, added jsonb, removed jsonb, data_hash text) returns text language sql stable as $$
     select encode(sha256(convert_to(concat_ws(E'\\x1e', prev, bid::text, seq::text,
       to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), coalesce(actor::text, ''), coalesce(reason, ''), kind,
       coalesce(before::text, 'null'), coalesce(after::text, 'null'), coalesce(added::text, '[]'), coalesce(removed::text, '[]'), data_hash), 'UTF8')), 'hex')
   $$`,
  `create or replace function ringi_records_fill(ids integer[]) returns void language sql as $$
     update records r set removed_at = now() where r.buffer_id = any(ids) and r.removed_at is null
       and not exists (select 1 from buffer_stat_files f where f.buffer_id = r.buffer_id and f.file_id = r.file_id);
     insert into records (buffer_id, file_id, module_code, code, company_keys, document_type, file_name, sha256,
       record_date, amount, currency, counterparty, counterparty_search, registration_no)
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
     on conflict (buffer_id, file_id) do update set module_code = excluded.module_code, code = excluded.code,
       company_keys = excluded.company_keys, document_type = excluded.document_type, file_name = excluded.file_name,
       sha256 = excluded.sha256, record_date = excluded.record_date, amount = excluded.amount, currency = excluded.currency,
       counterparty = excluded.counterparty, counterparty_search = excluded.counterparty_search,
       registration_no = excluded.registration_no, removed_at = null;
   $$`,
  `create or replace function ringi_history_append(bid integer, actor integer, reason text, kind text, before jsonb, after jsonb,
     added jsonb, removed jsonb, dhash text) returns void language plpgsql as $$
   declare prev text; n integer; t timestamptz := clock_timestamp();
   begin
     -- The document's row lock (held by the statement that changed it) orders its entries.
     select h.hash, h.seq into prev, n from record_history h where h.buffer_id = bid order by h.seq desc limit 1;
     prev := coalesce(prev, ''); n := coalesce(n, 0) + 1;
     insert into record_history (buffer_id, seq, at, actor_id, reason, kind, before, after, files_added, files_removed, data_hash, prev_hash, hash)
     values (bid, n, t, actor, reason, kind, before, after, added, removed, dhash, prev,
       ringi_history_hash(prev, bid, n, t, actor, reason, kind, before, after, added, removed, dhash));
   end $$`,
  `create or replace function ringi_records_buffer() returns trigger language plpgsql as $$
   declare
     had jsonb; added jsonb; removed jsonb; b jsonb; a jsonb; kind text;
     actor integer := nullif(current_setting('ringi.actor', true), '')::integer;
     reason text := nullif(current_setting('ringi.reason', true), '');
   begin
     if current_setting('ringi.stats_deferred', true) = 'on' then return null; end if;
     select coalesce(jsonb_agg(r.file_id), '[]') into had from records r where r.buffer_id = new.id and r.removed_at is null;
     perform ringi_records_fill(array[new.id]);
     select coalesce(jsonb_agg(jsonb_build_object('id', r.file_id, 'name', r.file_name, 'sha256', r.sha256) order by r.file_id), '[]') into added
       from records r where r.buffer_id = new.id and r.removed_at is null and not had @> to_jsonb(r.file_id);
     select coalesce(jsonb_agg(jsonb_build_object('id', r.file_id, 'name', r.file_name, 'sha256', r.sha256) order by r.file_id), '[]') into removed
       from records r where r.buffer_id = new.id and r.removed_at is not null and had @> to_jsonb(r.file_id);
     if tg_op = 'INSERT' then
       actor := coalesce(actor, new.requester_id);
       kind := 'filed';
       a := jsonb_build_object('data', new.data, 'status', new.status);
     else
       select jsonb_object_agg(k, old.data -> k), jsonb_object_agg(k, new.data -> k) into b, a
         from (select jsonb_object_keys(old.data) as k union select jsonb_object_keys(new.data)) keys
         where (old.data -> k) is distinct from (new.data -> k);
       if old.status is distinct from new.status then
         b := coalesce(b, '{}') || jsonb_build_object('$status', old.status);
         a := coalesce(a, '{}') || jsonb_build_object('$status', new.status);
       end if;
       if old.company_id is distinct from new.company_id then
         b := coalesce(b, '{}') || jsonb_build_object('$company_id', old.company_id);
         a := coalesce(a, '{}') || jsonb_build_object('$company_id', new.company_id);
       end if;
       if b is null and a is null and added = '[]' and removed = '[]' then return null; end if;
       kind := case when old.status is distinct from new.status then 'status'
                    when removed <> '[]' then 'file-removed' when added <> '[]' then 'file-added' else 'edit' end;
     end if;
     perform ringi_history_append(new.id, actor, reason, kind, b, a, added, removed, ringi_data_hash(new.data, new.status));
     return null;
   end $$`,
  `create trigger buffers_stats_records after insert or update of data, status, company_id, code on buffers
   for each row execute function ringi_records_buffer()`,
  // The bulk loader's path: records of every file, and the filing entry of documents without one.
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
  `create trigger record_history_append_only before update or delete on record_history
   for each row execute function ringi_history_frozen()`,
  `select ringi_records_bulk(array(select id from buffers))`,
  // The default order (newest transaction first) and the searched columns.
  `create index records_date_idx on records(record_date desc, buffer_id desc, file_id desc) where removed_at is null`,
  `create index records_amount_idx on records(amount) where removed_at is null`,
  `create index records_companies_idx on records using gin (company_keys)`,
  `create index records_module_idx on records(module_code, record_date desc) where removed_at is null`,
  `create index records_file_idx on records(file_id)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
  // Counterparty search: a trigram index where pg_trgm exists (created by 0620 when available).
  const installed = await sql<{ schema: string }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db);
  if (installed.rows.length) {
    await sql`create index records_counterparty_idx on records using gin (counterparty_search ${sql.id(installed.rows[0].schema)}.gin_trgm_ops)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists buffers_stats_records on buffers`.execute(db);
  for (const fn of ['ringi_records_buffer()', 'ringi_records_bulk(integer[])', 'ringi_records_fill(integer[])', 'ringi_history_frozen()',
    'ringi_history_append(integer, integer, text, text, jsonb, jsonb, jsonb, jsonb, text)',
    'ringi_history_hash(text, integer, integer, timestamptz, integer, text, text, jsonb, jsonb, jsonb, jsonb, text)',
    'ringi_data_hash(jsonb, integer)', 'ringi_record_join(jsonb, text, text, text)', 'ringi_record_amount(jsonb, text, text)',
    'ringi_record_date(jsonb, text, text, timestamptz)', 'ringi_record_values(jsonb, text, text, text)']) {
    await sql.raw(`drop function if exists ${fn}`).execute(db);
  }
  for (const table of ['record_history', 'records', 'record_paths']) await sql.raw(`drop table if exists ${table}`).execute(db);
}
