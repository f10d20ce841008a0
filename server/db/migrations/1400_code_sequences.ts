import { sql, type Kysely } from 'kysely';

/**
 * Document codes (`PUR-2026-000123`) from a sequence per code prefix, taken without a lock that
 * lasts until the commit (docs/PERFORMANCE.md "Filings no longer wait for each other's numbers").
 *
 * The code was the last code under its prefix + 1, read under an advisory lock held until the
 * filing committed: every filing of a module waited for the one before it to commit, WAL flush
 * included, and one slow flush queued them all (10–18 at once in the sustained mix). A sequence's
 * `nextval` is not undone by a rollback, so a filing that fails after its checks leaves its code
 * unused (a gap in codes; the application and decision numbers of issue #36 still never skip:
 * they stay in the filing's transaction, taken last).
 *
 * `ringi_take_code(prefix, digits)`: the sequence is `ringi_code_<md5 of the prefix>` in the
 * current schema, made at the prefix's first code (starting after the highest code already stored
 * under it). A code already stored by something other than the sequence (a bulk load, the bench's
 * copy seed, a restore) is stepped past by taking further values (up to the highest stored), never
 * by setting the sequence back, so no value is handed out twice.
 * `ringi_peek_code(prefix, digits)`: the code the next filing would get now (not reserved).
 */
const LAST_STORED = `(select substr(code, length(prefix) + 1) from buffers
     where code ~>=~ prefix and code ~<~ (prefix || chr(1114111)) order by code using ~>~ limit 1)`;

const FORMAT = (value: string) => `case when length(${value}::text) >= digits then ${value}::text else lpad(${value}::text, digits, '0') end`;

const STATEMENTS = [
  `create or replace function ringi_last_code(prefix text) returns bigint language plpgsql stable as $$
   declare last text;
   begin
     last := ${LAST_STORED};
     return case when last ~ '^[0-9]{1,18}$' then last::bigint else 0 end;
   end $$`,
  `create or replace function ringi_take_code(prefix text, digits integer) returns text language plpgsql as $$
   declare
     seq text := 'ringi_code_' || md5(prefix);
     n bigint;
     last bigint;
   begin
     if to_regclass(seq) is null then
       begin
         execute format('create sequence if not exists %I minvalue 1 start with %s', seq, ringi_last_code(prefix) + 1);
       exception when unique_violation or duplicate_table then
         null; -- made by a concurrent filing meanwhile
       end;
     end if;
     n := nextval(seq);
     -- Codes stored by something else are stepped past by further values, never by setting the
     -- sequence back: every value is handed out once, so no two filings get one code.
     while exists (select 1 from buffers where code = prefix || ${FORMAT('n')}) loop
       last := ringi_last_code(prefix);
       if last > n then
         select max(v) into n from (select nextval(seq) as v from generate_series(1, last - n)) taken;
       else
         n := nextval(seq);
       end if;
     end loop;
     return prefix || ${FORMAT('n')};
   end $$`,
  `create or replace function ringi_peek_code(prefix text, digits integer) returns text language plpgsql stable as $$
   declare
     seq text := 'ringi_code_' || md5(prefix);
     n bigint := ringi_last_code(prefix) + 1;
     next_of_sequence bigint;
   begin
     if to_regclass(seq) is not null then
       execute format('select case when is_called then last_value + 1 else last_value end from %I', seq) into next_of_sequence;
       n := greatest(n, next_of_sequence);
     end if;
     return prefix || ${FORMAT('n')};
   end $$`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`do $$ declare s record; begin
     for s in select sequencename from pg_sequences where schemaname = current_schema() and sequencename like 'ringi\\_code\\_%' loop
       execute format('drop sequence %I', s.sequencename);
     end loop; end $$`).execute(db);
  for (const name of ['ringi_take_code(text, integer)', 'ringi_peek_code(text, integer)', 'ringi_last_code(text)']) {
    await sql.raw(`drop function if exists ${name}`).execute(db);
  }
}
