import { describe, expect, it } from 'vitest';
import type { TestApp } from './helpers';
import { filePurchase, insertDocument, purchaseBody, workflowSuite, type Getter, type Poster, type Users } from './workflow-fixtures';

let t: TestApp;
let users: Users;
let post: Poster;
let get: Getter;
workflowSuite((suite) => ({ t, users, post, get } = suite));

let seq = 0;
/** A payment on process with three ordinary steps (manager → finance → authorizer), the first active. */
const threeSteps = async () => insertDocument(t.db, {
  module: 'payment', requester: users.employee.id, code: `SB-${++seq}`,
  steps: [{ process: 'p-manager', candidates: [users.approver.id] }, { process: 'p-finance', candidates: [users.finance.id] },
    { process: 'p-authorizer', candidates: [users.authorizer.id, users.admin.id] }],
});
const act = (user: string, step: number, body: Record<string, unknown>) => post(user, `/api/approvals/${step}/action`, body);
const view = async (user: string, id: number) => (await get(user, `/api/buffers/${id}`)).json();
const states = async (id: number) => (await view('employee', id)).approvals.map((s: any) => [s.status, s.active, s.approver?.id ?? null]);
const lastMailId = async () => (await t.db.selectFrom('mail_outbox').select('id').orderBy('id', 'desc').executeTakeFirst())?.id ?? 0;
const mailsSince = async (id: number) => t.db.selectFrom('mail_outbox').select(['to_address', 'subject']).where('id', '>', id).orderBy('id').execute();

