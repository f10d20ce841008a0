import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { demoUsers, filePurchase, getter, insertDocument, poster, purchaseBody, tokens, type Users } from './workflow-fixtures';

let t: TestApp;
let users: Users;
let post: ReturnType<typeof poster>;
let get: ReturnType<typeof getter>;
let auth: ReturnType<typeof tokens>;
let account: number;
let slip: number;

beforeAll(async () => {
  t = await buildTestApp();
  users = await demoUsers(t.db);
  auth = tokens(t);
  post = poster(t, auth);
  get = getter(t, auth);
  account = (await t.db.selectFrom('company_bank_accounts').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  slip = (await t.db.insertInto('files').values({
    name: 'slip.pdf', mime_type: 'application/pdf', size: 10, document_type: 'deal-slip', storage_key: 'test/slip.pdf', sha256: 'x', uploader_id: users.treasury.id,
  }).returning('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => t?.close());

let n = 0;
/** A payment at its treasury step: manager approval then treasury. */
async function paymentAtTreasury() {
  const doc = await insertDocument(t.db, {
    module: 'payment', requester: users.employee.id, code: `PAY-T-${++n}`, data: { total: 500, note: 'rent' },
    steps: [{ process: 'p-manager', candidates: [users.approver.id] }, { process: 'p-treasury', candidates: [users.treasury.id] }],
  });
  const first = await post('approver', `/api/approvals/${doc.steps[0]}/action`, { approve: true });
  expect(first.statusCode).toBe(200);
  return doc;
}

describe('treasury step', () => {
  it('stores the payment details on the step, merges them into the document and completes it', async () => {
    const doc = await paymentAtTreasury();
    const before = (await get('treasury', `/api/buffers/${doc.id}`)).json();
    expect(before.can).toMatchObject({ treasury: true, approve: false, reject: true });
    const data = { account_id: account, payment_date: '2026-12-24', deal_slips: [slip] };
    const response = await post('treasury', `/api/approvals/${doc.steps[1]}/action`, { approve: null, data });
    expect(response.statusCode).toBe(200);
    expect(response.json().buffer.status).toBe(2);
    const view = (await get('employee', `/api/buffers/${doc.id}`)).json();
    expect(view.data).toEqual({ total: 500, note: 'rent', ...data });
    expect(view.approvals[1].data).toEqual(data);
    expect(view.approvals[1].approval_logs[0].log_text).toBe(`Payment details entered by ${users.treasury.name}`);
  });

  it('requires the treasury data at the treasury step: every missing or bad field is named, nothing changes', async () => {
    const doc = await paymentAtTreasury();
    const url = `/api/approvals/${doc.steps[1]}/action`;
    const none = await post('treasury', url, { approve: null });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toMatch(/payment account, the payment date and the deal slip/);
    const plainApprove = await post('treasury', url, { approve: true });
    expect(plainApprove.statusCode).toBe(422);
    const bad = await post('treasury', url, { approve: null, data: { account_id: 999999, payment_date: '2026-02-30', deal_slips: [slip, slip] } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().violations.map((v: any) => v.propertyPath)).toEqual(['data.account_id', 'data.payment_date', 'data.deal_slips']);
    const noSlip = await post('treasury', url, { approve: null, data: { account_id: account, payment_date: '2026-12-01', deal_slips: [] } });
    expect(noSlip.json().violations).toEqual([{ propertyPath: 'data.deal_slips', message: 'Please upload exactly one deal slip' }]);
    const view = (await get('employee', `/api/buffers/${doc.id}`)).json();
    expect(view.status).toBe(0);
    expect(view.approvals[1]).toMatchObject({ status: 0, active: true, data: null });
    expect(view.data).toEqual({ total: 500, note: 'rent' });
  });

  it('lets the treasury reject, and ignores data on ordinary steps', async () => {
    const doc = await insertDocument(t.db, {
      module: 'payment', requester: users.employee.id, code: `PAY-T-${++n}`,
      steps: [{ process: 'p-manager', candidates: [users.approver.id] }, { process: 'p-treasury', candidates: [users.treasury.id] }],
    });
    // Data on a non-treasury step is not validated nor stored.
    expect((await post('approver', `/api/approvals/${doc.steps[0]}/action`, { approve: true, data: { account_id: 'x' } })).statusCode).toBe(200);
    expect((await get('employee', `/api/buffers/${doc.id}`)).json().approvals[0].data).toBeNull();
    const rejected = await post('treasury', `/api/approvals/${doc.steps[1]}/action`, { approve: false });
    expect(rejected.json().buffer.status).toBe(3);
  });
});

describe('races', () => {
  it('lets exactly one of 10 parallel approvals of the same step succeed; the others get 409; one log entry', async () => {
    const filed = await filePurchase(t, await auth('employee'), await purchaseBody(t.db, users, { approvers: [[users.approver.id, users.legal.id], [users.authorizer.id]] }));
    const [a, l] = [await auth('approver'), await auth('legal')];
    const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => t.app.inject({
      method: 'POST', url: `/api/approvals/${filed.steps[0]}/action`, payload: { approve: true },
      headers: { authorization: `Bearer ${i % 2 ? a : l}`, 'accept-language': 'en' },
    })));
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, ...Array(9).fill(409)]);
    for (const r of responses.filter((x) => x.statusCode === 409)) expect(r.json().code).toBe('ILLEGAL_TRANSITION');
    const logs = await t.db.selectFrom('approval_logs').select('log_text').where('approval_id', '=', filed.steps[0]).execute();
    expect(logs).toEqual([{ log_text: 'approve' }]);
    const steps = await t.db.selectFrom('approvals').select(['status', 'active']).where('buffer_id', '=', filed.id).orderBy('position').execute();
    expect(steps).toEqual([{ status: 1, active: false }, { status: 0, active: true }]);
  });

  it('lets exactly one of a parallel approve and reject of the last step win', async () => {
    // Two candidates on the role-bound last step: admin must hold the authorizer flag too.
    await t.db.updateTable('users').set({ is_authorizer: true }).where('id', '=', users.admin.id).execute();
    const filed = await filePurchase(t, await auth('employee'), await purchaseBody(t.db, users, { approvers: [[users.approver.id], [users.authorizer.id, users.admin.id]] }));
    await post('approver', `/api/approvals/${filed.steps[0]}/action`, { approve: true });
    const responses = await Promise.all([
      post('authorizer', `/api/approvals/${filed.steps[1]}/action`, { approve: true }),
      post('admin', `/api/approvals/${filed.steps[1]}/action`, { approve: false }),
      post('authorizer', `/api/approvals/${filed.steps[1]}/action`, { approve: false }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const winner = responses.find((r) => r.statusCode === 200)!.json();
    const buffer = await t.db.selectFrom('buffers').select('status').where('id', '=', filed.id).executeTakeFirstOrThrow();
    expect(buffer.status).toBe(winner.buffer.status);
    const logs = await t.db.selectFrom('approval_logs').select('log_text').where('approval_id', '=', filed.steps[1]).execute();
    expect(logs).toHaveLength(1);
  });

  it('lets exactly one of a parallel withdrawal and first approval win', async () => {
    const filed = await filePurchase(t, await auth('employee'), await purchaseBody(t.db, users));
    const [withdraw, approve] = await Promise.all([
      post('employee', '/api/buffer/withdrawal', { buffer_id: filed.id }),
      post('approver', `/api/approvals/${filed.steps[0]}/action`, { approve: true }),
    ]);
    expect([withdraw.statusCode, approve.statusCode].sort()).toEqual([200, 409]);
    const buffer = await t.db.selectFrom('buffers').select('status').where('id', '=', filed.id).executeTakeFirstOrThrow();
    expect(buffer.status).toBe(withdraw.statusCode === 200 ? 10 : 0);
  });
});
