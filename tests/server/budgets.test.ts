/**
 * Budgets (issue #36 item 4; docs/MODULES.md "Budgets"): a budget per company × department ×
 * expense account × fiscal year, created and changed through approval; a document of a module
 * whose definition opts in (`ui:module.budget`) reserves its amount at submit, consumes it at the
 * final approval, gives it back on rejection or withdrawal, and an edit moves it. Over budget is
 * the definition's: here payment refuses (422, nothing filed) and reimbursement routes (an extra
 * step, tests/server/budget-route.test.ts). Two
 * documents racing for the last of a budget: exactly one fits (PGlite, and PostgreSQL with
 * TEST_DATABASE_URL). Who may read and request budgets, and bad input.
 */
import { describe, expect, it } from 'vitest';
import { findModule } from '../../src/engine';
import { companyFiscalYear } from '../../server/budgets/budget-ledger';
import { approveEveryStep, companyRefs, wrapperFor } from './admin-fixtures';
import { paymentBody } from './integrity-fixtures';
import { purchaseRefs, type WorkflowSuite, workflowSuite } from './workflow-fixtures';

let s: WorkflowSuite;
let year = 0;
workflowSuite((suite) => { s = suite; });
/** RH's fiscal year today (its own start day). */
const fiscalYear = () => year;

/** The modules opted in, from the definitions (no module code written into the ledger's expectations). */
const policyOf = (code: string) => findModule(s.t.app.definitions, code)?.meta.budget?.over;
const budgetModule = () => {
  const codes = Object.values(s.t.app.definitions.modules).filter((m) => m.kind === 'module' && m.meta.entity?.kind === 'budget').map((m) => m.code);
  expect(codes).toHaveLength(1);
  return codes[0];
};
const buffers = async () => (await s.t.db.selectFrom('buffers').select('id').execute()).length;

/** RH, its first department and its first (non-transport) payment expense account; a second account for moves. */
async function refs() {
  const r = await purchaseRefs(s.t.db);
  const accounts = await s.t.db.selectFrom('expense_accounts').select('id').where('company_id', '=', r.company)
    .where('module_type', '=', 'payment').where('is_transportation', '=', false).orderBy('id').execute();
  return { ...r, account: accounts[0].id, other: accounts[1].id };
}

/** A payment of `amount` on expense account `account` (one item, one content line). */
async function payment(amount: number, account?: number) {
  const body = await paymentBody(s.t.db, s.users);
  const item = body.transaction.transaction_items[0];
  const content = { ...item.contents[0], amount, ...(account ? { content_type_id: account } : {}) };
  return { ...body, transaction: { ...body.transaction, total: amount, transaction_items: [{ ...item, total: amount, contents: [content] }] } };
}
const file = (amount: number, account?: number) => payment(amount, account).then((body) => s.post('employee', '/api/buffer/payment', body));

/** Creates a budget through approval (requested by finance, approved at every step) and returns its id. */
async function createBudget(amount: number, over: Record<string, unknown> = {}) {
  const r = await refs();
  const body = { ...await wrapperFor(s.t.db, budgetModule(), s.users), company_id: r.company, department_id: r.department, expense_account_id: r.account, fiscal_year: fiscalYear(), amount, ...over };
  const filed = await s.post('finance', `/api/buffer/${budgetModule()}`, body);
  expect(filed.statusCode, filed.body).toBe(201);
  await approveEveryStep(s.t.db, s.post, filed.json().id);
  const row = await s.t.db.selectFrom('budgets').select('id').where('company_id', '=', body.company_id).where('department_id', '=', body.department_id as number)
    .where('expense_account_id', '=', body.expense_account_id as number).where('fiscal_year', '=', body.fiscal_year as number).executeTakeFirstOrThrow();
  return row.id;
}

