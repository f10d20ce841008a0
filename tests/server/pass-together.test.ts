import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStaleDocument } from '../../server/workflow/core/approval-log';
import { StepStatus } from '../../server/workflow/core/status';
import { passTogether } from '../../server/workflow/decisions/pass-together';
import { buildTestApp, type TestApp } from './helpers';
import { isBackgroundStatement } from './background-statements';
import { demoUsers, insertDocument, poster, purchaseRefs, tokens, type Users } from './workflow-fixtures';

/**
 * Plain approvals that arrive together pass together (server/workflow/decisions/pass-together.ts):
 * the calls of `ringi_pass_step` made at one moment are one statement — one transaction and one
 * commit — each answering as it would alone; a statement that fails is made again call by call.
 */
describe('plain approvals that arrive together', () => {
  let t: TestApp;
  let users: Users;
  let post: ReturnType<typeof poster>;
  let counter = 0;
  let counting = false;
  const statements: string[] = [];
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      if (counting && !isBackgroundStatement(args.node)) statements.push(JSON.stringify(args.node));
      return args.node;
    },
    async transformResult(args) { return args.result; },
  };
  beforeAll(async () => {
    t = await buildTestApp({}, [plugin]);
    users = await demoUsers(t.db);
    post = poster(t, tokens(t));
  });
  afterAll(async () => t?.close());

  /** A payment of two steps, the first waiting for approver@ (and `others`), the next for finance@. */
  const payment = async (others: number[] = []) => {
    const refs = await purchaseRefs(t.db);
    const doc = await insertDocument(t.db, {
      module: 'payment', requester: users.employee.id, code: `PAY-TOGETHER-${String(counter += 1).padStart(6, '0')}`,
      data: { company_id: refs.company, currency_id: refs.currency, total: 5000 },
      steps: [{ process: 'p-manager', candidates: [users.approver.id, ...others] }, { process: 'p-finance', candidates: [users.finance.id] }],
    });
    await t.db.updateTable('buffers').set({ company_id: refs.company }).where('id', '=', doc.id).execute();
    return doc;
  };
  const passCall = (doc: number, step: number, user: number) =>
    sql<{ passed: number } | { state: unknown } | null>`ringi_pass_step(${doc}::integer, ${step}::integer, ${user}::integer, current_date, now(), ${null}::boolean, ${null}::jsonb)`;
  const stepRows = async (ids: number[]) => (await t.db.selectFrom('approvals').select(['status', 'active', 'approver_id']).where('id', 'in', ids).orderBy('id').execute())
    .map((r) => [r.status, r.active, r.approver_id]);
  const passStatements = () => statements.filter((s) => s.includes('ringi_pass_step')).length;
  const counted = async <T>(run: () => Promise<T>) => {
    statements.length = 0;
    counting = true;
    try {
      return await run();
    } finally {
      counting = false;
    }
  };

  it('calls made at one moment are one statement, each answered as alone; more than a statement holds leave in the next', async () => {
    const docs = await Promise.all(Array.from({ length: 20 }, () => payment()));
    const answers = await counted(() => Promise.all(docs.map((d) => passTogether(t.app.db, passCall(d.id, d.steps[0], users.approver.id)))));
    expect(answers).toEqual(docs.map((d) => ({ passed: d.id })));
    // 16 in the first statement, the 4 left in the next.
    expect(passStatements()).toBe(2);
    for (const d of docs) expect(await stepRows(d.steps)).toEqual([[StepStatus.DONE, false, users.approver.id], [StepStatus.PENDING, true, null]]);
  });

  it('two candidates\' approvals of one step in one statement: the first passes it, the second reads it passed (the app refuses it with 409)', async () => {
    const doc = await payment([users.authorizer.id]);
    const [first, second] = await counted(() => Promise.all([users.approver.id, users.authorizer.id]
      .map((user) => passTogether(t.app.db, passCall(doc.id, doc.steps[0], user)))));
    expect(passStatements()).toBe(1);
    expect(first).toEqual({ passed: doc.id });
    expect(second).toHaveProperty('state');
    expect(await stepRows(doc.steps)).toEqual([[StepStatus.DONE, false, users.approver.id], [StepStatus.PENDING, true, null]]);
  });

  it('a statement that fails writes nothing of it: each call is made again alone, the others pass and the failing one fails as it would alone', async () => {
    const docs = await Promise.all([payment(), payment()]);
    // A call whose write finds its document changed since its read (`ringi_expect`, SQLSTATE RG409).
    const stale = sql<null>`ringi_expect(false)::text::json`;
    const answers = await counted(() => Promise.allSettled([
      passTogether(t.app.db, passCall(docs[0].id, docs[0].steps[0], users.approver.id)),
      passTogether(t.app.db, stale),
      passTogether(t.app.db, passCall(docs[1].id, docs[1].steps[0], users.approver.id)),
    ]));
    expect(answers[0]).toEqual({ status: 'fulfilled', value: { passed: docs[0].id } });
    expect(answers[1].status).toBe('rejected');
    expect(isStaleDocument((answers[1] as PromiseRejectedResult).reason)).toBe(true);
    expect(answers[2]).toEqual({ status: 'fulfilled', value: { passed: docs[1].id } });
    // The statement of three, then each alone.
    expect(passStatements()).toBe(3);
    for (const d of docs) {
      expect(await stepRows(d.steps)).toEqual([[StepStatus.DONE, false, users.approver.id], [StepStatus.PENDING, true, null]]);
      const logs = await t.db.selectFrom('approval_logs').select('id').where('buffer_id', '=', d.id).execute();
      expect(logs).toHaveLength(1);
    }
  });

  it('approvals sent at once through the API share statements and each is answered and recorded as alone', async () => {
    const docs = await Promise.all(Array.from({ length: 8 }, () => payment()));
    // Warm the approver's sign-in so the approvals reach the database together.
    await post('approver', `/api/approvals/${docs[0].steps[0]}/action`, { approve: true });
    const rest = docs.slice(1);
    const replies = await counted(() => Promise.all(rest.map((d) => post('approver', `/api/approvals/${d.steps[0]}/action`, { approve: true }))));
    for (const [i, reply] of replies.entries()) {
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json()).toMatchObject({ id: rest[i].steps[0], status: StepStatus.DONE, buffer: { id: rest[i].id, status: 0 } });
    }
    expect(passStatements()).toBeLessThan(rest.length);
    for (const d of docs) expect(await stepRows(d.steps)).toEqual([[StepStatus.DONE, false, users.approver.id], [StepStatus.PENDING, true, null]]);
  });
});
