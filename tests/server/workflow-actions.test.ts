import { describe, expect, it } from 'vitest';
import type { TestApp } from './helpers';
import { filePurchase, purchaseBody, type Users, workflowSuite, type Auth, type Poster, type Getter } from './workflow-fixtures';

let t: TestApp;
let users: Users;
let post: Poster;
let get: Getter;
let auth: Auth;
workflowSuite((suite) => ({ t, users, post, get, auth } = suite));

const file = async (approvers?: number[][]) => filePurchase(t, await auth('employee'), await purchaseBody(t.db, users, { approvers }));
const doc = async (id: number) => (await get('employee', `/api/buffers/${id}`)).json();
const act = (user: string, step: number, body: Record<string, unknown>) => post(user, `/api/approvals/${step}/action`, body);

describe('approve and reject', () => {
  it('walks a document through every step to completed, logging each action', async () => {
    const filed = await file();
    let view = await doc(filed.id);
    expect(view.status).toBe(0);
    expect(view.approvals.map((s: any) => [s.status, s.active])).toEqual([[0, true], [0, false]]);

    const first = await act('approver', filed.steps[0], { approve: true });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: filed.steps[0], status: 1, buffer: { id: filed.id, status: 0 } });
    view = await doc(filed.id);
    expect(view.approvals.map((s: any) => [s.status, s.active])).toEqual([[1, false], [0, true]]);
    expect(view.approvals[0].approver).toEqual({ id: users.approver.id, name: users.approver.name });
    expect(view.approvals[0].approved_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const last = await act('authorizer', filed.steps[1], { approve: true });
    expect(last.json().buffer.status).toBe(2);
    view = await doc(filed.id);
    expect(view.status).toBe(2);
    expect(view.completed_at).not.toBeNull();
    expect(view.approvals.map((s: any) => s.status)).toEqual([1, 1]);
    expect(view.approvals.map((s: any) => s.approval_logs.map((l: any) => l.log_text))).toEqual([
      [`Approved by ${users.approver.name}`], [`Approved by ${users.authorizer.name}`],
    ]);
    expect(view.approval_logs.map((l: any) => l.action)).toEqual(['submit']);
  });

  it('ends the document on a rejection; nobody can act on it afterwards', async () => {
    const filed = await file();
    const rejected = await act('approver', filed.steps[0], { approve: false });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 2, buffer: { status: 3 } });
    const view = await doc(filed.id);
    expect(view.status).toBe(3);
    expect(view.approvals.map((s: any) => [s.status, s.active])).toEqual([[2, false], [0, false]]);
    expect(view.can).toEqual({ approve: false, reject: false, step_back: false, withdraw: false, edit: false, treasury: false, send_back: false, resubmit: false });

    const again = await act('approver', filed.steps[0], { approve: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ILLEGAL_TRANSITION');
    expect(again.json().message).toMatch(/no longer on process/);
    const later = await act('authorizer', filed.steps[1], { approve: true });
    expect(later.statusCode).toBe(409);
  });

  it('lets any one of several candidates pass a step', async () => {
    const filed = await file([[users.approver.id, users.legal.id], [users.authorizer.id]]);
    expect((await act('legal', filed.steps[0], { approve: true })).statusCode).toBe(200);
    const view = await doc(filed.id);
    expect(view.approvals[0].approver.id).toBe(users.legal.id);
    expect(view.approvals[0].prospective_approvers.map((u: any) => u.id).sort()).toEqual([users.approver.id, users.legal.id].sort());
    // The other candidate comes too late.
    const late = await act('approver', filed.steps[0], { approve: true });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/already handled/);
  });

  it('refuses users who are not a candidate of the step with 403, and invisible users with 404', async () => {
    const filed = await file();
    // The authorizer sees the document (candidate of step 2) but may not act on step 1.
    const wrong = await act('authorizer', filed.steps[0], { approve: true });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'FORBIDDEN', message: 'You are not an approver of this approval step' });
    // The requester is not an approver either.
    expect((await act('employee', filed.steps[0], { approve: true })).statusCode).toBe(403);
    // A user unrelated to the document does not learn it exists.
    const stranger = await act('client', filed.steps[0], { approve: true });
    expect(stranger.statusCode).toBe(404);
    expect((await act('approver', 999999, { approve: true })).statusCode).toBe(404);
    expect((await doc(filed.id)).approvals.map((s: any) => s.status)).toEqual([0, 0]);
  });

  it('refuses acting on a step that is not active yet with 409', async () => {
    const filed = await file();
    const early = await act('authorizer', filed.steps[1], { approve: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('ILLEGAL_TRANSITION');
  });

  it('answers a body without approve, or approve null outside a treasury step, with a clear error and changes nothing', async () => {
    const filed = await file();
    const missing = await act('approver', filed.steps[0], {});
    expect(missing.statusCode).toBe(400);
    const nullApprove = await act('approver', filed.steps[0], { approve: null, data: { account_id: 1 } });
    expect(nullApprove.statusCode).toBe(422);
    expect(nullApprove.json().violations[0].propertyPath).toBe('approve');
    expect((await doc(filed.id)).approvals.map((s: any) => s.status)).toEqual([0, 0]);
  });
});

