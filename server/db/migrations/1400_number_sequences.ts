import { sql, type Kysely } from 'kysely';

/**
 * Document codes (`PUR-2026-000123`) and stamp numbers (`CS2026-0001`) from a sequence per prefix,
 * taken without a lock that lasts until the commit (docs/PERFORMANCE.md "Filings no longer wait
 * for each other's commits").
 *
 * Each was the last one under its prefix + 1, read under an advisory lock held until the filing
 * committed: every filing of a module waited for the one before it to commit, WAL flush included,
 * and one slow flush queued them all (10–18 at once in the sustained mix). A sequence's `nextval`
 * is not undone by a rollback, so a filing that fails after its checks leaves its code and stamp
 * number unused (a gap; the application and decision numbers of issue #36 still never skip: they
 * stay in the filing's transaction, taken last).
 *
 * `ringi_take_number(kind, prefix, digits)`, kind `code` or `stamp_no` (the `buffers` column): the
 * sequence is `ringi_<kind>_<md5 of the prefix>` in the current schema, made at the prefix's first
 * number (starting after the highest one already stored under it). A number already stored by
 * something other than the sequence (a bulk load, the bench's copy seed, a restore) is stepped past
 * by taking further values (up to the highest stored), never by setting the sequence back, so no
 * value is handed out twice. `ringi_peek_number(kind, prefix, digits)`: the number the next filing
 * would get now (not reserved). The two columns are spelt out (no dynamic SQL): their statements
 * keep their plans.
 */
const LAST_STORED = (column: string) => `(select substr(${column}, length(prefix) + 1) from buffers
       where ${column} ~>=~ prefix and ${column} ~<~ (prefix || chr(1114111)) order by ${column} using ~>~ limit 1)`;

const FORMAT = (value: string) => `prefix || case when length(${value}::text) >= digits then ${value}::text else lpad(${value}::text, digits, '0') end`;

const STORED = (value: string) => `case kind when 'code' then exists (select 1 from buffers where code = ${FORMAT(value)})
       else exists (select 1 from buffers where stamp_no = ${FORMAT(value)}) end`;

const STATEMENTS = [
  `create or replace function ringi_last_number(kind text, prefix text) returns bigint language plpgsql stable as $$
   declare last text;
   begin
     if kind = 'code' then last := ${LAST_STORED('code')};
     elsif kind = 'stamp_no' then last := ${LAST_STORED('stamp_no')};
     else raise exception 'ringi_last_number: unknown kind %', kind;
     end if;
     return case when last ~ '^[0-9]{1,18}$' then last::bigint else 0 end;
   end $$`,
  `create or replace function ringi_take_number(kind text, prefix text, digits integer) returns text language plpgsql as $$
   declare
     seq text := 'ringi_' || kind || '_' || md5(prefix);
     n bigint;
     last bigint;
   begin
     if to_regclass(seq) is null then
       begin
         execute format('create sequence if not exists %I minvalue 1 start with %s', seq, ringi_last_number(kind, prefix) + 1);
       exception when unique_violation or duplicate_table then
         null; -- made by a concurrent filing meanwhile
       end;
     end if;
     n := nextval(seq);
     -- Numbers stored by something else are stepped past by further values, never by setting the
     -- sequence back: every value is handed out once, so no two filings get one number.
     while ${STORED('n')} loop
       last := ringi_last_number(kind, prefix);
       if last > n then
         select max(v) into n from (select nextval(seq) as v from generate_series(1, last - n)) taken;
       else
         n := nextval(seq);
       end if;
     end loop;
     return ${FORMAT('n')};
   end $$`,
  `create or replace function ringi_peek_number(kind text, prefix text, digits integer) returns text language plpgsql stable as $$
   declare
     seq text := 'ringi_' || kind || '_' || md5(prefix);
     n bigint := ringi_last_number(kind, prefix) + 1;
     next_of_sequence bigint;
   begin
     if to_regclass(seq) is not null then
       execute format('select case when is_called then last_value + 1 else last_value end from %I', seq) into next_of_sequence;
       n := greatest(n, next_of_sequence);
     end if;
     return ${FORMAT('n')};
   end $$`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`do $$ declare s record; begin
     for s in select sequencename from pg_sequences where schemaname = current_schema()
       and (sequencename like 'ringi\\_code\\_%' or sequencename like 'ringi\\_stamp\\_no\\_%') loop
       execute format('drop sequence %I', s.sequencename);
     end loop; end $$`).execute(db);
  for (const name of ['ringi_take_number(text, text, integer)', 'ringi_peek_number(text, text, integer)', 'ringi_last_number(text, text)']) {
    await sql.raw(`drop function if exists ${name}`).execute(db);
  }
}
