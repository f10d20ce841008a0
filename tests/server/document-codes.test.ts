import { sql, type KyselyPlugin, type QueryId, type RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { demoUsers, filePurchase, purchaseBody, tokens, type Users } from './workflow-fixtures';

const onPostgres = !!process.env.TEST_DATABASE_URL;

/**
 * Document codes and stamp numbers from a sequence per prefix (migration 1400): a filing holds no
 * lock on them until it commits, so filings of one module do not wait for each other's commits
 * (they did: the sustained mix queued 10–18 of them behind one slow commit); they stay unique,
 * numbers stored from elsewhere (a bulk load, a restore) are stepped past, and the application and
 * decision numbers are still given in the filing's (final approval's) transaction without gaps,
 * last, so that only their write waits for another's commit.
 */
describe('document codes', () => {
  let t: TestApp;
  let users: Users;
  let token: string;
  /** While set, the next statement `matches` picks pauses its transaction right after it ran, until released. */
  let pause: { matches: (node: RootOperationNode) => boolean; reached: () => void; released: Promise<void> } | null = null;
  const held = new Set<QueryId>();
  const gate: KyselyPlugin = {
    transformQuery(args) {
      if (pause?.matches(args.node)) held.add(args.queryId);
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

  /** Arms the pause: `atPause` resolves once a transaction is held there. */
  function pauseAt(matches: (node: RootOperationNode) => boolean) {
    let release!: () => void;
    let reached!: () => void;
    const atPause = new Promise<void>((resolve) => { reached = resolve; });
    pause = { matches, reached, released: new Promise<void>((resolve) => { release = resolve; }) };
    return { atPause, release };
  }

  /** Races `work` against 15 s; on losing, says what the database's sessions waited on. */
  async function withoutWaiting<T>(work: Promise<T>, what: string): Promise<T> {
    const outcome = await Promise.race([work, new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 15_000))]);
    const waits = outcome === 'waited' ? JSON.stringify((await sql`select wait_event_type, wait_event, left(query, 120) as query from pg_stat_activity
      where state <> 'idle' and pid <> pg_backend_pid() and datname = current_database()`.execute(t.db)).rows) : '';
    expect(outcome, `${what} waited for the other transaction's commit: ${waits}`).not.toBe('waited');
    return outcome as T;
  }

  const codeNumber = (code: string) => Number(code.slice(code.lastIndexOf('-') + 1));

  it.skipIf(!onPostgres)('a filing does not wait for the commit of another filing that has taken its code', async () => {
    // A first filing stores the module's definition version (a second one at once would wait on that row's insert).
    await filePurchase(t, token, await purchaseBody(t.db, users));
    // Paused after the code's statement (before migration 1400: the advisory lock of the code's prefix).
    const { atPause, release } = pauseAt((node) => /ringi_take_number|pg_advisory_xact_lock/.test(JSON.stringify(node)));
    const first = filePurchase(t, token, await purchaseBody(t.db, users, { goods: 'held open' }));
    await atPause;
    try {
      // The first filing's transaction is open with its code taken; the second must still finish.
      const second = await withoutWaiting(filePurchase(t, token, await purchaseBody(t.db, users, { goods: 'not waiting' })), 'the second filing');
      expect(second.code).toMatch(/-\d{6}$/);
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

  it.skipIf(!onPostgres)('a final approval does not wait for the commit of another one of the same company that has not numbered yet', async () => {
    const tokenOf = tokens(t);
    const [approver, authorizer] = [await tokenOf('approver'), await tokenOf('authorizer')];
    const act = (step: number) => t.app.inject({ method: 'POST', url: `/api/approvals/${step}/action`, payload: { approve: true }, headers: { authorization: `Bearer ${authorizer}` } });
    const finals: number[] = [];
    for (let i = 0; i < 3; i++) {
      const filed = await filePurchase(t, token, await purchaseBody(t.db, users));
      expect((await t.app.inject({ method: 'POST', url: `/api/approvals/${filed.steps[0]}/action`, payload: { approve: true }, headers: { authorization: `Bearer ${approver}` } })).statusCode).toBe(200);
      finals.push(filed.steps[1]);
    }
    // One final approval first, so the company's counter row exists (its first insert would be waited on by any other).
    expect((await act(finals[0])).statusCode).toBe(200);
    // Paused at the statement that completes the document (the entry's, with the step's close), before the number is taken.
    const { atPause, release } = pauseAt((node) => JSON.stringify(node).includes('completed_at'));
    const first = act(finals[1]);
    await atPause;
    try {
      expect((await withoutWaiting(act(finals[2]), 'the second final approval')).statusCode).toBe(200);
    } finally {
      release();
    }
    expect((await first).statusCode).toBe(200);
    const numbers = (await t.db.selectFrom('buffers').innerJoin('approvals', 'approvals.buffer_id', 'buffers.id').select('buffers.decision_number')
      .where('approvals.id', 'in', finals).execute()).map((row) => Number(row.decision_number!.split('-').at(-1))).sort((a, b) => a - b);
    // Still consecutive: each given in its own approval's transaction.
    expect(numbers).toEqual([numbers[0], numbers[0] + 1, numbers[0] + 2]);
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

  it('starts a new prefix after the highest number already stored under it (codes and stamp numbers), and pads past the width', async () => {
    const doc = await filePurchase(t, token, await purchaseBody(t.db, users));
    await t.db.updateTable('buffers').set({ code: 'TST-2030-000041' }).where('id', '=', doc.id).execute();
    const take = async (prefix: string, kind = 'code', digits = 6) => (await sql<{ n: string }>`select ringi_take_number(${kind}, ${prefix}, ${digits}::integer) as n`.execute(t.db)).rows[0].n;
    const peek = async (prefix: string, kind = 'code', digits = 6) => (await sql<{ n: string }>`select ringi_peek_number(${kind}, ${prefix}, ${digits}::integer) as n`.execute(t.db)).rows[0].n;
    expect(await peek('TST-2030-')).toBe('TST-2030-000042');
    expect(await take('TST-2030-')).toBe('TST-2030-000042');
    expect(await peek('TST-2030-')).toBe('TST-2030-000043');
    // A prefix with LIKE's special characters is taken literally.
    expect(await take('T%_-2030-')).toBe('T%_-2030-000001');
    await t.db.updateTable('buffers').set({ code: 'BIG-2030-999999' }).where('id', '=', doc.id).execute();
    expect(await take('BIG-2030-')).toBe('BIG-2030-1000000');
    // Stamp numbers the same way, by their own column and width.
    await t.db.updateTable('buffers').set({ stamp_no: 'TS2030-0007' }).where('id', '=', doc.id).execute();
    expect(await peek('TS2030-', 'stamp_no', 4)).toBe('TS2030-0008');
    expect(await take('TS2030-', 'stamp_no', 4)).toBe('TS2030-0008');
    expect(await take('TS2030-', 'stamp_no', 4)).toBe('TS2030-0009');
    await expect(take('X-', 'data', 4)).rejects.toThrow(/unknown kind/);
  });
});
