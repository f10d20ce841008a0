/**
 * Approvals mean what they approved (issue #30 items 1 and 2): an edit re-resolves the route from
 * the edited data and, after any decision, voids the approvals and restarts at the first step
 * (through the requester's edit, the manager's edit and send back → edit → resubmit); fields
 * marked `ui:keepsApprovals` leave approvals standing; an edit racing a decision lets exactly one
 * win; a 合議 step counts people, not actions (PGlite, and PostgreSQL when TEST_DATABASE_URL is set).
 */
import { describe, expect, it } from 'vitest';
import { toApiDate } from '../../src/engine';
import { paymentBody } from './integrity-fixtures';
import { filePurchase, insertDocument, moduleSteps, purchaseBody, workflowSuite, type WorkflowSuite } from './workflow-fixtures';

let s: WorkflowSuite;
workflowSuite((suite) => { s = suite; });

/** A purchase of one item at `total` CNY, its manager step named (the approver) and the authorizer chosen. */
const filePurchaseAt = async (total: number, by = 'employee') => filePurchase(s.t, await s.auth(by), await purchaseBody(s.t.db, s.users, { budget: total }));
/** The body fields that set a purchase's total to `total`. */
const totalOf = async (id: number, total: number) => {
  const { data } = await s.t.db.selectFrom('buffers').select('data').where('id', '=', id).executeTakeFirstOrThrow();
  const goods = (data as { purchase_goods: Array<Record<string, unknown>> }).purchase_goods;
  return { purchase_goods: [{ ...goods[0], budget: total }], total_estimated: total };
};
/** The live steps of a document: process code, status, active, candidates. */
const liveSteps = async (id: number) => {
  const steps = await s.t.db.selectFrom('approvals').innerJoin('master_processes', 'master_processes.id', 'approvals.master_process_id')
    .innerJoin('processes', 'processes.id', 'master_processes.process_id')
    .select(['approvals.id', 'processes.code', 'approvals.status', 'approvals.active'])
    .where('approvals.buffer_id', '=', id).where('approvals.voided_at', 'is', null).orderBy('approvals.position').execute();
  return steps;
};
const codes = async (id: number) => (await liveSteps(id)).map((st) => st.code);
const activeStep = async (id: number) => (await liveSteps(id)).find((st) => st.active)!;
const act = (user: string, step: number, body: Record<string, unknown> = { approve: true }) => s.post(user, `/api/approvals/${step}/action`, body);
const edit = (user: string, id: number, data: Record<string, unknown>, extra: Record<string, unknown> = {}) => s.post(user, `/api/buffer/${id}/edit`, { data, ...extra });
const lastMailId = async () => (await s.t.db.selectFrom('mail_outbox').select('id').orderBy('id', 'desc').executeTakeFirst())?.id ?? 0;
const mailsSince = async (id: number) => s.t.db.selectFrom('mail_outbox').select(['to_address', 'subject']).where('id', '>', id).orderBy('id').execute();
const status = async (id: number) => (await s.t.db.selectFrom('buffers').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

/** Approves the active step as whoever is its first candidate, until the document completes; answers who approved, in order. */
async function approveToEnd(id: number): Promise<string[]> {
  const byId = new Map(Object.entries(s.users).map(([key, user]) => [user.id, key]));
  const approvedBy: string[] = [];
  for (let guard = 0; guard < 10 && await status(id) === 0; guard++) {
    const step = await activeStep(id);
    const candidate = await s.t.db.selectFrom('approval_candidates').select('user_id').where('approval_id', '=', step.id).orderBy('user_id').executeTakeFirstOrThrow();
    const user = byId.get(candidate.user_id)!;
    const reply = await act(user, step.id);
    expect(reply.statusCode, reply.body).toBe(200);
    approvedBy.push(step.code);
  }
  return approvedBy;
}

describe('an edit re-resolves the route from the edited data', () => {
  it('a purchase filed at 50,000 CNY and edited to 5,000,000 before any decision gains the director step', async () => {
    const filed = await filePurchaseAt(50_000);
    expect(await codes(filed.id)).toEqual(['p-manager', 'p-authorizer']);
    const reply = await edit('employee', filed.id, await totalOf(filed.id, 5_000_000));
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ approvals_cleared: true, changed_fields: ['purchase_goods', 'total_estimated'] });
    expect(await codes(filed.id)).toEqual(['p-manager', 'p-director', 'p-authorizer']);
    // The filed steps are voided: acting on one is refused, and it completes only through the director.
    expect((await act('approver', filed.steps[0])).statusCode).toBe(409);
    expect(await approveToEnd(filed.id)).toEqual(['p-manager', 'p-director', 'p-authorizer']);
  });

  it('approved by the manager and the director at 150,000 then edited to 9,000,000: approvals cleared, restarted at the first step, approvers mailed', async () => {
    const filed = await filePurchaseAt(150_000);
    expect(await codes(filed.id)).toEqual(['p-manager', 'p-director', 'p-authorizer']);
    expect((await act('approver', filed.steps[0])).statusCode).toBe(200);
    expect((await act('approver2', filed.steps[1])).statusCode).toBe(200);
    const before = await lastMailId();
    const reply = await edit('employee', filed.id, await totalOf(filed.id, 9_000_000));
    expect(reply.json()).toMatchObject({ approvals_cleared: true });
    const steps = await liveSteps(filed.id);
    expect(steps.map((st) => [st.code, st.status, st.active])).toEqual([['p-manager', 0, true], ['p-director', 0, false], ['p-authorizer', 0, false]]);
    // Old steps, old decisions: refused.
    expect((await act('authorizer', filed.steps[2])).statusCode).toBe(409);
    const view = (await s.get('employee', `/api/buffers/${filed.id}`)).json();
    expect(view.approvals.map((a: { id: number }) => a.id)).toEqual(steps.map((st) => st.id));
    expect(view.current_approval_id).toBe(steps[0].id);
    const cleared = view.approval_logs.find((l: { action: string }) => l.action === 'approvals_cleared');
    expect(cleared.log_text).toContain('150,000 → 9,000,000');
    expect(cleared.user.id).toBe(s.users.employee.id);
    // The earlier approvals stay on the timeline, as the document's.
    expect(view.approval_logs.filter((l: { action: string }) => l.action === 'approve')).toHaveLength(2);
    // The manager is asked again; the director is told the approval was cleared (each in their language, ja by default).
    const mails = await mailsSince(before);
    expect(mails.find((m) => m.to_address === s.users.approver.email)?.subject).toMatch(/承認を待っています|waiting for your approval/);
    expect(mails.find((m) => m.to_address === s.users.approver2.email)?.subject).toMatch(/承認がクリアされました|approval was cleared/);
    expect(await approveToEnd(filed.id)).toEqual(['p-manager', 'p-director', 'p-authorizer']);
  });

  it('through the manager\'s own edit: the director is added and the manager decides again on the new step', async () => {
    const filed = await filePurchaseAt(50_000);
    const reply = await edit('approver', filed.id, await totalOf(filed.id, 5_000_000));
    expect(reply.json()).toMatchObject({ approvals_cleared: true });
    expect(await codes(filed.id)).toEqual(['p-manager', 'p-director', 'p-authorizer']);
    expect((await activeStep(filed.id)).code).toBe('p-manager');
    expect(await approveToEnd(filed.id)).toContain('p-director');
  });

  it('through send back → edit → resubmit: the resubmitted route is the edited data\'s', async () => {
    const filed = await filePurchaseAt(50_000);
    expect((await act('approver', filed.steps[0])).statusCode).toBe(200);
    const back = await act('authorizer', filed.steps[1], { approve: false, back_to: 'requester' });
    expect(back.statusCode, back.body).toBe(200);
    expect((await edit('employee', filed.id, await totalOf(filed.id, 5_000_000))).json()).toMatchObject({ approvals_cleared: true });
    // Still with the requester until they resubmit.
    expect((await liveSteps(filed.id)).some((st) => st.active)).toBe(false);
    expect((await s.post('employee', `/api/buffer/${filed.id}/resubmit`)).statusCode).toBe(200);
    expect(await approveToEnd(filed.id)).toEqual(['p-manager', 'p-director', 'p-authorizer']);
  });

  it('an edit that changes nothing approved keeps the approvals; a change below the threshold after a decision still clears them', async () => {
    const filed = await filePurchaseAt(50_000);
    expect((await act('approver', filed.steps[0])).statusCode).toBe(200);
    const same = await edit('employee', filed.id, {});
    expect(same.json()).toMatchObject({ changed_fields: [], approvals_cleared: false });
    expect((await liveSteps(filed.id)).map((st) => st.id)).toEqual(filed.steps);
    const small = await edit('employee', filed.id, await totalOf(filed.id, 60_000));
    expect(small.json()).toMatchObject({ approvals_cleared: true });
    expect(await codes(filed.id)).toEqual(['p-manager', 'p-authorizer']);
    expect((await activeStep(filed.id)).code).toBe('p-manager');
  });
});

