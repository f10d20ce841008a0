import { describe, expect, it } from 'vitest';
import { findModule } from '../../src/engine';
import { authUserById } from '../../server/statistics/scope-checks';
import { fileDocument } from '../../server/workflow/filing/filing';
import { storeAnswer } from '../../server/workflow/core/idempotency';
import type { TestApp } from './helpers';
import { documentCount, paymentBody } from './integrity-fixtures';
import { filePurchase, moduleSteps, purchaseBody, purchaseRefs, type Users, workflowSuite, type Auth, type Poster } from './workflow-fixtures';

// The submission pipeline (compute → validate the computed data → references), shared by submit
// and edit; treasury and forwarding references; idempotency inside the filing transaction.
let t: TestApp;
let users: Users;
let post: Poster;
let auth: Auth;
workflowSuite((suite) => ({ t, users, post, auth } = suite));

const uploadAs = async (uploader: number, name = 'file.pdf') => (await t.db.insertInto('files').values({
  name, mime_type: 'application/pdf', size: 10, document_type: 'attachment', storage_key: `test/${name}-${Math.random()}`, sha256: 'x', uploader_id: uploader,
}).returning('id').executeTakeFirstOrThrow()).id;

async function reimbursementBody(companyOfDocument: number | null, companyOfItems: number) {
  const refs = await purchaseRefs(t.db);
  const expense = await t.db.selectFrom('expense_accounts').select('id').where('company_id', '=', refs.company).where('module_type', '=', 'reimbursement').orderBy('id').executeTakeFirstOrThrow();
  const approverOf: Record<string, number> = { 'p-manager': users.approver.id, 'p-finance': users.finance.id, 'p-treasury': users.treasury.id };
  const steps = await moduleSteps(t.db, 'reimbursement');
  return {
    bypass: false, send_notification_first_approval: true, save_approvers: false,
    approvals: steps.filter((s) => approverOf[s.code]).map((s) => ({ approver_id: approverOf[s.code], master_process_id: s.id })),
    transaction: {
      currency_id: refs.currency, company_id: companyOfDocument, department_id: refs.department, user_finances: [],
      transaction_items: [{ index: 1, company_id: companyOfItems, department_id: refs.department, contents: [{ content_type_id: expense.id, company_id: companyOfItems, amount: 120, note: 'Taxi' }] }],
    },
  };
}