describe('send back to a chosen step (back_to)', () => {
  it('returns the document to an earlier step: its approver decides again, the steps after it start over, the timeline says so', async () => {
    const doc = await threeSteps();
    expect((await act('approver', doc.steps[0], { approve: true })).statusCode).toBe(200);
    expect((await act('finance', doc.steps[1], { approve: true })).statusCode).toBe(200);
    expect((await view('authorizer', doc.id)).can).toMatchObject({ send_back: true, resubmit: false });
    const mark = await lastMailId();

    const back = await act('authorizer', doc.steps[2], { approve: false, back_to: doc.steps[0] });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual({ id: doc.steps[2], status: 0, buffer: { id: doc.id, status: 0 }, active_approval_id: doc.steps[0] });
    expect(await states(doc.id)).toEqual([[0, true, null], [0, false, null], [0, false, null]]);
    const seen = await view('employee', doc.id);
    expect(seen.status).toBe(0);
    expect(seen.current_approval_id).toBe(doc.steps[0]);
    expect(seen.approvals[0].approval_logs.map((l: any) => [l.action, l.log_text])).toEqual([
      ['approve', `Approved by ${users.approver.name}`], ['send_back', `Sent back to this step by ${users.authorizer.name}`],
    ]);
    // Only the first step's approver is mailed: it waits for them again.
    expect((await mailsSince(mark)).map((m) => m.to_address)).toEqual([users.approver.email]);

    // The route is walked again from there: the same approvers, in order.
    expect((await act('finance', doc.steps[1], { approve: true })).statusCode).toBe(409);
    expect((await act('approver', doc.steps[0], { approve: true })).statusCode).toBe(200);
    expect((await act('finance', doc.steps[1], { approve: true })).statusCode).toBe(200);
    expect((await act('admin', doc.steps[2], { approve: true })).json().buffer.status).toBe(2);
  });

  it('mails the send back to the deputies in effect of the target step\'s approvers too, naming the principal, in their language; not to a deputy for other modules or another period', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await t.db.deleteFrom('deputies').where('principal_id', '=', users.approver.id).execute();
    await t.db.updateTable('users').set({ language: 'ja' }).where('id', '=', users['aiko.ito'].id).execute();
    const inEffect = await post('approver', '/api/deputies', { deputy_id: users['aiko.ito'].id, from: day(0), to: day(2), module_codes: ['payment'] });
    const otherModule = await post('approver', '/api/deputies', { deputy_id: users.approver2.id, from: day(0), to: day(2), module_codes: ['purchase'] });
    const later = await post('approver', '/api/deputies', { deputy_id: users.finance.id, from: day(1), to: day(3) });
    for (const named of [inEffect, otherModule, later]) expect(named.statusCode, named.body).toBe(201);
    const doc = await threeSteps();
    const code = (await view('employee', doc.id)).code as string;
    expect((await act('aiko.ito', doc.steps[0], { approve: true })).statusCode).toBe(200);
    const mark = await lastMailId();
    expect((await act('finance', doc.steps[1], { approve: false, back_to: doc.steps[0] })).statusCode).toBe(200);
    const mails = await mailsSince(mark);
    expect(mails.map((m) => m.to_address).sort()).toEqual([users.approver.email, users['aiko.ito'].email].sort());
    expect(mails.find((m) => m.to_address === users['aiko.ito'].email)?.subject).toBe(`[Ringi] ${code} が ${users.approver.name} さんに差し戻されました（代理）`);
    for (const id of [inEffect, otherModule, later].map((r) => r.json().id)) {
      await t.app.inject({ method: 'DELETE', url: `/api/deputies/${id}`, headers: { authorization: `Bearer ${await t.login('approver@example.com')}` } });
    }
  });

  it('sends a document back to the requester, who may edit and resubmit it (or withdraw it)', async () => {
    const filed = await filePurchase(t, await t.login('employee@example.com'), await purchaseBody(t.db, users));
    const [first, second] = filed.steps;
    // Whoever the route names at each step acts there.
    const approverOf = async (index: number) => {
      const id = (await view('employee', filed.id)).approvals[index].prospective_approvers[0].id as number;
      return Object.keys(users).find((k) => users[k].id === id)!;
    };
    const firstUser = await approverOf(0);
    expect((await act(firstUser, first, { approve: true })).statusCode).toBe(200);
    const secondActor = await approverOf(1);
    const mark = await lastMailId();

    const back = await act(secondActor, second, { approve: false, back_to: 'requester' });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ buffer: { id: filed.id, status: 0 }, active_approval_id: null });
    expect(await states(filed.id)).toEqual([[0, false, null], [0, false, null]]);
    expect((await mailsSince(mark)).map((m) => m.to_address)).toEqual([users.employee.email]);

    const mine = await view('employee', filed.id);
    expect(mine.status).toBe(0);
    expect(mine.current_approval_id).toBeNull();
    expect(mine.waiting_for).toBe('the requester');
    expect(mine.can).toMatchObject({ approve: false, reject: false, step_back: false, withdraw: true, edit: true, resubmit: true, send_back: false });
    expect(mine.approval_logs.map((l: any) => l.log_text)).toContain(`Sent back to the requester by ${users[secondActor].name}`);
    // Nobody's approval is asked for while the document is with the requester.
    expect((await act(firstUser, first, { approve: true })).statusCode).toBe(409);
    expect((await view(firstUser, filed.id)).can).toMatchObject({ approve: false, send_back: false, resubmit: false });
    expect((await post(firstUser, `/api/buffer/${filed.id}/resubmit`)).statusCode).toBe(403);

    const edited = await post('employee', `/api/buffer/${filed.id}/edit`, { data: { ...mine.data, purchase_goods: mine.data.purchase_goods.map((g: any) => ({ ...g, goods_name: 'Standing desk' })) } });
    expect(edited.statusCode).toBe(200);
    // The edit changed what is approved: the route is filed again (new step ids), still with the requester, nothing to clear
    // (the send back did); the voided steps' entries (the first approval) stay on the timeline as the document's.
    expect(edited.json()).toMatchObject({ approvals_cleared: false });
    const [refiled] = (await view('employee', filed.id)).approvals.map((a: { id: number }) => a.id);
    expect(refiled).not.toBe(first);
    const mark2 = await lastMailId();
    const resubmitted = await post('employee', `/api/buffer/${filed.id}/resubmit`);
    expect(resubmitted.statusCode).toBe(200);
    expect(resubmitted.json()).toMatchObject({ id: filed.id, status: 0, active_approval_id: refiled });
    expect(await states(filed.id)).toEqual([[0, true, null], [0, false, null]]);
    expect((await mailsSince(mark2)).map((m) => m.to_address)).toEqual([users[firstUser].email]);
    expect((await view('employee', filed.id)).approval_logs.map((l: any) => l.action)).toEqual(['submit', 'approve', 'send_back_requester', 'edit', 'resubmit']);
    // Once resubmitted it is on its way again: a second resubmit is refused.
    const again = await post('employee', `/api/buffer/${filed.id}/resubmit`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ILLEGAL_TRANSITION');
  });

  it('lets the requester withdraw a document sent back to them', async () => {
    const doc = await threeSteps();
    expect((await act('approver', doc.steps[0], { approve: false, back_to: 'requester' })).statusCode).toBe(200);
    expect((await post('employee', '/api/buffer/withdrawal', { buffer_id: doc.id })).json()).toMatchObject({ status: 10 });
    expect((await post('employee', `/api/buffer/${doc.id}/resubmit`)).statusCode).toBe(409);
  });

  it('refuses a send back by anyone but the current step\'s approver, to a later, the same, a pending or a foreign step, and without approve false — changing nothing', async () => {
    const doc = await threeSteps();
    const other = await threeSteps();
    expect((await act('approver', doc.steps[0], { approve: true })).statusCode).toBe(200);
    const before = await states(doc.id);
    const refused = async (user: string, step: number, body: Record<string, unknown>) => {
      const reply = await act(user, step, body);
      expect(await states(doc.id)).toEqual(before);
      return { status: reply.statusCode, ...reply.json() };
    };
    // Not the current step's approver (a former approver, the requester): 403; the approver of a step not yet reached: 409.
    expect(await refused('approver', doc.steps[1], { approve: false, back_to: doc.steps[0] })).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(await refused('employee', doc.steps[1], { approve: false, back_to: 'requester' })).toMatchObject({ status: 403 });
    expect(await refused('authorizer', doc.steps[2], { approve: false, back_to: doc.steps[0] })).toMatchObject({ status: 409, code: 'ILLEGAL_TRANSITION' });
    const target = { status: 422, code: 'VALIDATION_FAILED', violations: [{ propertyPath: 'back_to', message: expect.stringMatching(/earlier step/) }] };
    expect(await refused('finance', doc.steps[1], { approve: false, back_to: doc.steps[1] })).toMatchObject(target);
    expect(await refused('finance', doc.steps[1], { approve: false, back_to: doc.steps[2] })).toMatchObject(target);
    expect(await refused('finance', doc.steps[1], { approve: false, back_to: other.steps[0] })).toMatchObject(target);
    expect(await refused('finance', doc.steps[1], { approve: false, back_to: 999999 })).toMatchObject(target);
    expect(await refused('finance', doc.steps[1], { approve: true, back_to: doc.steps[0] })).toMatchObject({ status: 422, violations: [{ propertyPath: 'approve' }] });
    expect(await refused('finance', doc.steps[1], { approve: null, back_to: 'requester' })).toMatchObject({ status: 422 });
    expect((await refused('finance', doc.steps[1], { approve: false, back_to: 'someone' })).status).toBe(422);
    expect((await refused('finance', doc.steps[1], { approve: false, back_to: -1 })).status).toBe(422);
    // The first step has no earlier step; the requester is still a target there.
    const fresh = await threeSteps();
    expect((await act('approver', fresh.steps[0], { approve: false, back_to: fresh.steps[0] })).statusCode).toBe(422);
    // A document that has ended cannot be sent back.
    expect((await act('finance', doc.steps[1], { approve: false })).statusCode).toBe(200);
    const ended = await act('finance', doc.steps[1], { approve: false, back_to: 'requester' });
    expect(ended.statusCode).toBe(409);
    expect(ended.json().message).toMatch(/no longer on process/);
  });

  it('clears the 合議 decisions of every step that starts over', async () => {
    const doc = await threeSteps();
    await t.db.updateTable('approvals').set({ mode: 'all', required: 2 }).where('id', '=', doc.steps[2]).execute();
    expect((await act('approver', doc.steps[0], { approve: true })).statusCode).toBe(200);
    expect((await act('finance', doc.steps[1], { approve: true })).statusCode).toBe(200);
    expect((await act('admin', doc.steps[2], { approve: true })).json()).toMatchObject({ status: 0 });
    expect((await view('employee', doc.id)).approvals[2].decided.map((u: any) => u.id)).toEqual([users.admin.id]);
    expect((await act('authorizer', doc.steps[2], { approve: false, back_to: doc.steps[1] })).statusCode).toBe(200);
    expect((await view('employee', doc.id)).approvals[2].decided).toEqual([]);
    expect((await act('finance', doc.steps[1], { approve: true })).statusCode).toBe(200);
    // admin decides again: one approval is not enough any more.
    expect((await act('admin', doc.steps[2], { approve: true })).json()).toMatchObject({ status: 0, buffer: { status: 0 } });
  });
});
