import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { demoUsers, getter, moduleSteps, poster, purchaseRefs, tokens, type Users } from './workflow-fixtures';

// A real payment (module definition with its `transaction` body) through every step, the treasury included.
let t: TestApp;
let users: Users;
let post: ReturnType<typeof poster>;
let get: ReturnType<typeof getter>;
let body: Record<string, any>;
let account: number;
let slip: number;
let auth: ReturnType<typeof tokens>;

beforeAll(async () => {
  t = await buildTestApp();
  users = await demoUsers(t.db);
  auth = tokens(t);
  post = poster(t, auth);
  get = getter(t, auth);
  const refs = await purchaseRefs(t.db);
  const expense = await t.db.selectFrom('expense_accounts').select('id').where('company_id', '=', refs.company)
    .where('module_type', '=', 'payment').where('is_transportation', '=', false).orderBy('id').executeTakeFirstOrThrow();
  const approverOf: Record<string, number> = { 'p-manager': users.approver.id, 'p-finance': users.finance.id, 'p-authorizer': users.authorizer.id, 'p-treasury': users.treasury.id };
  const steps = await moduleSteps(t.db, 'payment');
  body = {
    bypass: false, send_notification_first_approval: true, save_approvers: false,
    approvals: steps.filter((s) => approverOf[s.code]).map((s) => ({ approver_id: approverOf[s.code], master_process_id: s.id })),
    transaction: {
      currency_id: refs.currency, company_id: refs.company, department_id: refs.department, estimated_payment_date: '2026-11-30',
      related_approval_id: null, total: 5000, e_invoices: [], application_papers: [], invoice_amount: null, invoice_note: null, note: null, user_finances: [],
      transaction_items: [{
        index: 1, total: 5000, company_id: refs.company, department_id: refs.department, related_approval_id: null, estimated_payment_date: '2026-11-30',
        page_number: 1, payment_information: { month: 11, estimated_payment_date: '2026-11-30' }, is_drawdown: false,
        payment_recipient_account: { name: 'Shibuya Office Rentals', no: '1234567', bank_name: 'Mizuho', branch_name: 'Shibuya' },
        related_supplier_account: null, related_items: [], item_e_invoices: [], item_application_papers: [],
        contents: [{ content_type_id: expense.id, is_transportation: false, company_id: refs.company, amount: 5000, date: null, destination: null, note: 'Rent' }],
      }],
    },
  };
  account = (await t.db.selectFrom('company_bank_accounts').select('id').where('company_id', '=', refs.company).orderBy('id').executeTakeFirstOrThrow()).id;
  slip = (await t.db.insertInto('files').values({
    name: 'slip.pdf', mime_type: 'application/pdf', size: 10, document_type: 'deal-slip', storage_key: 'test/payment-slip.pdf', sha256: 'x', uploader_id: users.treasury.id,
  }).returning('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => t?.close());

describe('a payment from filing to the treasury', () => {
  it('is found by its recipient and item company, edited through its transaction body, and completed by the treasury', async () => {
    const filed = await post('employee', '/api/buffer/payment', body);
    expect(filed.statusCode, filed.body).toBe(201);
    const { id } = filed.json();
    const found = await get('employee', '/api/my-buffers?search=office%20rentals');
    expect(found.json()['hydra:member'].map((b: any) => b.id)).toEqual([id]);
    expect(found.json()['hydra:member'][0].info).toMatchObject({ total: 5000, currency: 'CNY' });

    // The approver corrects the note; the transaction body is validated like a submit.
    const edited = await post('approver', `/api/buffer/${id}/edit`, { data: { note: 'November rent' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().changed_fields).toEqual(['note']);
    const bad = await post('approver', `/api/buffer/${id}/edit`, { data: { currency_id: null } });
    expect(bad.statusCode).toBe(422);
    // The forward-document users are read-only on the edit page, and the server keeps them as filed.
    const forwarded = await post('approver', `/api/buffer/${id}/edit`, { data: { user_finances: [users.finance.id] } });
    expect(forwarded.statusCode, forwarded.body).toBe(200);
    expect(forwarded.json().changed_fields).toEqual([]);

    let view = (await get('employee', `/api/buffers/${id}`)).json();
    for (const [i, user] of ['approver', 'finance', 'authorizer'].entries()) {
      const response = await post(user, `/api/approvals/${view.approvals[i].id}/action`, { approve: true });
      expect(response.statusCode, response.body).toBe(200);
    }
    view = (await get('treasury', `/api/buffers/${id}`)).json();
    expect(view.can).toMatchObject({ treasury: true, approve: false });
    expect(view.waiting_for).toBe('Treasury');
    const treasuryStep = view.current_approval_id;
    const data = { account_id: account, payment_date: '2026-11-30', deal_slips: [slip] };
    const done = await post('treasury', `/api/approvals/${treasuryStep}/action`, { approve: null, data });
    expect(done.statusCode, done.body).toBe(200);
    view = (await get('employee', `/api/buffers/${id}`)).json();
    expect(view.status).toBe(2);
    expect(view.data).toMatchObject({ note: 'November rent', ...data });
    // The treasury's deal slip (its File record) opens for the requester of the document.
    const file = await t.app.inject({ method: 'GET', url: `/api/files/${slip}`, headers: { authorization: `Bearer ${await auth('employee')}`, accept: 'application/json' } });
    expect(file.statusCode).toBe(200);
    expect(file.json().id).toBe(slip);
  });
});