describe('ui:keepsApprovals', () => {
  it('a remark marked ui:keepsApprovals leaves the approvals standing; the amount does not', async () => {
    const filed = await s.post('employee', '/api/buffer/payment', await paymentBody(s.t.db, s.users));
    expect(filed.statusCode, filed.body).toBe(201);
    const { id } = filed.json();
    const [first] = await liveSteps(id);
    expect((await act('approver', first.id)).statusCode).toBe(200);
    const remark = await edit('employee', id, { note: '11月分の家賃' });
    expect(remark.json()).toMatchObject({ changed_fields: ['note'], approvals_cleared: false });
    expect((await liveSteps(id))[0]).toMatchObject({ id: first.id, status: 1 });
    const { data } = await s.t.db.selectFrom('buffers').select('data').where('id', '=', id).executeTakeFirstOrThrow();
    const items = (data as { transaction_items: Array<Record<string, any>> }).transaction_items;
    const amount = await edit('employee', id, {
      total: 7000, transaction_items: [{ ...items[0], total: 7000, contents: [{ ...items[0].contents[0], amount: 7000 }] }],
    });
    expect(amount.statusCode, amount.body).toBe(200);
    expect(amount.json()).toMatchObject({ approvals_cleared: true });
    expect((await liveSteps(id))[0]).toMatchObject({ status: 0, active: true });
  });
});

