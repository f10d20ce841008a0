import { describe, expect, it } from 'vitest';
import { findModule, followUpEntry } from '../../src/engine';
import { documentCount } from './integrity-fixtures';
import { filePurchase, moduleSteps, purchaseBody, purchaseRefs, workflowSuite, type WorkflowSuite } from './workflow-fixtures';

/**
 * Follow-up documents (関連書類, issue #36 item 5; docs/MODULES.md "Follow-up documents"): the
 * purchase definition names the reimbursement as its follow-up. On a fresh embedded database: what a
 * follow-up starts with is exactly the mapped fields and the link, filing keeps the link both ways with
 * the difference of the amounts, the server refuses every follow-up the rule does not allow (and files
 * nothing), and the decided documents not yet followed up are listed for their requester and finance.
 */
describe('follow-up documents', () => {
  let s: WorkflowSuite;
  workflowSuite((suite) => { s = suite; });
  const json = async (user: string, url: string) => {
    const reply = await s.get(user, url);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json();
  };
  /** A purchase of the employee decided by both its approvers. */
  const decidedPurchase = async (budget = 1000, goods = 'Projector') => {
    const filed = await filePurchase(s.t, await s.auth('employee'), await purchaseBody(s.t.db, s.users, { budget, goods }));
    expect((await s.post('approver', `/api/approvals/${filed.steps[0]}/action`, { approve: true })).statusCode).toBe(200);
    expect((await s.post('authorizer', `/api/approvals/${filed.steps[1]}/action`, { approve: true })).statusCode).toBe(200);
    return filed;
  };
  /** A reimbursement body starting from `start` (a follow-up's carried-over data), one expense line of `amount`. */
  const reimbursement = async (start: Record<string, unknown>, amount: number) => {
    const refs = await purchaseRefs(s.t.db);
    const expense = await s.t.db.selectFrom('expense_accounts').select('id').where('company_id', '=', refs.company).where('module_type', '=', 'reimbursement').orderBy('id').executeTakeFirstOrThrow();
    const approverOf: Record<string, number> = { 'p-manager': s.users.approver.id, 'p-finance': s.users.finance.id, 'p-treasury': s.users.treasury.id };
    const steps = await moduleSteps(s.t.db, 'reimbursement');
    return {
      bypass: false, send_notification_first_approval: true, save_approvers: false,
      approvals: steps.filter((st) => approverOf[st.code]).map((st) => ({ approver_id: approverOf[st.code], master_process_id: st.id })),
      transaction: {
        user_finances: [], ...start,
        transaction_items: [{ index: 1, company_id: refs.company, department_id: refs.department, contents: [{ content_type_id: expense.id, company_id: refs.company, amount, note: 'Projector, paid' }] }],
      },
    };
  };
  const entry = () => followUpEntry(findModule(s.t.app.definitions, 'purchase'), 'reimbursement')!;

  it('starts a follow-up with exactly the mapped fields and the link; filing keeps the link both ways with the difference in the currency\'s minor unit', async () => {
    const purchase = await decidedPurchase(1000);
    const stored = (await s.t.db.selectFrom('buffers').select('data').where('id', '=', purchase.id).executeTakeFirstOrThrow()).data;
    // The purchase's page offers the follow-up to its requester; nothing links yet.
    const before = await json('employee', `/api/buffers/${purchase.id}/follow_ups`);
    expect(before).toMatchObject({ origin: null, difference: null, follow_ups: [] });
    expect(before.offers.map((o: { module_code: string }) => o.module_code)).toEqual(['reimbursement']);

    const start = await json('employee', `/api/buffers/${purchase.id}/follow_up_data?module=reimbursement`);
    expect(start.origin).toEqual({ id: purchase.id, code: purchase.code });
    const { fields, link } = entry();
    // Exactly the definition's fields (from the purchase) and the link — nothing else of the purchase.
    expect(Object.keys(start.data).sort()).toEqual([...Object.keys(fields), link].sort());
    for (const [to, from] of Object.entries(fields)) expect(start.data[to], to).toEqual(stored[from]);
    expect(start.data[link]).toBe(purchase.id);
    expect(start.data).not.toHaveProperty('purchase_goods');

    const filed = await s.post('employee', '/api/buffer/reimbursement', { ...await reimbursement(start.data, 1200.55), follow_up_of: purchase.id });
    expect(filed.statusCode, filed.body).toBe(201);
    const id = filed.json().id as number;
    const row = await s.t.db.selectFrom('buffers').select(['follow_up_of', 'data']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.follow_up_of).toBe(purchase.id);
    expect(row.data).not.toHaveProperty('follow_up_of');
    expect(row.data[link]).toBe(purchase.id);

    // The follow-up names its origin, with the amounts: 1,200.55 − 1,000 in yuan (two decimals; the float's 200.54999… rounded).
    const view = await json('employee', `/api/buffers/${id}/follow_ups`);
    expect(view.origin).toMatchObject({ id: purchase.id, code: purchase.code, module_code: 'purchase', status: 2, visible: true });
    expect(view.difference).toEqual({ origin: 1000, follow_up: 1200.55, difference: 200.55, currency_code: 'CNY' });
    expect(view.offers).toEqual([]);
    // The origin lists it, and offers no second one while it is in flight.
    const after = await json('employee', `/api/buffers/${purchase.id}/follow_ups`);
    expect(after.follow_ups.map((f: { id: number; visible: boolean }) => [f.id, f.visible])).toEqual([[id, true]]);
    expect(after.offers).toEqual([]);
    // The approver who sees both reads the same links.
    expect((await json('approver', `/api/buffers/${id}/follow_ups`)).origin.id).toBe(purchase.id);
  });

  it('refuses a follow-up the rule does not allow, with a clear message, and files nothing', async () => {
    const purchase = await decidedPurchase(800, 'Chairs');
    const other = await decidedPurchase(600, 'Desks');
    const start = (await json('employee', `/api/buffers/${purchase.id}/follow_up_data?module=reimbursement`)).data;
    const count = await documentCount(s.t);
    const file = (user: string, body: Record<string, unknown>) => s.post(user, '/api/buffer/reimbursement', body);

    // Not decided yet.
    const pending = await filePurchase(s.t, await s.auth('employee'), await purchaseBody(s.t.db, s.users, { goods: 'Pending' }));
    const notDecided = await s.get('employee', `/api/buffers/${pending.id}/follow_up_data?module=reimbursement`);
    expect(notDecided.statusCode).toBe(422);
    expect(notDecided.json().violations[0].message).toBe(`${pending.code} is not decided yet: only a completed document can be followed up.`);
    const filedOnPending = await file('employee', { ...await reimbursement({ ...start, related_approval_id: pending.id }, 500), follow_up_of: pending.id });
    expect(filedOnPending.statusCode).toBe(422);
    expect((await s.get('employee', `/api/buffers/${pending.id}/follow_ups`)).json().offers).toEqual([]);

    // Not a follow-up the purchase's definition names.
    const undeclared = await s.get('employee', `/api/buffers/${purchase.id}/follow_up_data?module=payment`);
    expect(undeclared.statusCode).toBe(422);
    expect(undeclared.json().violations[0].message).toMatch(new RegExp(`^${purchase.code} \\(Purchase\\) is not followed up by a Payment: its follow-ups are Reimbursement\\.$`));

    // Someone who sees the purchase (its approver) but is not its requester: 403 naming the requester.
    const notOwn = await file('approver', { ...await reimbursement(start, 500), follow_up_of: purchase.id });
    expect(notOwn.statusCode).toBe(403);
    expect(notOwn.json().message).toBe(`${purchase.code} is ${s.users.employee.name}'s document: only its requester (or someone filing for them) can file its follow-up.`);
    expect((await s.get('approver', `/api/buffers/${purchase.id}/follow_up_data?module=reimbursement`)).statusCode).toBe(403);
    expect((await json('approver', `/api/buffers/${purchase.id}/follow_ups`)).offers).toEqual([]);

    // Someone who cannot see it — and an id that does not exist — get the same 403 (nothing leaks).
    for (const [user, id] of [['legal', purchase.id], ['employee', 2147480000]] as const) {
      const unseen = await file(user, { ...await reimbursement({ ...start, related_approval_id: id }, 500), follow_up_of: id });
      expect(unseen.statusCode, user).toBe(403);
      expect(unseen.json().message).toBe(`You cannot follow up document ${id}: it is not a document you may see.`);
    }
    expect((await s.get('legal', `/api/buffers/${purchase.id}/follow_ups`)).statusCode).toBe(404);

    // The link names another document than the origin (a forged link), or follow_up_of is no id.
    const forged = await file('employee', { ...await reimbursement({ ...start, related_approval_id: other.id }, 500), follow_up_of: purchase.id });
    expect(forged.statusCode).toBe(422);
    expect(forged.json().violations).toEqual([{ propertyPath: 'related_approval_id', message: expect.stringContaining(`follows up ${purchase.code}`) }]);
    const notAnId = await file('employee', { ...await reimbursement(start, 500), follow_up_of: 'PUR-1' });
    expect(notAnId.statusCode).toBe(422);
    expect(notAnId.json().violations[0].propertyPath).toBe('follow_up_of');
    expect(await documentCount(s.t)).toBe(count + 1); // only the pending purchase above

    // One follow-up at a time: a second is 409 naming the first; once the first is withdrawn, it may be filed again.
    const first = await file('employee', { ...await reimbursement(start, 700), follow_up_of: purchase.id });
    expect(first.statusCode, first.body).toBe(201);
    const second = await file('employee', { ...await reimbursement(start, 700), follow_up_of: purchase.id });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(`${purchase.code} is already followed up by ${first.json().code}.`);
    // An edit may not move the link to another document.
    const doc = (await s.get('employee', `/api/buffers/${first.json().id}`)).json();
    const unlink = await s.post('employee', `/api/buffer/${first.json().id}/edit`, { data: { ...doc.data, related_approval_id: other.id } });
    expect(unlink.statusCode).toBe(422);
    expect(unlink.json().violations[0].propertyPath).toBe('related_approval_id');
    expect((await s.post('employee', '/api/buffer/withdrawal', { buffer_id: first.json().id })).statusCode).toBe(200);
    const again = await file('employee', { ...await reimbursement(start, 700), follow_up_of: purchase.id });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('lists the decided documents not yet followed up: the requester\'s own, the company\'s for finance, and refuses the company list to others', async () => {
    const waiting = await decidedPurchase(300, 'Monitor');
    const followed = await decidedPurchase(400, 'Keyboard');
    const start = (await json('employee', `/api/buffers/${followed.id}/follow_up_data?module=reimbursement`)).data;
    const filed = await s.post('employee', '/api/buffer/reimbursement', { ...await reimbursement(start, 400), follow_up_of: followed.id });
    expect(filed.statusCode, filed.body).toBe(201);
    const pending = await filePurchase(s.t, await s.auth('employee'), await purchaseBody(s.t.db, s.users, { goods: 'Not decided' }));

    const codes = (page: { 'hydra:member': Array<{ code: string }> }) => page['hydra:member'].map((m) => m.code);
    const mine = await json('employee', '/api/follow_ups/pending?itemsPerPage=50');
    expect(codes(mine)).toContain(waiting.code);
    expect(codes(mine)).not.toContain(followed.code);
    expect(codes(mine)).not.toContain(pending.code);
    expect(mine['hydra:totalItems']).toBe(mine['hydra:member'].length);
    const member = mine['hydra:member'].find((m: { code: string }) => m.code === waiting.code);
    expect(member).toMatchObject({ id: waiting.id, module_code: 'purchase', amount: 300, currency_code: 'CNY', requester: { id: s.users.employee.id }, missing: [{ module_code: 'reimbursement' }] });
    // Oldest decision first.
    const decided = mine['hydra:member'].map((m: { completed_at: string }) => m.completed_at);
    expect(decided).toEqual([...decided].sort());

    // Finance of the company sees the company's; their own list has none of the employee's.
    expect(codes(await json('finance', '/api/follow_ups/pending?scope=company&itemsPerPage=50'))).toContain(waiting.code);
    expect(codes(await json('finance', '/api/follow_ups/pending'))).not.toContain(waiting.code);
    const refused = await s.get('approver', '/api/follow_ups/pending?scope=company');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only the company\'s authorizer, finance and treasury see the company\'s documents waiting for a follow-up.');
    expect((await s.get('employee', '/api/follow_ups/pending?scope=everyone')).statusCode).toBe(400);

    // A rejected follow-up leaves its origin waiting again.
    const steps = await s.t.db.selectFrom('approvals').select('id').where('buffer_id', '=', filed.json().id).orderBy('position').execute();
    expect((await s.post('approver', `/api/approvals/${steps[0].id}/action`, { approve: false })).statusCode).toBe(200);
    expect(codes(await json('employee', '/api/follow_ups/pending?itemsPerPage=50'))).toContain(followed.code);
  });
});
