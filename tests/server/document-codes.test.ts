import { sql, type KyselyPlugin, type QueryId } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { demoUsers, filePurchase, purchaseBody, tokens, type Users } from './workflow-fixtures';

const onPostgres = !!process.env.TEST_DATABASE_URL;

/**
 * Document codes from a sequence per code prefix (migration 1400): a filing holds no lock on its
 * code until it commits, so filings of one module do not wait for each other's commits (they did:
 * the sustained mix queued 10–18 of them behind one slow commit); codes stay unique, stored codes
 * from elsewhere (a bulk load, a restore) are stepped past, and the application number is still
 * given in the filing's transaction without gaps.
 */
describe('document codes', () => {
  let t: TestApp;
  let users: Users;
  let token: string;
  /** While set, the next filing pauses right after its code is taken, inside its transaction, until released. */
  let pause: { reached: () => void; released: Promise<void> } | null = null;
  const held = new Set<QueryId>();
  const gate: KyselyPlugin = {
    transformQuery(args) {
      // The code's statement (before migration 1400: the advisory lock of the code's prefix).
      if (pause && /ringi_take_code|pg_advisory_xact_lock/.test(JSON.stringify(args.node))) held.add(args.queryId);
      return args.node;
    },
    async transformResult(args) {
      if (held.delete(args.queryId) && pause) {
        const { reached, released } = pause;
        pause = null;
        reached();
        await released;
      }
      return args.result;
    },
  };

  beforeAll(async () => {
    t = await buildTestApp({}, [gate]);
    users = await demoUsers(t.db);
    token = await tokens(t)('employee');
  });
  afterAll(async () => t?.close());

  const codeNumber = (code: string) => Number(code.slice(code.lastIndexOf('-') + 1));

  it.skipIf(!onPostgres)('a filing does not wait for the commit of another filing that has taken its code', async () => {
    // A first filing stores the module's definition version (a second one at once would wait on that row's insert).
    await filePurchase(t, token, await purchaseBody(t.db, users));
    let release!: () => void;
    let reached!: () => void;
    const atCode = new Promise<void>((resolve) => { reached = resolve; });
    pause = { reached, released: new Promise<void>((resolve) => { release = resolve; }) };
    const first = filePurchase(t, token, await purchaseBody(t.db, users, { goods: 'held open' }));
    await atCode;
    try {
      // The first filing's transaction is open with its code taken; the second must still finish.
      const second = await Promise.race([
        filePurchase(t, token, await purchaseBody(t.db, users, { goods: 'not waiting' })),
        new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 15_000)),
      ]).catch((error: unknown) => error);
      // On failure, say what the second filing waited on.
      const waits = second === 'waited' ? JSON.stringify((await sql`select wait_event_type, wait_event, left(query, 120) as query from pg_stat_activity
        where state <> 'idle' and pid <> pg_backend_pid() and datname = current_database()`.execute(t.db)).rows) : '';
      expect(second, `the second filing waited for the first one's commit: ${waits}`).not.toBe('waited');
      expect((second as { code?: unknown }).code).toMatch(/-\d{6}$/);
    } finally {
      release();
    }
    const firstFiled = await first;
    const rows = await t.db.selectFrom('buffers').select(['code', 'application_number']).orderBy('id', 'desc').limit(2).execute();
    expect(new Set(rows.map((r) => r.code)).size).toBe(2);
    expect(rows.map((r) => r.code)).toContain(firstFiled.code);
    // The application numbers are still consecutive: given last, in each filing's transaction.
    const numbers = rows.map((r) => Number(r.application_number!.split('-').at(-1))).sort((a, b) => a - b);
    expect(numbers[1] - numbers[0]).toBe(1);
  }, 60_000);

  it('steps past codes stored by something else, and never hands one out twice', async () => {
    const a = await filePurchase(t, token, await purchaseBody(t.db, users));
    const prefix = a.code.slice(0, a.code.lastIndexOf('-') + 1);
    const n = codeNumber(a.code);
    const stored = (k: number) => `${prefix}${String(k).padStart(6, '0')}`;
    // A bulk load stored the next code and one far ahead (as if 900 documents had come in).
    const b = await filePurchase(t, token, await purchaseBody(t.db, users));
    expect(codeNumber(b.code)).toBe(n + 1);
    await t.db.updateTable('buffers').set({ code: stored(n + 2) }).where('id', '=', b.id).execute();
    await t.db.updateTable('buffers').set({ code: stored(n + 900) }).where('id', '=', a.id).execute();
    const c = await filePurchase(t, token, await purchaseBody(t.db, users));
    // n + 2 was taken: the sequence moved past every stored code, to the highest + 1.
    expect(c.code).toBe(stored(n + 901));
    const next = await t.app.inject({ method: 'GET', url: '/api/buffer/next_code?module_code=purchase', headers: { authorization: `Bearer ${token}` } });
    const d = await filePurchase(t, token, await purchaseBody(t.db, users));
    expect(d.code).toBe(stored(n + 902));
    expect(next.statusCode).toBe(200);
    expect(next.json().code).toBe(d.code);
  });

  it('starts a new prefix after the highest code already stored under it, and pads past six digits', async () => {
    const doc = await filePurchase(t, token, await purchaseBody(t.db, users));
    await t.db.updateTable('buffers').set({ code: 'TST-2030-000041' }).where('id', '=', doc.id).execute();
    const take = async (prefix: string) => (await sql<{ code: string }>`select ringi_take_code(${prefix}, 6) as code`.execute(t.db)).rows[0].code;
    const peek = async (prefix: string) => (await sql<{ code: string }>`select ringi_peek_code(${prefix}, 6) as code`.execute(t.db)).rows[0].code;
    expect(await peek('TST-2030-')).toBe('TST-2030-000042');
    expect(await take('TST-2030-')).toBe('TST-2030-000042');
    expect(await peek('TST-2030-')).toBe('TST-2030-000043');
    // A prefix with LIKE's special characters is taken literally.
    expect(await take('T%_-2030-')).toBe('T%_-2030-000001');
    await t.db.updateTable('buffers').set({ code: 'BIG-2030-999999' }).where('id', '=', doc.id).execute();
    expect(await take('BIG-2030-')).toBe('BIG-2030-1000000');
  });
});
