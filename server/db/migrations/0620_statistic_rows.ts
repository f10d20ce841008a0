import { sql, type Kysely } from 'kysely';

/**
 * One statistics row per document (docs/PERFORMANCE.md "Statistics queries"), so the document
 * search and the invoice lists filter and count plain indexed columns instead of evaluating
 * per-module JSON paths on every row.
 *
 * - `statistic_paths`: the data paths of each module's `ui:module.statistics` (amount, vendor,
 *   payment dates), as split text arrays, and the file field names (module `*`). Written only by
 *   `syncStatisticPaths` (server/statistics/statistic-paths.ts) from the live definitions — at
 *   start and in the publish transaction — never typed here: no module or path is named in SQL.
 * - `buffer_stats`: the searched columns of a document — its own columns copied (code, module,
 *   status, dates), `company_keys` (the document's company and every `transaction_items[]`
 *   company, as text: exactly what `inCompanies` compared), `currency_id`, `amount` (a JSON
 *   number at the amount path, else null), `vendor` (every value at the vendor paths, joined by
 *   U+001F and lower-cased: PostgreSQL's ILIKE on UTF-8 text is LIKE over `lower()` of both
 *   sides, so `vendor LIKE lower(pattern)` is the same test without lower-casing every row on
 *   every search; a trigram index serves patterns of three characters or more).
 * - `buffer_stat_dates`: each distinct `YYYY-MM-DD` text at the payment-date paths.
 * - `buffer_stat_files`: each file id the document's data holds under a file field.
 *
 * A trigger on `buffers` rewrites a document's rows in the same statement that files, edits or
 * moves it (`ringi_stats_fill`), so no workflow code has to remember them; inside a transaction
 * that set `ringi.stats_deferred` on, it does nothing and the loader calls `ringi_stats_fill(ids)`
 * set-based (the seed generator). Existing documents are filled here (paths still empty) and
 * their JSON-derived columns by the first `syncStatisticPaths`, which refills every module whose
 * paths changed.
 */
const GUARD = `if current_setting('ringi.stats_deferred', true) = 'on' then return null; end if;`;
const SEPARATOR = `E'\\x1f'`;

