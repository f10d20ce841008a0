import { sql, type Kysely } from 'kysely';

/**
 * The electronic records' work on a change of a document, only for what the change can alter
 * (docs/PERFORMANCE.md "A decision's cost by kind"):
 * - `ringi_records_buffer` (the records trigger, on a change of data, status, company or code) drew
 *   the document's records rows again from its data on every change — a final approval, which
 *   changes the status alone, recomputed them all (half of the trigger's time). The rows are drawn
 *   from the data, company, code, module and filing day and from the files (whose rows never
 *   change), never from the status: a change that leaves those alone keeps the rows, and its history
 *   entry compares no data either. Migration 0900's function otherwise, as it was.
 * - `ringi_records_fill`'s upsert wrote every row again with the values it already held: each a new
 *   row version with its eight index entries (a trigram and an array GIN among them). It now writes
 *   a row only where a field differs from the one expected, or that was marked removed. Migration
 *   1390's wrapping of 0980's body otherwise, as it was.
 */
const FILL = (onlyChanged: boolean) => `create or replace function ringi_records_fill(ids integer[]) returns void
  language plpgsql set plan_cache_mode = force_generic_plan as $fn$begin
     update records r set removed_at = now() where r.buffer_id = any(ids) and r.removed_at is null
       and not exists (select 1 from buffer_stat_files f where f.buffer_id = r.buffer_id and f.file_id = r.file_id);
     insert into records (buffer_id, file_id, module_code, code, company_keys, document_type, file_name, sha256,
       record_date, amount, currency, counterparty, counterparty_search, registration_no)
       select * from ringi_records_expected(ids)
     on conflict (buffer_id, file_id) do update set module_code = excluded.module_code, code = excluded.code,
       company_keys = excluded.company_keys, document_type = excluded.document_type, file_name = excluded.file_name,
       sha256 = excluded.sha256, record_date = excluded.record_date, amount = excluded.amount, currency = excluded.currency,
       counterparty = excluded.counterparty, counterparty_search = excluded.counterparty_search,
       registration_no = excluded.registration_no, removed_at = null${onlyChanged ? `
     where (records.module_code, records.code, records.company_keys, records.document_type, records.file_name, records.sha256,
         records.record_date, records.amount, records.currency, records.counterparty, records.counterparty_search,
         records.registration_no, records.removed_at)
       is distinct from (excluded.module_code, excluded.code, excluded.company_keys, excluded.document_type, excluded.file_name,
         excluded.sha256, excluded.record_date, excluded.amount, excluded.currency, excluded.counterparty,
         excluded.counterparty_search, excluded.registration_no, null)` : ''};
    end $fn$`;

const TRIGGER = (onlyChanged: boolean) => {
  const fill = `select coalesce(jsonb_agg(r.file_id), '[]') into had from records r where r.buffer_id = new.id and r.removed_at is null;
     perform ringi_records_fill(array[new.id]);
     select coalesce(jsonb_agg(jsonb_build_object('id', r.file_id, 'name', r.file_name, 'sha256', r.sha256) order by r.file_id), '[]') into added
       from records r where r.buffer_id = new.id and r.removed_at is null and not had @> to_jsonb(r.file_id);
     select coalesce(jsonb_agg(jsonb_build_object('id', r.file_id, 'name', r.file_name, 'sha256', r.sha256) order by r.file_id), '[]') into removed
       from records r where r.buffer_id = new.id and r.removed_at is not null and had @> to_jsonb(r.file_id);`;
  const diff = `select jsonb_object_agg(k, old.data -> k), jsonb_object_agg(k, new.data -> k) into b, a
         from (select jsonb_object_keys(old.data) as k union select jsonb_object_keys(new.data)) keys
         where (old.data -> k) is distinct from (new.data -> k);`;
  return `create or replace function ringi_records_buffer() returns trigger language plpgsql as $$
   declare
     had jsonb; added jsonb; removed jsonb; b jsonb; a jsonb; kind text;
     actor integer := nullif(current_setting('ringi.actor', true), '')::integer;
     reason text := nullif(current_setting('ringi.reason', true), '');
   begin
     if current_setting('ringi.stats_deferred', true) = 'on' then return null; end if;
     ${onlyChanged ? `if tg_op = 'UPDATE' and new.data is not distinct from old.data and new.company_id is not distinct from old.company_id
        and new.code is not distinct from old.code and new.module_code = old.module_code and new.created_at = old.created_at then
       added := '[]'; removed := '[]';
     else
       ${fill}
     end if;` : fill}
     if tg_op = 'INSERT' then
       actor := coalesce(actor, new.requester_id);
       kind := 'filed';
       a := jsonb_build_object('data', new.data, 'status', new.status);
     else
       ${onlyChanged ? `if new.data is distinct from old.data then
         ${diff}
       end if;` : diff}
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
   end $$`;
};

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(FILL(true)).execute(db);
  await sql.raw(TRIGGER(true)).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(TRIGGER(false)).execute(db);
  await sql.raw(FILL(false)).execute(db);
}
