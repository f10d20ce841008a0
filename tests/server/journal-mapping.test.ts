/**
 * A company's journal mapping changed through approval (issue 35 item 1): `PUT
 * /companies/{id}/journal_mapping` checks every name against the chosen standard list (422 naming
 * the field, nothing filed), files a request of the journal-mapping entity module and answers it;
 * nothing changes while it is pending (the GET names it), the final approval stores it. Who may
 * request it: the company's authorizer, finance and treasury, and group admins.
 */
import { describe, expect, it } from 'vitest';
import { approveEveryStep, companyRefs, wrapperFor } from './admin-fixtures';
import { type WorkflowSuite, workflowSuite } from './workflow-fixtures';

let s: WorkflowSuite;
workflowSuite((suite) => { s = suite; });

const put = async (user: string, company: number, body: unknown) =>
  s.t.app.inject({ method: 'PUT', url: `/api/companies/${company}/journal_mapping`, headers: { authorization: `Bearer ${await s.auth(user)}`, 'accept-language': 'en' }, payload: body as object });
const view = async (company: number, user = 'admin') => (await s.get(user, `/api/companies/${company}/journal_mapping`)).json();
/** The module filing journal-mapping changes, from the definitions in force (no module code written here). */
function mappingModule(): string {
  const codes = Object.values(s.t.app.definitions.modules).filter((m) => m.kind === 'module' && m.meta.entity?.kind === 'journal-mapping').map((m) => m.code);
  expect(codes).toHaveLength(1);
  return codes[0];
}
const approvals = async () => ({ approvals: (await wrapperFor(s.t.db, mappingModule(), s.users)).approvals });
const buffers = async () => Number((await s.t.db.selectFrom('buffers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

/** A mapping of every module that books journals (from the GET: no module list written here). */
async function mappingFor(company: number, over: Record<string, unknown> = {}) {
  const { modules } = await view(company);
  expect(modules.length).toBeGreaterThan(0);
  return {
    list: 'yayoi',
    modules: Object.fromEntries(modules.map((m: { code: string; side: string }) => [m.code, m.side === 'revenue'
      ? { debit: { account: '売掛金' }, credit: { account: '売上高' } }
      : { debit: { account: '仕入高', sub_account: '本社' }, credit: { account: '未払金' }, tax_rate: '10' }])),
    tax_classes: { purchase_10: '課対仕入内10%' },
    ...over,
  };
}

describe('journal mapping through approval', () => {
  it('files the change, shows it pending, and the approval makes it the mapping in force', async () => {
    const rh = (await companyRefs(s.t.db, 'RH')).company;
    const bank = await s.t.db.selectFrom('company_bank_accounts').select('id').where('company_id', '=', rh).orderBy('id').executeTakeFirstOrThrow();
    const expense = await s.t.db.selectFrom('expense_accounts').select('id').where('company_id', '=', rh).orderBy('id').executeTakeFirstOrThrow();
    const body = await mappingFor(rh, { payment_methods: { [bank.id]: { account: '普通預金', sub_account: 'みずほ' } }, expense_accounts: { [expense.id]: { account: '旅費交通費' } } });
    expect((await view(rh)).mapping).toBeNull();
    const filed = await put('finance', rh, { ...body, ...await approvals() });
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.json()).toEqual({ id: expect.any(Number), code: expect.any(String) });
    // Pending: nothing changed yet; the GET names the request; a second change waits.
    const pending = await view(rh, 'finance');
    expect(pending.mapping).toBeNull();
    expect(pending.pending).toEqual(filed.json());
    expect((await put('admin', rh, { ...body, ...await approvals() })).statusCode).toBe(409);
    await approveEveryStep(s.t.db, s.post, filed.json().id);
    const after = await view(rh, 'treasury');
    expect(after.pending).toBeNull();
    expect(after.mapping).toEqual(body);
    // The filed request is the entity module's edit of the company, with the mapping as rows.
    const doc = await s.t.db.selectFrom('buffers').select(['module_code', 'target_id', 'status', 'data']).where('id', '=', filed.json().id).executeTakeFirstOrThrow();
    expect(doc).toMatchObject({ module_code: mappingModule(), target_id: rh, status: 2 });
    expect((doc.data as Record<string, unknown>).payment_methods).toEqual([{ bank_account_id: bank.id, account: '普通預金', sub_account: 'みずほ' }]);
  });

  it('refuses a typo, an unknown module, another company\'s bank account at PUT with the field named, and files nothing', async () => {
    const rt = (await companyRefs(s.t.db, 'RT')).company;
    const rh = (await companyRefs(s.t.db, 'RH')).company;
    const rhBank = await s.t.db.selectFrom('company_bank_accounts').select('id').where('company_id', '=', rh).orderBy('id').executeTakeFirstOrThrow();
    const good = await mappingFor(rt);
    const [first] = Object.keys(good.modules);
    const before = await buffers();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ modules: { ...good.modules, [first]: { debit: { account: '旅費交通比' }, credit: { account: '未払金' } } } }, `modules.${first}.debit.account`],
      [{ modules: { ...good.modules, 'no-such-module': { debit: { account: '仕入高' } } } }, 'modules.no-such-module'],
      [{ payment_methods: { [rhBank.id]: { account: '普通預金' } } }, `payment_methods.${rhBank.id}`],
      [{ tax_classes: { purchase_10: '課税仕入10' } }, 'tax_classes.purchase_10'],
    ];
    for (const [over, path] of cases) {
      const reply = await put('admin', rt, { ...good, ...over });
      expect(reply.statusCode, reply.body).toBe(422);
      expect(reply.json().violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual([path]);
      expect(reply.json().violations[0].message).toMatch(/\S/);
    }
    expect((await put('admin', rt, { ...good, list: 'sage' })).statusCode).toBe(400);
    expect(await buffers()).toBe(before);
    expect((await view(rt)).pending).toBeNull();
    // The typo's message names the name and the list.
    const typo = await put('admin', rt, { ...good, ...cases[0][0] });
    expect(typo.json().violations[0].message).toBe('"旅費交通比" is not an account of the 弥生 standard list.');
  });

  it('checks a mapping without filing it (the mapping screen asks before opening the request form)', async () => {
    const ap = (await companyRefs(s.t.db, 'AP')).company;
    const check = async (user: string, body: unknown) => s.t.app.inject({
      method: 'POST', url: `/api/companies/${ap}/journal_mapping/check`, headers: { authorization: `Bearer ${await s.auth(user)}`, 'accept-language': 'en' }, payload: body as object,
    });
    const good = await mappingFor(ap);
    const [first] = Object.keys(good.modules);
    const before = await buffers();
    const fine = await check('admin', good);
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.json()).toEqual({ ok: true });
    const typo = await check('ap.authorizer', { ...good, modules: { ...good.modules, [first]: { debit: { account: '旅費交通比' } } }, tax_classes: { outside: '対象外です' } });
    expect(typo.statusCode).toBe(422);
    expect(typo.json().violations).toEqual([
      { propertyPath: `modules.${first}.debit.account`, message: '"旅費交通比" is not an account of the 弥生 standard list.' },
      { propertyPath: 'tax_classes.outside', message: expect.stringContaining('対象外です') },
    ]);
    expect((await check('employee', good)).statusCode).toBe(403);
    expect((await check('admin', { ...good, list: 'sage' })).statusCode).toBe(400);
    expect(await buffers()).toBe(before);
    expect((await view(ap)).pending).toBeNull();
  });

  it('is requested by the company\'s authorizer, finance and treasury and by group admins only', async () => {
    const rh = (await companyRefs(s.t.db, 'RH')).company;
    const rt = (await companyRefs(s.t.db, 'RT')).company;
    const ap = (await companyRefs(s.t.db, 'AP')).company;
    // A typo: a user who may request it hears about the typo (422), the others are refused first (403); nothing is filed.
    const typo = await mappingFor(ap, { tax_classes: { outside: '対象外です' } });
    const before = await buffers();
    const cases: Array<[string, number, number]> = [
      ['employee', ap, 403], ['approver', ap, 403], ['legal', ap, 403], ['finance', ap, 403], ['treasury', rt, 403], ['ap.authorizer', rh, 403],
      ['ap.authorizer', ap, 422], ['finance', rh, 422], ['treasury', rh, 422], ['admin', ap, 422], ['authorizer', rt, 422],
    ];
    for (const [user, company, status] of cases) {
      const reply = await put(user, company, typo);
      expect([user, company, reply.statusCode], reply.body).toEqual([user, company, status]);
      expect([user, (await s.get(user, `/api/companies/${company}/journal_mapping`)).statusCode]).toEqual([user, status === 422 ? 200 : 403]);
    }
    expect(await buffers()).toBe(before);
    expect((await put('admin', 999_999, typo)).statusCode).toBe(404);
    // Treasury of its own company and a group admin (authorizer@: group member and authorizer) of
    // another company file a good one (RH's change above is approved; RT has none pending).
    expect((await put('treasury', rh, { ...await mappingFor(rh), ...await approvals() })).statusCode).toBe(201);
    expect((await put('admin', rt, { ...await mappingFor(rt), ...await approvals() })).statusCode).toBe(201);
  });
});
