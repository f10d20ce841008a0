import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { getter, tokens, type Getter } from './workflow-fixtures';

const onPostgres = !!process.env.TEST_DATABASE_URL;

/**
 * Issue #19 item 0, "database connections ended": a PostgreSQL restart, a failover or an idle
 * reaper ends the app's connections (here `pg_terminate_backend`). The process must stay up (an
 * unhandled pool or client `error` event would end it, and Vitest would report it as an uncaught
 * error) and serve again on fresh connections.
 */
describe.skipIf(!onPostgres)('database connections ended (PostgreSQL)', () => {
  let t: TestApp;
  let get: Getter;

  beforeAll(async () => {
    t = await buildTestApp();
    get = getter(t, tokens(t));
  });
  afterAll(async () => t?.close());

  /** Ends every session of this test's database except the admin connection's own; how many. */
  async function terminateBackends(): Promise<number> {
    const url = new URL(t.url!);
    const database = url.pathname.slice(1);
    url.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    try {
      const result = await admin.query('select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
      return result.rows.filter((row) => row.ended).length;
    } finally {
      await admin.end();
    }
  }

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('survives its idle pooled connections being terminated and serves again', async () => {
    // Fill the pool with idle connections first: their loss is what the pool reports as `error`.
    const warm = await Promise.all(Array.from({ length: 8 }, () => get('employee', '/api/approvals/my')));
    expect(warm.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(await terminateBackends()).toBeGreaterThan(0);
    await pause(200); // the sockets' end reaches the idle clients
    const after = await Promise.all(Array.from({ length: 4 }, () => get('employee', '/api/approvals/my')));
    expect(after.map((r) => r.statusCode)).toEqual(Array(4).fill(200));
  });

  it('survives its connections being terminated mid-traffic, answers each request, and serves again', async () => {
    let running = true;
    const statuses: number[] = [];
    const refusals: Array<{ retryAfter: unknown; code: unknown }> = [];
    const worker = async () => {
      while (running) {
        const response = await get('employee', '/api/approvals/my');
        statuses.push(response.statusCode);
        if (response.statusCode === 503) refusals.push({ retryAfter: response.headers['retry-after'], code: response.json().code });
      }
    };
    const workers = Array.from({ length: 6 }, worker);
    while (statuses.length < 30) await pause(10);
    let ended = 0;
    for (let round = 0; round < 3; round++) {
      ended += await terminateBackends();
      await pause(50);
    }
    running = false;
    await Promise.all(workers);
    expect(ended).toBeGreaterThan(0);
    // Each request got an answer: served, or refused as unavailable (never a 500).
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    for (const refusal of refusals) expect(refusal).toEqual({ retryAfter: '5', code: 'SERVICE_UNAVAILABLE' });
    const after = await Promise.all(Array.from({ length: 6 }, () => get('employee', '/api/approvals/my')));
    expect(after.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
  });

  it('survives a connection terminated while a transaction holds it between two queries', async () => {
    const transaction = t.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      await terminateBackends();
      await pause(200); // the client is checked out and idle when its socket ends
      await sql`select 1`.execute(trx);
    });
    await expect(transaction).rejects.toThrow();
    expect((await get('employee', '/api/approvals/my')).statusCode).toBe(200);
  });
});
