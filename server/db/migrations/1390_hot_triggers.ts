import { sql, type Kysely } from 'kysely';

/**
 * What every decision and filing paid inside PostgreSQL for the statistics and records rows
 * (docs/PERFORMANCE.md "Where PostgreSQL's time went"):
 * - `ringi_stats_fill` and `ringi_records_fill` were `language sql`, whose statements PostgreSQL
 *   plans again at every call (a filing planned them for ~1.8 ms on top of running them). As
 *   `plpgsql` with a generic plan the same statements keep their plans for the connection's life
 *   (without `force_generic_plan` PostgreSQL judged a plan for one id cheaper and planned every
 *   call). The bodies are not restated here: the current ones are wrapped, so 0620/0621/0900/0980
 *   stay their only source.
 * - A change of a document that leaves its data, module and company alone (a decision's
 *   `updated_at`, a status, a completion) refilled its whole statistics row — files, vendor and
 *   dates drawn from the data by JSON path — 2.7 ms for a touch of `updated_at`. Such a change now
 *   sets the row's plain columns; anything else, or a document without a row yet, fills as before.
 */
const WRAPPED = ['ringi_stats_fill', 'ringi_records_fill'];

async function relanguage(db: Kysely<any>, from: 'sql' | 'plpgsql', to: 'sql' | 'plpgsql'): Promise<void> {
  for (const name of WRAPPED) {
    const { rows } = await sql<{ src: string }>`select p.prosrc as src from pg_proc p join pg_language l on l.oid = p.prolang
      where p.proname = ${name} and l.lanname = ${from} and p.pronargs = 1`.execute(db);
    if (!rows[0]) continue;
    const body = to === 'plpgsql' ? `begin ${rows[0].src} end` : rows[0].src.replace(/^\s*begin\b/, '').replace(/\bend\s*$/, '');
    // A plan kept for any ids: left to choose, PostgreSQL priced the generic plan above one for a single id and planned every call anew.
    const generic = to === 'plpgsql' ? ' set plan_cache_mode = force_generic_plan' : '';
    await sql.raw(`create or replace function ${name}(ids integer[]) returns void language ${to}${generic} as $fn$${body}$fn$`).execute(db);
  }
}

const STATS_TRIGGER = (cheap: boolean) => `create or replace function ringi_stats_buffer() returns trigger language plpgsql as $$
   begin
     if current_setting('ringi.stats_deferred', true) = 'on' then return null; end if;
     ${cheap ? `if tg_op = 'UPDATE' and new.data is not distinct from old.data and new.module_code = old.module_code
        and new.company_id is not distinct from old.company_id then
       update buffer_stats set code = new.code, status = new.status, created_at = new.created_at,
         updated_at = new.updated_at, completed_at = new.completed_at
        where buffer_id = new.id;
       if found then return null; end if;
     end if;` : ''}
     perform ringi_stats_fill(array[new.id]);
     return null;
   end $$`;

export async function up(db: Kysely<any>): Promise<void> {
  await relanguage(db, 'sql', 'plpgsql');
  await sql.raw(STATS_TRIGGER(true)).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(STATS_TRIGGER(false)).execute(db);
  await relanguage(db, 'plpgsql', 'sql');
}