const STATEMENTS = [
  `create table statistic_paths (
     module_code text not null,
     kind text not null check (kind in ('amount', 'vendor', 'payment_date', 'file_field')),
     position integer not null,
     head text[] not null,
     tail text[],
     primary key (module_code, kind, position))`,
  `create table buffer_stats (
     buffer_id integer primary key references buffers(id) on delete cascade,
     module_code text not null,
     code text not null,
     status integer not null,
     company_keys text[] not null,
     created_at timestamptz not null,
     updated_at timestamptz not null,
     completed_at timestamptz,
     currency_id text,
     amount numeric,
     vendor text)`,
  `create table buffer_stat_dates (
     buffer_id integer not null references buffers(id) on delete cascade,
     pay_date text not null,
     primary key (buffer_id, pay_date))`,
  `create table buffer_stat_files (
     buffer_id integer not null references buffers(id) on delete cascade,
     file_id integer not null,
     primary key (buffer_id, file_id))`,
  // The values at a path: `head` alone, or `tail` inside each element of the array at `head`
  // (the rule of server/statistics/data-path.ts anyAtPath).
  `create or replace function ringi_stat_values(data jsonb, head text[], tail text[]) returns setof text language sql immutable as $$
     select data #>> head where tail is null
     union all
     select e.value #>> tail from jsonb_array_elements(case when tail is not null and jsonb_typeof(data #> head) = 'array'
       then data #> head else '[]'::jsonb end) e
   $$`,
  // The companies a document counts for (server/statistics/company-condition.ts inCompanies).
  `create or replace function ringi_stat_companies(company_id integer, data jsonb) returns text[] language sql immutable as $$
     select coalesce(array_agg(distinct k), '{}') from (
       select company_id::text as k where company_id is not null
       union all
       select e.value->>'company_id' from jsonb_array_elements(case when jsonb_typeof(data->'transaction_items') = 'array'
         then data->'transaction_items' else '[]'::jsonb end) e where e.value->>'company_id' is not null) c
   $$`,
  `create or replace function ringi_stats_fill(ids integer[]) returns void language sql as $$
     delete from buffer_stats where buffer_id = any(ids) and not exists (select 1 from buffers b where b.id = buffer_stats.buffer_id);
     insert into buffer_stats (buffer_id, module_code, code, status, company_keys, created_at, updated_at, completed_at, currency_id, amount, vendor)
       select b.id, b.module_code, b.code, b.status, ringi_stat_companies(b.company_id, b.data), b.created_at, b.updated_at, b.completed_at,
         b.data->>'currency_id',
         (select case when jsonb_typeof(b.data #> p.head) = 'number' then (b.data #>> p.head)::numeric end
            from statistic_paths p where p.module_code = b.module_code and p.kind = 'amount' order by p.position limit 1),
         (select lower(string_agg(v, ${SEPARATOR} order by p.position)) from statistic_paths p, ringi_stat_values(b.data, p.head, p.tail) v
            where p.module_code = b.module_code and p.kind = 'vendor' and v is not null)
       from buffers b where b.id = any(ids)
     on conflict (buffer_id) do update set module_code = excluded.module_code, code = excluded.code, status = excluded.status,
       company_keys = excluded.company_keys, created_at = excluded.created_at, updated_at = excluded.updated_at,
       completed_at = excluded.completed_at, currency_id = excluded.currency_id, amount = excluded.amount, vendor = excluded.vendor;
     delete from buffer_stat_dates where buffer_id = any(ids);
     insert into buffer_stat_dates (buffer_id, pay_date)
       select distinct b.id, v from buffers b join statistic_paths p on p.module_code = b.module_code and p.kind = 'payment_date',
         ringi_stat_values(b.data, p.head, p.tail) v
       where b.id = any(ids) and v ~ '^\\d{4}-\\d{2}-\\d{2}$';
     delete from buffer_stat_files where buffer_id = any(ids);
     insert into buffer_stat_files (buffer_id, file_id)
       select distinct b.id, (r.v #>> '{}')::int from buffers b,
         jsonb_path_query(b.data, '$.** ? (@.type() == "object").keyvalue() ? (@.key == $k).value[*] ? (@.type() == "number" && @ > 0 && @ < 2147483648)',
           jsonb_build_object('k', (select coalesce(jsonb_agg(p.head[1]), '[]'::jsonb) from statistic_paths p where p.module_code = '*' and p.kind = 'file_field'))) r(v)
       where b.id = any(ids) and exists (select 1 from statistic_paths p where p.module_code = '*' and p.kind = 'file_field');
   $$`,
  `create or replace function ringi_stats_buffer() returns trigger language plpgsql as $$
   begin
     ${GUARD}
     perform ringi_stats_fill(array[new.id]);
     return null;
   end $$`,
  `create trigger buffers_stats after insert or update of module_code, code, status, company_id, data, created_at, updated_at, completed_at
   on buffers for each row execute function ringi_stats_buffer()`,
  `select ringi_stats_fill(array(select id from buffers))`,
  // Range scans for the three period types (newest first: the default order stops early).
  `create index buffer_stats_created_idx on buffer_stats(created_at desc, buffer_id desc)`,
  `create index buffer_stats_completed_idx on buffer_stats(completed_at desc, buffer_id desc) where completed_at is not null`,
  `create index buffer_stats_amount_idx on buffer_stats(amount) where amount is not null`,
  // Company scope of a non-group user (&& on the keys).
  `create index buffer_stats_companies_idx on buffer_stats using gin (company_keys)`,
  // The invoice lists: one module and status, newest first.
  `create index buffer_stats_module_status_idx on buffer_stats(module_code, status, created_at desc, buffer_id desc)`,
  `create index buffer_stat_dates_date_idx on buffer_stat_dates(pay_date, buffer_id)`,
  `create index buffer_stat_files_file_idx on buffer_stat_files(file_id)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
  // Vendor search: a trigram index where pg_trgm exists (PGlite loads it; a PostgreSQL server
  // needs the contrib package). Without it the ILIKE scans buffer_stats: correct, slower.
  const available = await sql<{ n: number }>`select count(*)::int as n from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (available.rows[0].n > 0) {
    // In `public` (or wherever it already is), named with its schema: tests migrate one schema
    // each and drop it afterwards, which must not take the extension with it.
    const installed = await sql<{ schema: string }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db);
    if (!installed.rows.length) await sql`create extension if not exists pg_trgm schema public`.execute(db);
    const schema = installed.rows[0]?.schema ?? 'public';
    await sql`create index buffer_stats_vendor_idx on buffer_stats using gin (vendor ${sql.id(schema)}.gin_trgm_ops)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists buffers_stats on buffers`.execute(db);
  for (const fn of ['ringi_stats_buffer()', 'ringi_stats_fill(integer[])', 'ringi_stat_companies(integer, jsonb)', 'ringi_stat_values(jsonb, text[], text[])']) {
    await sql.raw(`drop function if exists ${fn}`).execute(db);
  }
  for (const table of ['buffer_stat_files', 'buffer_stat_dates', 'buffer_stats', 'statistic_paths']) await sql.raw(`drop table if exists ${table}`).execute(db);
}