describe('an edit racing a decision', () => {
  it('exactly one wins and the other is told 409, whichever comes first', async () => {
    for (let round = 0; round < 4; round++) {
      const filed = await filePurchaseAt(50_000);
      const { updated_at } = (await s.get('employee', `/api/buffers/${filed.id}`)).json();
      const change = await totalOf(filed.id, 70_000 + round);
      const racers = [
        () => act('approver', filed.steps[0]),
        () => edit('employee', filed.id, change, { expected_updated_at: updated_at }),
      ];
      // Started in either order; whichever takes the document's lock first wins.
      const started = round % 2 ? [racers[1](), racers[0]()] : [racers[0](), racers[1]()];
      const [approve, edited] = round % 2 ? (await Promise.all(started)).reverse() : await Promise.all(started);
      expect([approve.statusCode, edited.statusCode].sort(), `${approve.body} ${edited.body}`).toEqual([200, 409]);
      const steps = await liveSteps(filed.id);
      if (approve.statusCode === 200) {
        // The approval stands on the content it saw; the edit stored nothing.
        expect(steps[0]).toMatchObject({ id: filed.steps[0], status: 1 });
        expect(edited.json().code).toBe('ILLEGAL_TRANSITION');
      } else {
        // The edit won: the step the approver saw is gone, nothing was approved.
        expect(steps.every((st) => st.status === 0)).toBe(true);
        expect(approve.json().message).toMatch(/edited/);
      }
    }
  });

  it('an edit from a page read before a decision is refused and stores nothing', async () => {
    const filed = await filePurchaseAt(50_000);
    const { updated_at } = (await s.get('employee', `/api/buffers/${filed.id}`)).json();
    expect((await act('approver', filed.steps[0])).statusCode).toBe(200);
    const stale = await edit('employee', filed.id, await totalOf(filed.id, 80_000), { expected_updated_at: updated_at });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed after you opened it/);
    const { data } = await s.t.db.selectFrom('buffers').select('data').where('id', '=', filed.id).executeTakeFirstOrThrow();
    expect((data as { total_estimated: number }).total_estimated).toBe(50_000);
  });
});

describe('合議 counts people, not actions', () => {
  const today = toApiDate(new Date())!;

  it('one deputy standing in for both candidates of an all-step approves once; the second action is refused', async () => {
    const [manager, authorizer] = (await moduleSteps(s.t.db, 'purchase')).filter((st) => !st.optional);
    const [A, B] = [s.users.legal.id, s.users.finance.id];
    const doc = await insertDocument(s.t.db, {
      module: 'purchase', requester: s.users.employee.id, code: 'PUR-TEST-GOKI',
      steps: [{ process: manager.code, candidates: [A, B] }, { process: authorizer.code, candidates: [s.users.authorizer.id] }],
    });
    await s.t.db.updateTable('approvals').set({ mode: 'all', required: 2 }).where('id', '=', doc.steps[0]).execute();
    for (const principal of ['legal', 'finance']) {
      const named = await s.post(principal, '/api/deputies', { deputy_id: s.users.approver2.id, from: today, to: today });
      expect(named.statusCode, named.body).toBe(201);
    }
    expect((await act('approver2', doc.steps[0])).json()).toMatchObject({ status: 0 });
    const second = await act('approver2', doc.steps[0]);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/each of them once/);
    const decisions = await s.t.db.selectFrom('approval_candidates').select(['user_id', 'decision', 'decided_by']).where('approval_id', '=', doc.steps[0]).orderBy('user_id').execute();
    expect(decisions.filter((d) => d.decision === 1)).toHaveLength(1);
    expect(decisions.find((d) => d.decision === 1)?.decided_by).toBe(s.users.approver2.id);
    // The view says the deputy may not approve again; the other candidate in person passes the step.
    expect((await s.get('approver2', `/api/buffers/${doc.id}`)).json().can.approve).toBe(false);
    const undecided = decisions.find((d) => d.decision === null)!.user_id;
    const other = Object.entries(s.users).find(([, u]) => u.id === undecided)![0];
    expect((await act(other, doc.steps[0])).json()).toMatchObject({ status: 1 });
  });
});
