import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enBank from '../../locales/en/company-bank-account.json';
import enExpense from '../../locales/en/expense-account.json';
import enServer from '../../locales/en/server.json';
import { buildTestApp, type TestApp } from './helpers';
import { activeStepActor, approveEveryStep, wrapperFor } from './admin-fixtures';
import { demoUsers, getter, poster, tokens, type Users } from './workflow-fixtures';

let t: TestApp;
let users: Users;
let post: ReturnType<typeof poster>;
let get: ReturnType<typeof getter>;
let rh: number;
let rt: number;

beforeAll(async () => {
  t = await buildTestApp();
  users = await demoUsers(t.db);
  const auth = tokens(t);
  post = poster(t, auth);
  get = getter(t, auth);
  const companies = await t.db.selectFrom('companies').select(['id', 'code']).execute();
  rh = companies.find((c) => c.code === 'RH')!.id;
  rt = companies.find((c) => c.code === 'RT')!.id;
});
afterAll(async () => t?.close());

const approveAll = (documentId: number) => approveEveryStep(t.db, post, documentId);

/** Approvers of a company's documents: its own authorizer for the authorizer step. */
async function wrapper(module: string, company: number) {
  const authorizer = company === rh ? users.authorizer.id : users['rt.authorizer'].id;
  const approver = company === rh ? users.approver.id : users.approver2.id;
  const steps = await t.db.selectFrom('master_processes').innerJoin('processes', 'processes.id', 'master_processes.process_id')
    .select('processes.code').where('module_code', '=', module).where('master_processes.retired_at', 'is', null).where('optional', '=', false)
    .orderBy('position').execute();
  return wrapperFor(t.db, module, users, steps.map((s) => [s.code === 'p-authorizer' ? authorizer : approver]));
}

const bank = (company: number, over: Record<string, unknown> = {}) => ({
  company_id: company, bank_name: 'Resona Bank', branch: 'Shinjuku', number: '1357924', type: 'ordinary', ...over,
});
const bankRows = async (company: number) => (await get('finance', `/api/company_bank_accounts_list/${company}?itemsPerPage=100`)).json()['hydra:member'] as Array<{ id: number; bank_name: string; branch: string }>;
const count = async (table: 'buffers' | 'company_bank_accounts' | 'expense_accounts') =>
  Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('company bank accounts through approval', () => {
  it('creates nothing while pending and the account on completion', async () => {
    const filed = await post('finance', '/api/buffer/company-bank-account', { ...(await wrapper('company-bank-account', rh)), ...bank(rh, { bank_name: '  Resona Bank ' }) });
    expect(filed.statusCode, filed.body).toBe(201);
    expect((await bankRows(rh)).some((r) => r.bank_name === 'Resona Bank')).toBe(false);
    const before = (await get('finance', '/api/companies?itemsPerPage=100')).json()['hydra:member'].find((c: { id: number }) => c.id === rh).count_company_bank_accounts;
    await approveAll(filed.json().id);
    const created = (await bankRows(rh)).find((r) => r.bank_name === 'Resona Bank');
    expect(created).toMatchObject({ branch: 'Shinjuku' });
    const after = (await get('finance', '/api/companies?itemsPerPage=100')).json()['hydra:member'].find((c: { id: number }) => c.id === rh).count_company_bank_accounts;
    expect(after).toBe(before + 1);
    const buffer = await t.db.selectFrom('buffers').select(['status', 'target_id']).where('id', '=', filed.json().id).executeTakeFirstOrThrow();
    expect(buffer).toEqual({ status: 2, target_id: created!.id });
  });

  it('refuses bad data with the form\'s message in its order, and stores nothing', async () => {
    const before = await count('buffers');
    const base = await wrapper('company-bank-account', rh);
    const missing = await post('finance', '/api/buffer/company-bank-account', { ...base, ...bank(rh, { bank_name: '', number: '' }) });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe(enBank.messages.bankName);
    const format = await post('finance', '/api/buffer/company-bank-account', { ...base, ...bank(rh, { number: '12AB-567' }) });
    expect(format.statusCode).toBe(422);
    expect(format.json().message).toBe(enBank.messages.numberFormat);
    const unknownCompany = await post('admin', '/api/buffer/company-bank-account', { ...base, ...bank(999999) });
    expect(unknownCompany.statusCode).toBe(422);
    const duplicate = await post('finance', '/api/buffer/company-bank-account', { ...base, ...bank(rh, { bank_name: '三菱UFJ銀行', branch: '丸の内支店', number: '1234567' }) });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().message).toBe(enServer.finance.errors.duplicateAccount);
    expect(await count('buffers')).toBe(before);
  });

  it('is requested by authorizer, finance or treasury of the company; a group admin for any company', async () => {
    const rhBody = { ...(await wrapper('company-bank-account', rh)), ...bank(rh, { number: '2468024' }) };
    const employee = await post('employee', '/api/buffer/company-bank-account', rhBody);
    expect(employee.statusCode).toBe(403);
    expect(employee.json().message).toBe(enServer.finance.errors.roles);
    const rtBody = { ...(await wrapper('company-bank-account', rt)), ...bank(rt, { number: '2468024' }) };
    const otherCompany = await post('finance', '/api/buffer/company-bank-account', rtBody);
    expect(otherCompany.statusCode).toBe(403);
    expect((await post('admin', '/api/buffer/company-bank-account', rtBody)).statusCode).toBe(201);
  });

  it('edits on completion, keeps the company, and a rejected edit changes nothing', async () => {
    const account = (await bankRows(rh)).find((r) => r.bank_name === 'Resona Bank')!;
    const moved = await post('finance', `/api/buffer/company-bank-account/${account.id}/edit`, { ...(await wrapper('company-bank-account', rh)), ...bank(rt) });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().message).toBe(enServer.finance.errors.companyFixed);

    const rejected = await post('finance', `/api/buffer/company-bank-account/${account.id}/edit`, { ...(await wrapper('company-bank-account', rh)), ...bank(rh, { branch: 'Ikebukuro' }) });
    expect(rejected.statusCode, rejected.body).toBe(201);
    // The route resolves who decides the first step (the head of the requester's department).
    const { step, actor } = await activeStepActor(t.db, rejected.json().id);
    expect((await post(actor, `/api/approvals/${step}/action`, { approve: false })).statusCode).toBe(200);
    expect((await bankRows(rh)).find((r) => r.id === account.id)?.branch).toBe('Shinjuku');

    const edit = await post('finance', `/api/buffer/company-bank-account/${account.id}/edit`, { ...(await wrapper('company-bank-account', rh)), ...bank(rh, { branch: 'Shibuya' }) });
    expect(edit.statusCode, edit.body).toBe(201);
    await approveAll(edit.json().id);
    expect((await bankRows(rh)).find((r) => r.id === account.id)?.branch).toBe('Shibuya');
  });

  it('retires on a completed delete: gone from lists, still readable by id, a second request is 409 while one is pending', async () => {
    const account = (await bankRows(rh)).find((r) => r.bank_name === 'Resona Bank')!;
    const del = await post('treasury', `/api/buffer/company-bank-account/${account.id}/delete`, await wrapper('company-bank-account', rh));
    expect(del.statusCode, del.body).toBe(201);
    const racing = await post('finance', `/api/buffer/company-bank-account/${account.id}/edit`, { ...(await wrapper('company-bank-account', rh)), ...bank(rh) });
    expect(racing.statusCode).toBe(409);
    await approveAll(del.json().id);
    expect((await bankRows(rh)).some((r) => r.id === account.id)).toBe(false);
    expect((await get('finance', `/api/company_bank_accounts/${account.id}`)).statusCode).toBe(200);
    expect((await post('finance', `/api/buffer/company-bank-account/${account.id}/delete`, await wrapper('company-bank-account', rh))).statusCode).toBe(404);
  });
});

