import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { KyselyPlugin } from 'kysely';
import { buildTestApp, type TestApp } from './helpers';
import { isBackgroundStatement } from './background-statements';
import { demoUsers, getter, insertDocument, poster, purchaseRefs, tokens, type Users } from './workflow-fixtures';

/**
 * What one decision costs the database (issue #30 items 9–10: fewer statements per decision): an
 * approval that passes the step and mails the next step's approvers — the whole request, from the
 * sign-in check to the commit (the mail sender's delivery afterwards is its own) — runs at most DECISION_BUDGET statements, and a route
 * twice as long costs not one statement more (the steps' candidates and eligibility are read in
 * one statement each, whatever the route's length). Counted by a Kysely plugin that sees every
 * statement the app runs; BEGIN/COMMIT are not counted. A figure, not a timing: it stays the same
 * on any machine.
 */
const DECISION_BUDGET = 6;
/**
 * The same approval when the approver chooses not to mail: the user with the definitions' revision,
 * and one call with no transaction around it (`ringi_pass_step`, decision-without-lock.test.ts):
 * the step's document under the user's visibility (no lock) with its steps, candidates and who of
 * them may act, then the step's close naming the actor, the log entry, the document's touch at the
 * version read, the next step's activation and the remembered choice.
 */
const QUIET_DECISION_BUDGET = 2;
/**
 * A final approval that completes a numbered document and mails its requester: the user, the
 * unlocked read (with the requester as the mail addresses them and the company as the number reads
 * it), the entry's statement (the step's close at the version read, the document's end, its budgets
 * settled, the entry and its webhook read), the mail, and the number's statement (counter and row).
 */
const FINAL_DECISION_BUDGET = 5;

describe('statements per decision', () => {
  let t: TestApp;
  let users: Users;
  let post: ReturnType<typeof poster>;
  let counting = false;
  const statements: string[] = [];
  const counter: KyselyPlugin = {
    transformQuery(args) {
      // The mail sender's rounds (kicked after the commit, in the background) are its own work, not the decision's.
      if (counting && !isBackgroundStatement(args.node)) statements.push(args.node.kind);
      return args.node;
    },
    async transformResult(args) { return args.result; },
  };
  beforeAll(async () => {
    t = await buildTestApp({}, [counter]);
    users = await demoUsers(t.db);
    const auth = tokens(t);
    post = poster(t, auth);
    // The first request of a user warms what is read once per process (the definitions' revision cache, the token's user).
    await getter(t, auth)('approver', '/api/approvals/my');
  });
  afterAll(async () => t?.close());

  /** Statements of approving the first step of a payment whose route has `steps` (each with one candidate). */
  const approveFirstOf = async (steps: Array<[string, string]>, code: string, notify = true) => {
    const refs = await purchaseRefs(t.db);
    const doc = await insertDocument(t.db, {
      module: 'payment', requester: users.employee.id, code,
      data: { company_id: refs.company, department_id: refs.department, currency_id: refs.currency, total: 5000 },
      steps: steps.map(([process, user]) => ({ process, candidates: [users[user].id] })),
    });
    // As filing stores it: the document's company on its row.
    await t.db.updateTable('buffers').set({ company_id: refs.company }).where('id', '=', doc.id).execute();
    statements.length = 0;
    counting = true;
    const reply = await post('approver', `/api/approvals/${doc.steps[0]}/action`, { approve: true, send_email_push: notify });
    counting = false;
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().buffer.status).toBe(steps.length > 1 ? 0 : 2);
    return statements.length;
  };

  it(`an approval that mails the next step runs at most ${DECISION_BUDGET} statements, the same for a route twice as long`, async () => {
    const short = await approveFirstOf([['p-manager', 'approver'], ['p-finance', 'finance']], 'PAY-STMT-000001');
    const long = await approveFirstOf([['p-manager', 'approver'], ['p-finance', 'finance'], ['p-authorizer', 'authorizer'], ['p-treasury', 'treasury']], 'PAY-STMT-000002');
    expect(short).toBeLessThanOrEqual(DECISION_BUDGET);
    expect(long).toBe(short);
  });

  it(`a final approval runs at most ${FINAL_DECISION_BUDGET} statements and numbers the document`, async () => {
    expect(await approveFirstOf([['p-manager', 'approver']], 'PAY-STMT-000005')).toBeLessThanOrEqual(FINAL_DECISION_BUDGET);
    const done = await t.db.selectFrom('buffers').select(['status', 'decision_number', 'completed_at']).where('code', '=', 'PAY-STMT-000005').executeTakeFirstOrThrow();
    expect(done.status).toBe(2);
    expect(done.decision_number).toMatch(/\d{5}$/);
    expect(done.completed_at).not.toBeNull();
  });

  it(`a decision that mails nobody runs at most ${QUIET_DECISION_BUDGET} statements and starts no mail round (no claim on the outbox); one that mails starts one after its response`, async () => {
    const kick = vi.spyOn(t.app.mailer, 'kick');
    expect(await approveFirstOf([['p-manager', 'approver'], ['p-finance', 'finance']], 'PAY-STMT-000003', false)).toBeLessThanOrEqual(QUIET_DECISION_BUDGET);
    await approveFirstOf([['p-manager', 'approver'], ['p-finance', 'finance']], 'PAY-STMT-000004', true);
    // The mail's round is started once its request has answered (server/plugins/outbox-kicks.ts).
    await vi.waitFor(() => expect(kick).toHaveBeenCalled());
    expect(kick).toHaveBeenCalledTimes(1);
    kick.mockRestore();
  });
});
