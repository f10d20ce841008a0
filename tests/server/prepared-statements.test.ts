import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kyselyForPostgres, type DatabaseHandle } from '../../server/db/connect';
import { StatementNames } from '../../server/db/prepared-statements';
import { buildTestApp, type TestApp } from './helpers';

describe('which statements are sent prepared (server/db/prepared-statements.ts)', () => {
  it('a data statement from its second sighting on, under one name per text', () => {
    const names = new StatementNames();
    const text = 'select "id" from "users" where "id" = $1';
    expect(names.nameOf(text)).toBeNull();
    const name = names.nameOf(text);
    expect(name).toMatch(/^r[\w-]{27}$/);
    expect(names.nameOf(text)).toBe(name);
    expect(names.nameOf(`${text} limit 1`)).toBeNull();
    for (const data of ['with x as (select 1) select * from x', 'insert into t values ($1)', ' (select 1)', 'UPDATE t set a = 1', 'delete from t']) {
      names.nameOf(data);
      expect(names.nameOf(data), data).not.toBeNull();
    }
  });

  it('never transaction control, DDL, settings or very long texts', () => {
    const names = new StatementNames();
    for (const text of ['begin', 'commit', 'rollback', 'create table t (a int)', 'set local x = 1', 'deallocate all', `select ${'1,'.repeat(10_001)}1`]) {
      names.nameOf(text);
      expect(names.nameOf(text), text.slice(0, 20)).toBeNull();
    }
  });
});

/**
 * On PostgreSQL (TEST_DATABASE_URL): the pool's connections run statements prepared, and one whose
 * result columns a migration of another instance changed is prepared again and answers the new
 * columns; in a transaction that transaction fails, and the connection recovers after it.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('prepared statements on a PostgreSQL connection', () => {
  let t: TestApp;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    t = await buildTestApp();
    handle = kyselyForPostgres(t.url!, undefined, 1);
    await sql`create table prepared_probe (a int)`.execute(t.db);
    await sql`insert into prepared_probe values (1)`.execute(t.db);
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    await t?.close();
  });

  const read = () => sql<Record<string, number>>`select * from prepared_probe`.execute(handle.db);
  const prepared = async () => (await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements
    where statement like 'select * from prepared_probe%'`.execute(handle.db)).rows[0].n;

  it('are prepared on the connection, and a statement alone recovers after a column is added under it', async () => {
    await read();
    await read();
    expect(await prepared()).toBe(1);
    await sql`alter table prepared_probe add column b int default 2`.execute(t.db);
    expect((await read()).rows).toEqual([{ a: 1, b: 2 }]);
    expect(await prepared()).toBe(1);
  });

  it('in a transaction the change fails that transaction, and the connection serves the new columns after it', async () => {
    await read();
    await sql`alter table prepared_probe add column c int default 3`.execute(t.db);
    await expect(handle.db.transaction().execute((trx) => sql`select * from prepared_probe`.execute(trx))).rejects.toThrow(/cached plan|aborted/);
    expect((await read()).rows).toEqual([{ a: 1, b: 2, c: 3 }]);
  });
});