describe('withdraw', () => {
  it('lets the requester withdraw before any step is done', async () => {
    const filed = await file();
    expect((await doc(filed.id)).can.withdraw).toBe(true);
    const response = await post('employee', '/api/buffer/withdrawal', { buffer_id: filed.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: filed.id, status: 10 });
    const view = await doc(filed.id);
    expect(view.status).toBe(10);
    expect(view.approvals.every((s: any) => !s.active)).toBe(true);
    expect(view.approval_logs.map((l: any) => l.log_text)).toEqual([`Submitted by ${users.employee.name}`, `Withdrawn by ${users.employee.name}`]);
    expect((await act('approver', filed.steps[0], { approve: true })).statusCode).toBe(409);
    expect((await post('employee', '/api/buffer/withdrawal', { buffer_id: filed.id })).statusCode).toBe(409);
  });

  it('refuses a withdrawal after a step is done (409) and by anyone but the requester (403)', async () => {
    const filed = await file();
    expect((await post('approver', '/api/buffer/withdrawal', { buffer_id: filed.id })).statusCode).toBe(403);
    await act('approver', filed.steps[0], { approve: true });
    expect((await doc(filed.id)).can.withdraw).toBe(false);
    const response = await post('employee', '/api/buffer/withdrawal', { buffer_id: filed.id });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'ILLEGAL_TRANSITION', message: expect.stringMatching(/already been approved/) });
    expect((await doc(filed.id)).status).toBe(0);
    expect((await post('client', '/api/buffer/withdrawal', { buffer_id: filed.id })).statusCode).toBe(404);
  });
});

describe('step back', () => {
  it('lets the requester step back once a step is done, and refuses it on the first step advising withdrawal', async () => {
    const filed = await file();
    const first = await post('employee', '/api/buffer/step_back', { buffer_id: filed.id });
    expect(first.statusCode).toBe(409);
    expect(first.json().message).toMatch(/withdraw it instead/);
    expect((await doc(filed.id)).can.step_back).toBe(false);

    await act('approver', filed.steps[0], { approve: true });
    expect((await doc(filed.id)).can.step_back).toBe(true);
    const back = await post('employee', '/api/buffer/step_back', { buffer_id: filed.id });
    expect(back.statusCode).toBe(200);
    const view = await doc(filed.id);
    expect(view.approvals.map((s: any) => [s.status, s.active, s.approver])).toEqual([[0, true, null], [0, false, null]]);
    expect(view.current_approval_id).toBe(filed.steps[0]);
    expect(view.approvals[1].approval_logs.map((l: any) => l.action)).toEqual(['step_back']);
    // The first step is live again: its approver may approve once more.
    expect((await act('approver', filed.steps[0], { approve: true })).statusCode).toBe(200);
  });

  it('lets a candidate of the active step step back; refuses others, the first step and ended documents', async () => {
    const filed = await file();
    const onFirst = await post('approver', `/api/approvals/${filed.steps[0]}/step_back`);
    expect(onFirst.statusCode).toBe(409);
    expect(onFirst.json().message).toMatch(/first approval step/);
    await act('approver', filed.steps[0], { approve: true });
    expect((await post('approver', `/api/approvals/${filed.steps[1]}/step_back`)).statusCode).toBe(403);
    expect((await post('employee', `/api/approvals/${filed.steps[1]}/step_back`)).statusCode).toBe(403);
    const back = await post('authorizer', `/api/approvals/${filed.steps[1]}/step_back`);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ id: filed.id, status: 0 });
    expect((await doc(filed.id)).current_approval_id).toBe(filed.steps[0]);
    // Step 2 is no longer active: a second step back on it is a conflict.
    expect((await post('authorizer', `/api/approvals/${filed.steps[1]}/step_back`)).statusCode).toBe(409);
    // Ended documents cannot step back.
    await act('approver', filed.steps[0], { approve: false });
    expect((await post('employee', '/api/buffer/step_back', { buffer_id: filed.id })).statusCode).toBe(409);
  });
});

describe('can', () => {
  it('tells each user what they may do with the document', async () => {
    const filed = await file();
    const view = async (user: string) => (await get(user, `/api/approvals/${filed.steps[0]}/buffer`)).json().can;
    expect(await view('approver')).toEqual({ approve: true, reject: true, step_back: false, withdraw: false, edit: true, treasury: false, send_back: true, resubmit: false });
    expect(await view('employee')).toEqual({ approve: false, reject: false, step_back: false, withdraw: true, edit: true, treasury: false, send_back: false, resubmit: false });
    expect(await view('authorizer')).toEqual({ approve: false, reject: false, step_back: false, withdraw: false, edit: false, treasury: false, send_back: false, resubmit: false });
  });
});