/** Sets a budget's amount through approval. */
async function setAmount(id: number, amount: number) {
  const current = (await s.t.db.selectFrom('budgets').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
  const filed = await s.post('finance', `/api/buffer/${budgetModule()}/${id}/edit`, {
    ...await wrapperFor(s.t.db, budgetModule(), s.users), company_id: current.company_id, department_id: current.department_id,
    expense_account_id: current.expense_account_id, fiscal_year: current.fiscal_year, amount,
  });
  expect(filed.statusCode, filed.body).toBe(201);
  await approveEveryStep(s.t.db, s.post, filed.json().id);
}

async function standing(id: number, user = 'finance') {
  const r = await refs();
  const reply = await s.get(user, `/api/budgets?company_id=${r.company}&fiscal_year=${fiscalYear()}`);
  expect(reply.statusCode, reply.body).toBe(200);
  const row = reply.json()['hydra:member'].find((b: { id: number }) => b.id === id);
  return { amount: row.amount, reserved: row.reserved, consumed: row.consumed, remaining: row.remaining };
}

/** Approves a payment to the end: the three approvals, then treasury with its account, date and deal slip. */
async function approvePayment(id: number) {
  const steps = await s.t.db.selectFrom('approvals').select('id').where('buffer_id', '=', id).where('voided_at', 'is', null).orderBy('position').execute();
  for (const [i, user] of ['approver', 'finance', 'authorizer'].entries()) expect((await s.post(user, `/api/approvals/${steps[i].id}/action`, { approve: true })).statusCode).toBe(200);
  const r = await refs();
  const bank = (await s.t.db.selectFrom('company_bank_accounts').select('id').where('company_id', '=', r.company).orderBy('id').executeTakeFirstOrThrow()).id;
  const slip = (await s.t.db.insertInto('files').values({
    name: 'slip.pdf', mime_type: 'application/pdf', size: 10, document_type: 'attachment', storage_key: `test/slip-${id}`, sha256: 'x', uploader_id: s.users.treasury.id,
  }).returning('id').executeTakeFirstOrThrow()).id;
  const done = await s.post('treasury', `/api/approvals/${steps.at(-1)!.id}/action`, { approve: null, data: { account_id: bank, payment_date: '2026-11-30', deal_slips: [slip] } });
  expect(done.statusCode, done.body).toBe(200);
}

describe('budgets', () => {
  it('knows RH\'s fiscal year', async () => {
    year = await companyFiscalYear(s.t.db, (await purchaseRefs(s.t.db)).company);
    expect(year).toBeGreaterThan(2000);
  });

  it('reserve at submit, consume at the final approval, release on rejection and withdrawal; an edit moves the reservation', async () => {
    expect(policyOf('payment')).toBe('refuse');
    const id = await createBudget(10_000);
    expect(await standing(id)).toEqual({ amount: 10_000, reserved: 0, consumed: 0, remaining: 10_000 });

    const first = await file(3000);
    expect(first.statusCode, first.body).toBe(201);
    expect(await standing(id)).toEqual({ amount: 10_000, reserved: 3000, consumed: 0, remaining: 7000 });
    await approvePayment(first.json().id);
    expect(await standing(id)).toEqual({ amount: 10_000, reserved: 0, consumed: 3000, remaining: 7000 });

    // Rejected: given back.
    const rejected = await file(2000);
    expect(await standing(id)).toMatchObject({ reserved: 2000, remaining: 5000 });
    const step = await s.t.db.selectFrom('approvals').select('id').where('buffer_id', '=', rejected.json().id).orderBy('position').executeTakeFirstOrThrow();
    expect((await s.post('approver', `/api/approvals/${step.id}/action`, { approve: false })).statusCode).toBe(200);
    expect(await standing(id)).toMatchObject({ reserved: 0, consumed: 3000, remaining: 7000 });

    // Withdrawn: given back.
    const withdrawn = await file(1500);
    expect(await standing(id)).toMatchObject({ reserved: 1500 });
    expect((await s.post('employee', '/api/buffer/withdrawal', { buffer_id: withdrawn.json().id })).statusCode).toBe(200);
    expect(await standing(id)).toMatchObject({ reserved: 0, remaining: 7000 });

    // Edited: the reservation follows the amount, then moves to an account without a budget (nothing held).
    const edited = await file(2000);
    const editId = edited.json().id as number;
    const r = await refs();
    const editBody = async (amount: number, account?: number) => (await payment(amount, account)).transaction;
    const grow = await s.post('employee', `/api/buffer/${editId}/edit`, { data: await editBody(4000) });
    expect(grow.statusCode, grow.body).toBe(200);
    expect(await standing(id)).toMatchObject({ reserved: 4000, remaining: 3000 });
    // Its own reservation does not count against it: 7000 fits although 4000 is reserved by it.
    expect((await s.post('employee', `/api/buffer/${editId}/edit`, { data: await editBody(7000) })).statusCode).toBe(200);
    expect(await standing(id)).toMatchObject({ reserved: 7000, remaining: 0 });
    expect((await s.post('employee', `/api/buffer/${editId}/edit`, { data: await editBody(2000, r.other) })).statusCode).toBe(200);
    expect(await standing(id)).toMatchObject({ reserved: 0, remaining: 7000 });
    const held = await s.t.db.selectFrom('budget_reservations').select('budget_id').where('buffer_id', '=', editId).execute();
    expect(held).toEqual([]);
    // An edit over budget is refused like a submit, and keeps what it held.
    expect((await s.post('employee', `/api/buffer/${editId}/edit`, { data: await editBody(5000) })).statusCode).toBe(200);
    const over = await s.post('employee', `/api/buffer/${editId}/edit`, { data: await editBody(7001) });
    expect(over.statusCode).toBe(422);
    expect(await standing(id)).toMatchObject({ reserved: 5000, remaining: 2000 });

    // The form's check: what remains, and over.
    const data = (await payment(2500)).transaction;
    const check = await s.post('employee', '/api/budgets/check', { module_code: 'payment', data });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({ policy: 'refuse', over: true, remaining: -500, budgets: [{ id, amount: 10_000, reserved: 5000, consumed: 3000, remaining: 2000, requested: 2500, remaining_after: -500 }] });
    // With the edited document named, its own 5000 is left out.
    const own = await s.post('employee', '/api/budgets/check', { module_code: 'payment', data, buffer_id: editId });
    expect(own.json()).toMatchObject({ over: false, remaining: 4500 });
    // Someone else naming the document does not leave it out.
    const others = await s.post('approver', '/api/budgets/check', { module_code: 'payment', data, buffer_id: editId });
    expect(others.json()).toMatchObject({ over: true });
    // Summary per department.
    const summary = await s.get('finance', `/api/budgets/summary?company_id=${r.company}&fiscal_year=${fiscalYear()}`);
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json().departments).toEqual([expect.objectContaining({ department_id: r.department, amount: 10_000, reserved: 5000, consumed: 3000, remaining: 2000 })]);
    // Inside the department, per expense account (the Statistic screen's rows).
    expect(summary.json().departments[0].accounts).toEqual([{
      budget_id: id, expense_account_id: r.account, expense_account_name: expect.stringMatching(/\S/), amount: 10_000, reserved: 5000, consumed: 3000, remaining: 2000,
    }]);
    expect(summary.json().total).toEqual({ amount: 10_000, reserved: 5000, consumed: 3000, remaining: 2000 });
    // Clean up for the next case: withdraw the edited one.
    expect((await s.post('employee', '/api/buffer/withdrawal', { buffer_id: editId })).statusCode).toBe(200);
  }, 120_000); // about twenty filings and decisions in one test: 22 s alone on a busy 2-core machine

  it('refuses over budget with a clear message and files nothing; lets exactly one of two racing documents take the last of it', async () => {
    const [budget] = await s.t.db.selectFrom('budgets').select('id').execute();
    const id = budget.id;
    const { remaining } = await standing(id);
    expect(remaining).toBe(7000);
    const before = await buffers();
    const refused = await file(7001);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().violations).toEqual([{ propertyPath: 'transaction_items', message: expect.stringMatching(/^Over budget: .+ has 7,000 left in fiscal year \d{4}, and this document asks 7,001\.$/) }]);
    expect(await buffers()).toBe(before);
    expect(await standing(id)).toMatchObject({ reserved: 0, remaining: 7000 });

    // Race: three documents of 3000 each at once for 7000 left — two fit, the third is refused; then two of 1000 for the last 1000.
    const bodies = await Promise.all([3000, 3000, 3000].map((a) => payment(a)));
    const race = await Promise.all(bodies.map((body) => s.post('employee', '/api/buffer/payment', body)));
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 201, 422]);
    expect(await standing(id)).toMatchObject({ reserved: 6000, remaining: 1000 });
    const last = await Promise.all([await payment(1000), await payment(1000)].map((body) => s.post('employee', '/api/buffer/payment', body)));
    expect(last.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(await standing(id)).toMatchObject({ reserved: 7000, remaining: 0 });
    // A routing module files over budget with an extra step (reimbursement's definition says route; budget-route.test.ts).
    expect(policyOf('reimbursement')).toBe('route');
  });

  it('who may read and request budgets', async () => {
    const rh = (await companyRefs(s.t.db, 'RH')).company;
    const rt = (await companyRefs(s.t.db, 'RT')).company;
    const cases: Array<[string, number, number]> = [
      ['employee', rh, 403], ['approver', rh, 403], ['legal', rh, 403], ['client', rh, 403], ['finance', rt, 403], ['ap.authorizer', rh, 403],
      ['finance', rh, 200], ['treasury', rh, 200], ['authorizer', rh, 200], ['admin', rt, 200], ['ap.authorizer', (await companyRefs(s.t.db, 'AP')).company, 200],
    ];
    for (const [user, company, status] of cases) {
      expect([user, company, (await s.get(user, `/api/budgets?company_id=${company}`)).statusCode]).toEqual([user, company, status]);
      expect([user, company, (await s.get(user, `/api/budgets/summary?company_id=${company}`)).statusCode]).toEqual([user, company, status]);
    }
    // Requesting one: the same people; a 403 files nothing.
    const r = await refs();
    const rtDept = await s.t.db.selectFrom('departments').select('id').where('company_id', '=', rt).orderBy('id').executeTakeFirstOrThrow();
    const rtAccount = await s.t.db.selectFrom('expense_accounts').select('id').where('company_id', '=', rt).orderBy('id').executeTakeFirstOrThrow();
    const wrapper = await wrapperFor(s.t.db, budgetModule(), s.users);
    const request = { ...wrapper, company_id: rt, department_id: rtDept.id, expense_account_id: rtAccount.id, fiscal_year: fiscalYear(), amount: 500 };
    const before = await buffers();
    for (const user of ['employee', 'approver', 'finance', 'client']) {
      expect([user, (await s.post(user, `/api/buffer/${budgetModule()}`, request)).statusCode]).toEqual([user, 403]);
    }
    expect(await buffers()).toBe(before);
    expect((await s.post('admin', `/api/buffer/${budgetModule()}`, { ...request, approvals: [] })).statusCode).toBe(422);
    expect(r.company).toBe(rh);
    // The check is for what the requester may file: another group's company is refused as filing refuses it.
    const ap = (await companyRefs(s.t.db, 'AP')).company;
    const outside = await s.post('employee', '/api/budgets/check', { module_code: 'payment', data: { company_id: ap, department_id: 1 } });
    expect(outside.statusCode).toBe(422);
  });

  it('bad input gets a clear message and changes nothing', async () => {
    const r = await refs();
    const rt = (await companyRefs(s.t.db, 'RT')).company;
    const [budget] = await s.t.db.selectFrom('budgets').select(['id', 'amount']).execute();
    expect((await s.get('finance', '/api/budgets?company_id=abc')).statusCode).toBe(400);
    expect((await s.get('finance', '/api/budgets?company_id=1&fiscal_year=99999')).statusCode).toBe(400);
    expect((await s.get('admin', '/api/budgets?company_id=999999')).statusCode).toBe(404);
    expect((await s.post('employee', '/api/budgets/check', { module_code: 'no-such-module', data: {} })).statusCode).toBe(404);
    expect((await s.post('employee', '/api/budgets/check', { module_code: 'purchase', data: {} })).json()).toEqual({ policy: null, fiscal_year: null, over: false, remaining: null, budgets: [] });
    const before = await buffers();
    const wrapper = await wrapperFor(s.t.db, budgetModule(), s.users);
    const good = { ...wrapper, company_id: r.company, department_id: r.department, expense_account_id: r.other, fiscal_year: fiscalYear(), amount: 100 };
    const rtDept = await s.t.db.selectFrom('departments').select('id').where('company_id', '=', rt).orderBy('id').executeTakeFirstOrThrow();
    const cases: Array<[Record<string, unknown>, number, string[]]> = [
      [{ amount: -1 }, 422, ['amount']],
      [{ amount: null }, 422, ['amount']],
      [{ department_id: rtDept.id }, 422, ['department_id']],
      [{ expense_account_id: r.account }, 409, []],
    ];
    for (const [over, status, paths] of cases) {
      const reply = await s.post('finance', `/api/buffer/${budgetModule()}`, { ...good, ...over });
      expect([over, reply.statusCode], reply.body).toEqual([over, status]);
      if (paths.length) expect(reply.json().violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual(paths);
      expect(reply.json().message ?? reply.json().violations[0].message).toMatch(/\S/);
    }
    // An edit keeps the key and may not go below what documents hold (7000 reserved).
    const edit = (body: Record<string, unknown>) => s.post('finance', `/api/buffer/${budgetModule()}/${budget.id}/edit`, { ...wrapper, company_id: r.company, department_id: r.department, expense_account_id: r.account, fiscal_year: fiscalYear(), amount: 9000, ...body });
    const otherDept = await s.t.db.selectFrom('departments').select('id').where('company_id', '=', r.company).where('id', '!=', r.department).orderBy('id').executeTakeFirstOrThrow();
    const moved = await edit({ department_id: otherDept.id });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().violations).toEqual([{ propertyPath: 'department_id', message: 'A budget keeps its company, department, expense account and fiscal year: request a new budget instead.' }]);
    const low = await edit({ amount: 9999 });
    expect(low.statusCode).toBe(422);
    expect(low.json().violations).toEqual([{ propertyPath: 'amount', message: 'The budget cannot be set below what documents already hold of it (10,000).' }]);
    expect(await buffers()).toBe(before);
    expect(Number((await s.t.db.selectFrom('budgets').select('amount').where('id', '=', budget.id).executeTakeFirstOrThrow()).amount)).toBe(Number(budget.amount));
    // Raised through approval: room again.
    await setAmount(budget.id, 12_000);
    expect(await standing(budget.id)).toMatchObject({ amount: 12_000, remaining: 2000 });
  });
});