describe('expense accounts through approval', () => {
  const names = { name: 'Cloud services', name_jp: 'クラウドサービス', name_zh: '云服务' };
  const listed = async (moduleCode: string) => (await get('finance', `/api/expense_accounts?companyId=${rh}&moduleCode=${moduleCode}&itemsPerPage=100`)).json()['hydra:member'] as Array<{ id: number; name: string; code: string; name_zh: string }>;

  it('creates a coded account of its use on completion; each name is required in order', async () => {
    const base = await wrapper('expense-account', rh);
    const missing = await post('finance', '/api/buffer/expense-account', { ...base, company_id: rh, module_type: 'payment', ...names, name_jp: ' ', name_zh: '' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe(enExpense.messages.nameJp);
    const filed = await post('finance', '/api/buffer/expense-account', { ...base, company_id: rh, module_type: 'payment', ...names });
    expect(filed.statusCode, filed.body).toBe(201);
    expect((await listed('payment')).some((a) => a.name === names.name)).toBe(false);
    await approveAll(filed.json().id);
    const created = (await listed('payment')).find((a) => a.name === names.name);
    expect(created?.code).toMatch(/^EA\d+$/);
    expect((await listed('reimbursement')).some((a) => a.name === names.name)).toBe(false);
  });

  it('keeps its use on edit, and retires on a completed delete', async () => {
    const account = (await listed('payment')).find((a) => a.name === names.name)!;
    const base = await wrapper('expense-account', rh);
    const switched = await post('finance', `/api/buffer/expense-account/${account.id}/edit`, { ...base, company_id: rh, module_type: 'reimbursement', ...names });
    expect(switched.statusCode).toBe(422);
    expect(switched.json().message).toBe(enServer.finance.errors.moduleTypeFixed);
    const edit = await post('finance', `/api/buffer/expense-account/${account.id}/edit`, { ...base, company_id: rh, module_type: 'payment', ...names, name_zh: '云端服务' });
    await approveAll(edit.json().id);
    expect((await listed('payment')).find((a) => a.id === account.id)?.name_zh).toBe('云端服务');
    const del = await post('finance', `/api/buffer/expense-account/${account.id}/delete`, base);
    expect(del.statusCode, del.body).toBe(201);
    await approveAll(del.json().id);
    expect((await listed('payment')).some((a) => a.id === account.id)).toBe(false);
    expect((await get('finance', `/api/expense_accounts/${account.id}`)).statusCode).toBe(200);
  });

  it('is refused to users outside the Statistic roles', async () => {
    const response = await post('legal', '/api/buffer/expense-account', { ...(await wrapper('expense-account', rh)), company_id: rh, module_type: 'payment', ...names });
    expect(response.statusCode).toBe(403);
  });
});