describe('computed values are validated after they are computed', () => {
  it('reimbursement: transaction.company_id null with items claiming a company → 422 at the item company', async () => {
    const refs = await purchaseRefs(t.db);
    const before = await documentCount(t);
    const response = await post('employee', '/api/buffer/reimbursement', await reimbursementBody(null, refs.company));
    expect(response.statusCode).toBe(422);
    expect(response.json().violations.map((v: { propertyPath: string }) => v.propertyPath)).toContain('transaction_items[0].company_id');
    expect(await documentCount(t)).toBe(before);
    // The same body with the document's company files, items carrying the company they inherit.
    const ok = await post('employee', '/api/buffer/reimbursement', await reimbursementBody(refs.company, refs.company));
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('corporate seal: purpose "x" with purpose_keys [] → 422 at purpose (the computed purpose is empty)', async () => {
    const seal = await t.db.selectFrom('corporate_seal_types').select('id').orderBy('id').executeTakeFirstOrThrow();
    const external = await t.db.selectFrom('companies').select('id').where('is_group', '=', false).orderBy('id').executeTakeFirstOrThrow();
    const steps = await moduleSteps(t.db, 'corporate-seal');
    const approverOf: Record<string, number> = { 'p-manager': users.approver.id, 'p-signer': users.legal.id };
    const body = (purpose_keys: string[]) => ({
      send_notification_first_approval: true, save_approvers: false,
      approvals: steps.filter((s) => approverOf[s.code]).map((s) => ({ approver_id: approverOf[s.code], master_process_id: s.id })),
      type_id: seal.id, purpose: 'x', purpose_keys, stamped_party_full_name: 'ACME Corp', contract_party_id: external.id, user_finances: [],
    });
    const file = await uploadAs(users.employee.id, 'plan.pdf');
    const refused = await post('employee', '/api/buffer/corporate-seal', { ...body([]), document_plan_files: [file] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual(['purpose']);
    const filed = await post('employee', '/api/buffer/corporate-seal', { ...body(['authorize_deed']), document_plan_files: [file] });
    expect(filed.statusCode, filed.body).toBe(201);
    const stored = await t.db.selectFrom('buffers').select('data').where('id', '=', filed.json().id).executeTakeFirstOrThrow();
    expect((stored.data as Record<string, unknown>).purpose).toBe('authorize_deed');
  });

  it('a wrong total is replaced by the recomputed one', async () => {
    const body = { ...(await purchaseBody(t.db, users, { budget: 1000 })), total_estimated: 1 };
    const filed = await filePurchase(t, await auth('employee'), body);
    const stored = await t.db.selectFrom('buffers').select('data').where('id', '=', filed.id).executeTakeFirstOrThrow();
    expect((stored.data as Record<string, unknown>).total_estimated).toBe(1000);
  });
});

describe('unknown fields and company scope', () => {
  it('drops fields the form does not declare (status, requester_id, code, nested extras) and files normally', async () => {
    const body = await purchaseBody(t.db, users);
    const forged = { ...body, status: 2, requester_id: users.admin.id, code: 'FORGED-1', completed_at: '2020-01-01', purchase_goods: [{ ...body.purchase_goods[0], approved: true }] };
    const filed = await filePurchase(t, await auth('employee'), forged);
    const row = await t.db.selectFrom('buffers').select(['status', 'requester_id', 'code', 'data']).where('id', '=', filed.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 0, requester_id: users.employee.id });
    expect(row.code).not.toBe('FORGED-1');
    const data = row.data as Record<string, any>;
    for (const key of ['status', 'requester_id', 'code', 'completed_at']) expect(data).not.toHaveProperty(key);
    expect(data.purchase_goods[0]).not.toHaveProperty('approved');
  });

  it('drops never-shown fields a later step fills (treasury data on a payment submission)', async () => {
    const account = (await t.db.selectFrom('company_bank_accounts').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const response = await post('employee', '/api/buffer/payment', await paymentBody(t.db, users, { account_id: account, payment_date: '2026-01-01' }));
    expect(response.statusCode, response.body).toBe(201);
    const stored = await t.db.selectFrom('buffers').select('data').where('id', '=', response.json().id).executeTakeFirstOrThrow();
    expect(stored.data).not.toHaveProperty('account_id');
    expect(stored.data).not.toHaveProperty('payment_date');
  });

  it('a group member may not file for an external company', async () => {
    const external = await t.db.selectFrom('companies').select('id').where('is_group', '=', false).orderBy('id').executeTakeFirstOrThrow();
    const department = await t.db.selectFrom('departments').select('id').where('company_id', '=', external.id).orderBy('id').executeTakeFirstOrThrow();
    const body = await purchaseBody(t.db, users);
    const response = await post('employee', '/api/buffer/purchase', { ...body, company_id: external.id, department_id: department.id, purchase_goods: [{ ...body.purchase_goods[0], department_id: department.id }] });
    expect(response.statusCode).toBe(422);
    expect(response.json().violations).toContainEqual({ propertyPath: 'company_id', message: 'You may not file a document for this company.' });
  });
});

describe('treasury references', () => {
  async function atTreasury() {
    const filed = await post('employee', '/api/buffer/payment', await paymentBody(t.db, users));
    const id = filed.json().id as number;
    const steps = await t.db.selectFrom('approvals').select('id').where('buffer_id', '=', id).orderBy('position').execute();
    for (const [i, user] of ['approver', 'finance', 'authorizer'].entries()) await post(user, `/api/approvals/${steps[i].id}/action`, { approve: true });
    return steps.at(-1)!.id;
  }

  it('refuses a deal slip the treasury user may not read, and another company\'s bank account', async () => {
    const step = await atTreasury();
    const refs = await purchaseRefs(t.db);
    const own = (await t.db.selectFrom('company_bank_accounts').select('id').where('company_id', '=', refs.company).orderBy('id').executeTakeFirstOrThrow()).id;
    const foreign = (await t.db.selectFrom('company_bank_accounts').select('id').where('company_id', '!=', refs.company).orderBy('id').executeTakeFirstOrThrow()).id;
    const someoneElses = await uploadAs(users.employee.id, 'private.pdf');
    const mine = await uploadAs(users.treasury.id, 'slip.pdf');
    const refused = await post('treasury', `/api/approvals/${step}/action`, { approve: null, data: { account_id: foreign, payment_date: '2026-11-30', deal_slips: [someoneElses] } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().violations).toEqual([
      { propertyPath: 'data.account_id', message: "The payment account must be a bank account of the document's company." },
      { propertyPath: 'data.deal_slips', message: 'The deal slip must be a file you uploaded or may read.' },
    ]);
    const done = await post('treasury', `/api/approvals/${step}/action`, { approve: null, data: { account_id: own, payment_date: '2026-11-30', deal_slips: [mine] } });
    expect(done.statusCode, done.body).toBe(200);
  });
});

describe('forwarding (user_finances) only to finance users of the document\'s company', () => {
  it('on submit: refuses client@ and a non-finance user, accepts the company\'s finance user', async () => {
    for (const id of [users.client.id, users.approver.id]) {
      const response = await post('employee', '/api/buffer/purchase', await purchaseBody(t.db, users, { user_finances: [id] }));
      expect(response.statusCode).toBe(422);
      expect(response.json().violations).toEqual([{ propertyPath: 'user_finances', message: "Documents can be forwarded only to finance users of the document's company." }]);
    }
    await filePurchase(t, await auth('employee'), await purchaseBody(t.db, users, { user_finances: [users.finance.id] }));
  });

  it('on edit: the forwarding stays as filed (read-only on the edit page, spec 000 §2), so an edit forwards to nobody new', async () => {
    const filed = await filePurchase(t, await auth('employee'), await purchaseBody(t.db, users, { user_finances: [users.finance.id] }));
    const edited = await post('employee', `/api/buffer/${filed.id}/edit`, { data: { user_finances: [users.client.id] } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().changed_fields).toEqual([]);
    const row = await t.db.selectFrom('buffers').select(['user_finances']).where('id', '=', filed.id).executeTakeFirstOrThrow();
    expect(row.user_finances).toEqual([users.finance.id]);
  });

  it('the /users/finance picker lists exactly those users', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users/finance', headers: { authorization: `Bearer ${await auth('client')}` } });
    expect(response.json()['hydra:totalItems']).toBe(0);
  });
});

describe('idempotency inside the filing transaction', () => {
  const key = (k: string) => ({ userId: users.employee.id, key: `POST /api/buffer/:code|${k}` });

  it('a crash before commit leaves neither the document nor the key: the retry files once', async () => {
    const definitions = t.app.definitions;
    const module = findModule(definitions, 'purchase')!;
    const body = await purchaseBody(t.db, users, { goods: 'Crash' });
    const user = (await authUserById(t.db, users.employee.id))!;
    const ctx = { userId: user.id, lang: 'en' as const, t: definitions.translate('en'), appUrl: 'http://localhost', definitions };
    const before = await documentCount(t);
    await expect(fileDocument(t.db, {
      kind: 'new', module, payload: body, user,
      afterFiling: async (trx, filed) => {
        await storeAnswer(trx, { ...key('crash'), hash: 'h' }, 201, filed);
        throw new Error('simulated crash before commit');
      },
    }, ctx)).rejects.toThrow(/simulated crash/);
    expect(await documentCount(t)).toBe(before);
    expect(await t.db.selectFrom('idempotency_keys').select('key').where('key', '=', key('crash').key).execute()).toEqual([]);
    const first = await post('employee', '/api/buffer/purchase', body, { 'idempotency-key': 'crash' });
    const again = await post('employee', '/api/buffer/purchase', body, { 'idempotency-key': 'crash' });
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json()).toEqual(first.json());
    expect(await documentCount(t)).toBe(before + 1);
  });

  it('a commit whose reply never left (crash after commit) is answered from the stored key', async () => {
    const body = await purchaseBody(t.db, users, { goods: 'Lost reply' });
    const first = await post('employee', '/api/buffer/purchase', body, { 'idempotency-key': 'lost' });
    const row = await t.db.selectFrom('idempotency_keys').selectAll().where('key', '=', key('lost').key).executeTakeFirstOrThrow();
    // The answer was written with the document: both exist, the key has its response.
    expect(row.response_status).toBe(201);
    expect(row.response_body).toEqual(first.json());
    const before = await documentCount(t);
    const replay = await post('employee', '/api/buffer/purchase', body, { 'idempotency-key': 'lost' });
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await documentCount(t)).toBe(before);
  });

  it('an expired key is forgotten and purged: the same key files anew', async () => {
    const body = await purchaseBody(t.db, users, { goods: 'Expiry' });
    const first = await post('employee', '/api/buffer/purchase', body, { 'idempotency-key': 'old' });
    await t.db.updateTable('idempotency_keys').set({ expires_at: new Date(Date.now() - 1000) }).where('key', '=', key('old').key).execute();
    const second = await post('employee', '/api/buffer/purchase', body, { 'idempotency-key': 'old' });
    expect(second.statusCode).toBe(201);
    expect(second.json().id).not.toBe(first.json().id);
    const rows = await t.db.selectFrom('idempotency_keys').select('response_body').where('key', '=', key('old').key).execute();
    expect(rows).toEqual([{ response_body: second.json() }]);
    expect(await t.db.selectFrom('idempotency_keys').select('key').where('expires_at', '<=', new Date()).execute()).toEqual([]);
  });
});
