import { describe, expect, it } from 'vitest';
import type { TestApp } from './helpers';
import { documentCount, paymentBody } from './integrity-fixtures';
import { filePurchase, moduleSteps, purchaseBody, type Users, workflowSuite, type Auth, type Poster, type Getter } from './workflow-fixtures';

// The reproductions of issue #9 (approval chain) as named regression cases.
let t: TestApp;
let users: Users;
let post: Poster;
let get: Getter;
let auth: Auth;
workflowSuite((suite) => ({ t, users, post, get, auth } = suite));

const APPROVERS_MESSAGE = 'Please choose an approver for every required step';

describe('self-approval', () => {
  it('refuses a requester naming themselves on a step (422 at approvals), storing nothing', async () => {
    const before = await documentCount(t);
    const body = await purchaseBody(t.db, users, { approvers: [[users.employee.id], [users.authorizer.id]] });
    const response = await post('employee', '/api/buffer/purchase', body);
    expect(response.statusCode).toBe(422);
    expect(response.json().violations).toEqual([{ propertyPath: 'approvals', message: APPROVERS_MESSAGE }]);
    expect(await documentCount(t)).toBe(before);
  });

  it('refuses a role holder naming themselves on their own role-bound step', async () => {
    const body = await purchaseBody(t.db, users, { approvers: [[users.approver.id], [users.authorizer.id]] });
    const response = await post('authorizer', '/api/buffer/purchase', body);
    expect(response.statusCode).toBe(422);
    expect(response.json().violations[0].propertyPath).toBe('approvals');
  });

  it('allows it only on a step whose definition says allow_requester', async () => {
    const [manager] = await moduleSteps(t.db, 'purchase');
    await t.db.updateTable('master_processes').set({ allow_requester: true }).where('id', '=', manager.id).execute();
    try {
      const body = await purchaseBody(t.db, users, { approvers: [[users.employee.id], [users.authorizer.id]] });
      const filed = await filePurchase(t, await auth('employee'), body);
      expect((await post('employee', `/api/approvals/${filed.steps[0]}/action`, { approve: true })).statusCode).toBe(200);
    } finally {
      await t.db.updateTable('master_processes').set({ allow_requester: false }).where('id', '=', manager.id).execute();
    }
  });

  it('a requester named on a step before the rule (forged or stale chain) cannot act on it (403)', async () => {
    const filed = await filePurchase(t, await auth('employee'), await purchaseBody(t.db, users));
    await t.db.insertInto('approval_candidates').values({ approval_id: filed.steps[0], user_id: users.employee.id }).execute();
    const response = await post('employee', `/api/approvals/${filed.steps[0]}/action`, { approve: true });
    expect(response.statusCode).toBe(403);
  });
});

describe('client@example.com', () => {
  it('is refused on a role-bound step (treasury of a payment)', async () => {
    const body = await paymentBody(t.db, users);
    const treasury = (await moduleSteps(t.db, 'payment')).find((s) => s.code === 'p-treasury')!;
    body.approvals = body.approvals.map((a) => (a.master_process_id === treasury.id ? { ...a, approver_id: users.client.id } : a));
    const response = await post('employee', '/api/buffer/payment', body);
    expect(response.statusCode).toBe(422);
    expect(response.json().violations).toEqual([{ propertyPath: 'approvals', message: APPROVERS_MESSAGE }]);
  });

  it('is refused on an unbound step of another company\'s document', async () => {
    const body = await purchaseBody(t.db, users, { approvers: [[users.client.id], [users.authorizer.id]] });
    expect((await post('employee', '/api/buffer/purchase', body)).statusCode).toBe(422);
  });

  it('may not file for a group company (company scope: a client files only for their own company)', async () => {
    const body = await purchaseBody(t.db, users);
    const response = await post('client', '/api/buffer/purchase', body);
    expect(response.statusCode).toBe(422);
    expect(response.json().violations).toContainEqual({ propertyPath: 'company_id', message: 'You may not file a document for this company.' });
  });

  it('may not bypass a payment (403), and nothing is stored', async () => {
    const before = await documentCount(t);
    const response = await post('client', '/api/buffer/payment', { ...(await paymentBody(t.db, users)), bypass: true, approvals: [] });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'FORBIDDEN', message: 'You may not bypass the approval process of this form.' });
    expect(await documentCount(t)).toBe(before);
  });

  it('a candidate who lost the role can no longer act on the step (checked at action time)', async () => {
    const filed = await filePurchase(t, await auth('employee'), await purchaseBody(t.db, users));
    await post('approver', `/api/approvals/${filed.steps[0]}/action`, { approve: true });
    await t.db.updateTable('users').set({ is_authorizer: false }).where('id', '=', users.authorizer.id).execute();
    try {
      expect((await post('authorizer', `/api/approvals/${filed.steps[1]}/action`, { approve: true })).statusCode).toBe(403);
    } finally {
      await t.db.updateTable('users').set({ is_authorizer: true }).where('id', '=', users.authorizer.id).execute();
    }
    expect((await post('authorizer', `/api/approvals/${filed.steps[1]}/action`, { approve: true })).statusCode).toBe(200);
  });
});

describe('bypass is a permission (ui:module.bypassRoles)', () => {
  it('refuses an employee without a bypass role (403)', async () => {
    const response = await post('employee', '/api/buffer/payment', { ...(await paymentBody(t.db, users)), bypass: true, approvals: [] });
    expect(response.statusCode).toBe(403);
  });

  it('files a finance user\'s bypass completed, marked on the list item and the timeline', async () => {
    const response = await post('finance', '/api/buffer/payment', { ...(await paymentBody(t.db, users)), bypass: true, approvals: [] });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().status).toBe(2);
    const id = response.json().id;
    const mine = (await get('finance', '/api/my-buffers?itemsPerPage=100')).json()['hydra:member'].find((b: { id: number }) => b.id === id);
    expect(mine.bypass).toBe(true);
    const view = (await get('finance', `/api/buffers/${id}`)).json();
    expect(view.bypass).toBe(true);
    expect(view.approval_logs.map((l: { action: string }) => l.action)).toEqual(['bypass']);
    expect(view.approval_logs[0].log_text).toMatch(/bypassed/);
  });

  it('a non-bypassed document is marked bypass: false', async () => {
    const filed = await filePurchase(t, await auth('employee'), await purchaseBody(t.db, users));
    expect((await get('employee', `/api/buffers/${filed.id}`)).json().bypass).toBe(false);
  });
});

describe('a module without approval steps', () => {
  it('refuses documents with a clear 422 instead of filing them completed', async () => {
    const steps = await moduleSteps(t.db, 'purchase');
    const body = await purchaseBody(t.db, users);
    // Take the steps away (kept aside under another module code, so nothing else changes).
    await t.db.updateTable('master_processes').set({ module_code: 'purchase-parked' }).where('module_code', '=', 'purchase').execute();
    try {
      const before = await documentCount(t);
      const response = await post('employee', '/api/buffer/purchase', body);
      expect(response.statusCode).toBe(422);
      expect(response.json().violations).toEqual([{ propertyPath: 'approvals', message: expect.stringMatching(/no approval process/) }]);
      expect(await documentCount(t)).toBe(before);
    } finally {
      await t.db.updateTable('master_processes').set({ module_code: 'purchase' }).where('id', 'in', steps.map((s) => s.id)).execute();
    }
  });
});
