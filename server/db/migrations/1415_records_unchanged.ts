import { sql, type Kysely } from 'kysely';

/**
 * `ringi_records_fill` rewrites a document's electronic-records rows only where something in them
 * changed. It runs on every change of a document's data, status, company or code (the records
 * trigger), and its upsert wrote every row again with the values it already held: a final approval
 * changes the status alone, and each of its records rows became a new row version with its eight
 * index entries (a trigram and an array GIN among them) — a third of the trigger's time in a final
 * approval (docs/PERFORMANCE.md "A decision's cost by kind"). Now the upsert's update holds only
 * for a row whose fields differ from the ones expected, or that was marked removed. The rest is
 * migration 1390's wrapping of 0980's body, as it was.
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

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(FILL(true)).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(FILL(false)).execute(db);
}
