import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordActor } from '../../server/records/record-actor';
import { buildTestApp, type TestApp } from './helpers';
import { demoUsers, filePurchase, purchaseBody, tokens, type Users } from './workflow-fixtures';

const onPostgres = !!process.env.TEST_DATABASE_URL;

/**
 * Every history entry the application commits is sealed (issue #30 item 7, migration 0980,
 * server/records/record-seal.ts) — also when many decisions run at once on PostgreSQL, when clients
 * give up on requests the server still carries out (a load run under heavy machine load reported
 * unsealed approval entries), and when an entry is written inside a savepoint (a subtransaction:
 * its rows carry the subtransaction's xid as `xmin`, not the transaction's).
 */
describe.skipIf(!onPostgres)('history seals under concurrent decisions (PostgreSQL)', () => {
  let t: TestApp;
  let users: Users;
  let auth: ReturnType<typeof tokens>;
  let port: number;
  let baseline: number;

  beforeAll(async () => {
    t = await buildTestApp({ databasePoolSize: 4 });
    users = await demoUsers(t.db);
    auth = tokens(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    baseline = Number((await sql<{ id: string | null }>`select max(id) as id from record_history`.execute(t.db)).rows[0].id ?? 0);
  }, 120_000);
  afterAll(async () => t?.close());

  /** The entries written since the test began that carry no seal. */
  const unsealed = async () => (await sql<{ buffer_id: number; seq: number; kind: string; reason: string | null }>`
    select buffer_id, seq, kind, reason from record_history where id > ${baseline} and mac is null order by id`.execute(t.db)).rows;

  /**
   * POSTs over real HTTP. With `abort`, the client goes away as soon as the server has read the
   * whole request (the server carries on with it, as in the load run); resolves with the status,
   * or 0 for an aborted request.
   */
  function post(token: string, path: string, body: unknown, abort = false): Promise<number> {
    const payload = JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const marker = abort ? `${Math.random()}` : '';
      const client = httpRequest({
        host: '127.0.0.1', port, path, method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), 'accept-language': 'en', ...(abort ? { 'x-test-abort': marker } : {}) },
      }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      });
      client.on('error', (error) => (abort ? resolve(0) : reject(error)));
      if (abort) aborts.set(marker, () => client.destroy());
      client.end(payload);
    });
  }
  /** Client-side aborts, triggered when the server has read the request's body. */
  const aborts = new Map<string, () => void>();
  beforeAll(() => {
    t.app.server.prependListener('request', (req) => {
      const marker = req.headers['x-test-abort'];
      if (typeof marker !== 'string') return;
      req.on('end', () => setImmediate(() => { aborts.get(marker)?.(); aborts.delete(marker); }));
    });
  });

  /** Waits until no session of the test's database is inside a transaction or running a query (the server finished what clients left). */
  async function settled(): Promise<void> {
    const url = new URL(t.url!);
    const database = url.pathname.slice(1);
    const admin = new pg.Client({ connectionString: t.url });
    await admin.connect();
    try {
      for (;;) {
        const busy = await admin.query(`select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()
          and (state <> 'idle' or xact_start is not null)`, [database]);
        if (busy.rows[0].n === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await admin.end();
    }
  }

  it('leaves no entry unsealed after many concurrent approvals, rejections and comments, many of them given up by their client while the server carries them out', async () => {
    const employee = await auth('employee');
    const approver = await auth('approver');
    const authorizer = await auth('authorizer');
    const documents = [];
    for (let i = 0; i < 24; i += 1) documents.push(await filePurchase(t, employee, await purchaseBody(t.db, users, { goods: `Seal ${i}` })));

    // First steps, all at once; every third request given up by its client once sent.
    const first = await Promise.all(documents.map((d, i) => post(approver, `/api/approvals/${d.steps[0]}/action`, { approve: true }, i % 3 === 0)));
    expect(first.filter((status) => status !== 0 && status !== 200)).toEqual([]);
    await settled();
    // What a client gave up on and the server did not carry out is sent again (a retry answers 200 or 409).
    const pendingFirst = await t.db.selectFrom('approvals').select('id').where('id', 'in', documents.map((d) => d.steps[0])).where('status', '=', 0).execute();
    for (const step of pendingFirst) expect([200, 409]).toContain(await post(approver, `/api/approvals/${step.id}/action`, { approve: true }));

    // Final steps (a status change each: an entry), rejections and comments on the same documents at once.
    const second = await Promise.all(documents.flatMap((d, i) => [
      post(authorizer, `/api/approvals/${d.steps[1]}/action`, { approve: i % 4 !== 1 }, i % 3 !== 2),
      post(employee, `/api/buffer/${d.id}/comments`, { body: `Comment ${i}` }, i % 2 === 0),
    ]));
    expect(second.filter((status) => ![0, 200, 201].includes(status))).toEqual([]);
    await settled();

    const entries = await t.db.selectFrom('record_history').select(['buffer_id', 'kind']).where('buffer_id', 'in', documents.map((d) => d.id)).execute();
    // The decisions and comments the server carried out wrote entries (filing, status, comment).
    expect(entries.filter((e) => e.kind === 'status').length).toBeGreaterThan(0);
    expect(entries.filter((e) => e.kind === 'comment').length).toBeGreaterThan(0);
    expect(await unsealed()).toEqual([]);
    // …and verify finds nothing wrong with these documents.
    const report = (await t.app.inject({ method: 'GET', url: '/api/records/verify', headers: { authorization: `Bearer ${await auth('admin')}` } })).json() as { broken: Array<{ document: { id: number } }> };
    const ids = new Set(documents.map((d) => d.id));
    expect(report.broken.filter((p) => ids.has(p.document.id))).toEqual([]);
  }, 120_000);

  it('seals an entry the application writes inside a savepoint (its row\'s xmin is the subtransaction\'s)', async () => {
    const doc = await filePurchase(t, await auth('employee'), await purchaseBody(t.db, users, { goods: 'Savepoint' }));
    const trx = await t.db.startTransaction().execute();
    try {
      await recordActor(trx, users.employee.id, 'edit');
      const inner = await trx.savepoint('edit').execute();
      await sql`update buffers set data = jsonb_set(data, '{total_estimated}', '7') where id = ${doc.id}`.execute(inner);
      await inner.releaseSavepoint('edit').execute();
      await trx.commit().execute();
    } catch (error) {
      await trx.rollback().execute();
      throw error;
    }
    const entry = await t.db.selectFrom('record_history').select(['kind', 'mac']).where('buffer_id', '=', doc.id).orderBy('seq', 'desc').executeTakeFirstOrThrow();
    expect(entry.kind).toBe('edit');
    expect(entry.mac).toMatch(/^[0-9a-f]{64}$/);
    expect(await unsealed()).toEqual([]);
  });

  it('keeps nothing of a savepoint rolled back, and seals what the transaction wrote around it', async () => {
    const doc = await filePurchase(t, await auth('employee'), await purchaseBody(t.db, users, { goods: 'Rolled back' }));
    const before = await t.db.selectFrom('record_history').select(({ fn }) => fn.countAll<number>().as('n')).where('buffer_id', '=', doc.id).executeTakeFirstOrThrow();
    const trx = await t.db.startTransaction().execute();
    await recordActor(trx, users.employee.id, 'edit');
    const inner = await trx.savepoint('edit').execute();
    await sql`update buffers set data = jsonb_set(data, '{total_estimated}', '8') where id = ${doc.id}`.execute(inner);
    await inner.rollbackToSavepoint('edit').execute();
    await sql`update buffers set data = jsonb_set(data, '{total_estimated}', '9') where id = ${doc.id}`.execute(trx);
    await trx.commit().execute();
    const entries = await t.db.selectFrom('record_history').select(['after', 'mac']).where('buffer_id', '=', doc.id).orderBy('seq').execute();
    expect(entries.length).toBe(Number(before.n) + 1);
    expect(entries.at(-1)).toMatchObject({ after: { total_estimated: 9 }, mac: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(await unsealed()).toEqual([]);
  });
});
