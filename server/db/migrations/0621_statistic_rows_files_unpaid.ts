import { sql, type Kysely } from 'kysely';

/**
 * Two more searched facts on the statistics rows of migration 0620 (docs/PERFORMANCE.md
 * "Statistics queries"):
 * - `has_files`: the document's data holds a file id under a file field (it has rows in
 *   `buffer_stat_files`). The files tab searches only those documents, by a partial index,
 *   instead of every document of the period.
 * - `unpaid`: for a module with `statistics.projection`, its paid-date field is empty (the
 *   payment projection's rule); null for other modules. Its path is a `statistic_paths` row of
 *   kind `projection_paid`, written by `syncStatisticPaths` like the others, so the first start
 *   after this migration refills the projection modules.
 * `ringi_stats_fill` now writes the files first, then the row that sums them up.
 */
const SEPARATOR = `E'\\x1f'`;

/** 0620's fill, restored by `down`. */
const FILL_0620 = `create or replace function ringi_stats_fill(ids integer[]) returns void language sql as $$
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
   $$`;

const STATEMENTS = [
  `alter table statistic_paths drop constraint statistic_paths_kind_check`,
  `alter table statistic_paths add constraint statistic_paths_kind_check
     check (kind in ('amount', 'vendor', 'payment_date', 'file_field', 'projection_paid'))`,
  `alter table buffer_stats add column has_files boolean not null default false, add column unpaid boolean`,
  `update buffer_stats s set has_files = true where exists (select 1 from buffer_stat_files f where f.buffer_id = s.buffer_id)`,
  `create or replace function ringi_stats_fill(ids integer[]) returns void language sql as $$
     delete from buffer_stats where buffer_id = any(ids) and not exists (select 1 from buffers b where b.id = buffer_stats.buffer_id);
     delete from buffer_stat_files where buffer_id = any(ids);
     insert into buffer_stat_files (buffer_id, file_id)
       select distinct b.id, (r.v #>> '{}')::int from buffers b,
         jsonb_path_query(b.data, '$.** ? (@.type() == "object").keyvalue() ? (@.key == $k).value[*] ? (@.type() == "number" && @ > 0 && @ < 2147483648)',
           jsonb_build_object('k', (select coalesce(jsonb_agg(p.head[1]), '[]'::jsonb) from statistic_paths p where p.module_code = '*' and p.kind = 'file_field'))) r(v)
       where b.id = any(ids) and exists (select 1 from statistic_paths p where p.module_code = '*' and p.kind = 'file_field');
     insert into buffer_stats (buffer_id, module_code, code, status, company_keys, created_at, updated_at, completed_at, currency_id, amount, vendor, has_files, unpaid)
       select b.id, b.module_code, b.code, b.status, ringi_stat_companies(b.company_id, b.data), b.created_at, b.updated_at, b.completed_at,
         b.data->>'currency_id',
         (select case when jsonb_typeof(b.data #> p.head) = 'number' then (b.data #>> p.head)::numeric end
            from statistic_paths p where p.module_code = b.module_code and p.kind = 'amount' order by p.position limit 1),
         (select lower(string_agg(v, ${SEPARATOR} order by p.position)) from statistic_paths p, ringi_stat_values(b.data, p.head, p.tail) v
            where p.module_code = b.module_code and p.kind = 'vendor' and v is not null),
         exists (select 1 from buffer_stat_files f where f.buffer_id = b.id),
         (select coalesce(b.data #>> p.head, '') = '' from statistic_paths p
            where p.module_code = b.module_code and p.kind = 'projection_paid' order by p.position limit 1)
       from buffers b where b.id = any(ids)
     on conflict (buffer_id) do update set module_code = excluded.module_code, code = excluded.code, status = excluded.status,
       company_keys = excluded.company_keys, created_at = excluded.created_at, updated_at = excluded.updated_at,
       completed_at = excluded.completed_at, currency_id = excluded.currency_id, amount = excluded.amount, vendor = excluded.vendor,
       has_files = excluded.has_files, unpaid = excluded.unpaid;
     delete from buffer_stat_dates where buffer_id = any(ids);
     insert into buffer_stat_dates (buffer_id, pay_date)
       select distinct b.id, v from buffers b join statistic_paths p on p.module_code = b.module_code and p.kind = 'payment_date',
         ringi_stat_values(b.data, p.head, p.tail) v
       where b.id = any(ids) and v ~ '^\\d{4}-\\d{2}-\\d{2}$';
   $$`,
  // The files tab: documents with files in the period, newest first.
  `create index buffer_stats_files_created_idx on buffer_stats(created_at desc, buffer_id desc) where has_files`,
  // The payment projection: unpaid documents of a projection module by status.
  `create index buffer_stats_unpaid_idx on buffer_stats(module_code, status) where unpaid`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists buffer_stats_unpaid_idx`.execute(db);
  await sql`drop index if exists buffer_stats_files_created_idx`.execute(db);
  await sql`delete from statistic_paths where kind = 'projection_paid'`.execute(db);
  await sql.raw(FILL_0620).execute(db);
  await sql`alter table buffer_stats drop column if exists unpaid, drop column if exists has_files`.execute(db);
  await sql`alter table statistic_paths drop constraint statistic_paths_kind_check`.execute(db);
  await sql`alter table statistic_paths add constraint statistic_paths_kind_check check (kind in ('amount', 'vendor', 'payment_date', 'file_field'))`.execute(db);
}
