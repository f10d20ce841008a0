import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { factModules, insertFile, insertStatDoc } from './statistics-fixtures';
import { demoUsers, getter, poster, tokens, type Users } from './workflow-fixtures';

let t: TestApp;
let users: Users;
let get: ReturnType<typeof getter>;
let post: ReturnType<typeof poster>;
let module: { code: string; facts: { invoices?: { einvoices: string; papers: string }; amount?: string } };
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  users = await demoUsers(t.db);
  const auth = tokens(t);
  get = getter(t, auth);
  post = poster(t, auth);
  module = (await factModules()).withInvoices[0];
  const companies = await t.db.selectFrom('companies').select(['id', 'code']).execute();
  const rh = companies.find((c) => c.code === 'RH')!.id;
  const rt = companies.find((c) => c.code === 'RT')!.id;
  const base = { module: module.code, requester: users.employee.id, data: { currency_id: 1, [module.facts.amount!]: 120 } };
  ids.approved = await insertStatDoc(t.db, { ...base, company: rh, code: 'INV-1', status: 2 });
  ids.second = await insertStatDoc(t.db, { ...base, company: rh, code: 'INV-2', status: 2 });
  ids.pending = await insertStatDoc(t.db, { ...base, company: rh, code: 'INV-3', status: 0 });
  ids.other = await insertStatDoc(t.db, { ...base, company: rt, code: 'INV-4', status: 2 });
});

afterAll(async () => { await t.close(); });

const list = async (query: string) => (await get('finance', `/api/invoice_managements?moduleCode=${module.code}&${query}`)).json();
const codes = (body: { 'hydra:member': Array<{ code: string }> }) => body['hydra:member'].map((m) => m.code).sort();

describe('invoice management', () => {
  it('registers approved documents of the own company from the register list, then lists them', async () => {
    expect(codes(await list('obtained=true'))).toEqual(['INV-1', 'INV-2']);
    expect(codes(await list(''))).toEqual([]);
    const registered = await post('finance', '/api/invoice_management_show', { transactions: [ids.approved, ids.second] });
    expect(registered.statusCode).toBe(200);
    expect(codes(await list(''))).toEqual(['INV-1', 'INV-2']);
    expect(codes(await list('obtained=true'))).toEqual([]);
    expect(codes(await list('applicationCode=inv-2'))).toEqual(['INV-2']);
    expect((await list(''))['hydra:member'][0]).toMatchObject({ currency: { code: 'CNY' }, total: 120, requester: { name: users.employee.name }, count_einvoice: 0 });
  });

  it('refuses documents that are not approved, of other companies, or registered twice', async () => {
    expect((await post('finance', '/api/invoice_management_show', { transactions: [ids.pending] })).statusCode).toBe(409);
    expect((await post('finance', '/api/invoice_management_show', { transactions: [ids.other] })).statusCode).toBe(400);
    expect((await post('finance', '/api/invoice_management_show', { transactions: [ids.approved] })).statusCode).toBe(409);
    expect((await post('finance', '/api/invoice_management_show', { transactions: [] })).statusCode).toBe(400);
    expect((await post('employee', '/api/invoice_management_show', { transactions: [ids.approved] })).statusCode).toBe(403);
  });

  it('adds e-invoices and papers (kept, never removed), then confirms', async () => {
    const einvoice = await insertFile(t.db, t.config.dataDir, users.finance.id, 'e.pdf', Buffer.from('%PDF-1.4\n'), 'application/pdf', 'e-invoice');
    const paper = await insertFile(t.db, t.config.dataDir, users.finance.id, 'p.pdf', Buffer.from('%PDF-1.4\n'), 'application/pdf', 'app-paper');
    const foreign = await insertFile(t.db, t.config.dataDir, users.employee.id, 'x.pdf', Buffer.from('%PDF-1.4\n'), 'application/pdf', 'e-invoice');
    const none = await post('finance', '/api/invoice_managements', { transactions: [ids.approved], e_invoices: [], application_papers: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/at least one/);
    expect((await post('finance', '/api/invoice_managements', { transactions: [ids.approved], e_invoices: [foreign], application_papers: [] })).statusCode).toBe(400);
    expect((await post('finance', '/api/invoice_managements', { transactions: [ids.approved], e_invoices: [paper], application_papers: [] })).statusCode).toBe(400);
    expect((await post('finance', '/api/invoice_managements', { transactions: [ids.approved], e_invoices: [einvoice], application_papers: [] })).statusCode).toBe(200);
    expect((await post('finance', '/api/invoice_managements', { transactions: [ids.approved], e_invoices: [], application_papers: [paper] })).statusCode).toBe(200);
    const row = (await list('applicationCode=INV-1'))['hydra:member'][0];
    expect(row).toMatchObject({ count_einvoice: 1, count_application_paper: 1 });
    expect(row.e_invoices[0]).toMatchObject({ id: einvoice, name: 'e.pdf' });
    const data = (await t.db.selectFrom('buffers').select('data').where('id', '=', ids.approved).executeTakeFirstOrThrow()).data as Record<string, unknown>;
    expect(data[module.facts.invoices!.einvoices]).toEqual([einvoice]);
    expect(data[module.facts.invoices!.papers]).toEqual([paper]);

    expect((await post('finance', '/api/invoice_management_approve', { transactions: [ids.approved] })).statusCode).toBe(200);
    expect(codes(await list(''))).toEqual(['INV-2']);
    expect((await post('finance', '/api/invoice_management_approve', { transactions: [ids.approved] })).statusCode).toBe(409);
    expect((await post('finance', '/api/invoice_managements', { transactions: [ids.approved], e_invoices: [einvoice], application_papers: [] })).statusCode).toBe(409);
  });

  it('answers bad queries with 400', async () => {
    for (const query of ['moduleCode=nope', 'obtained=maybe', 'itemsPerPage=0', 'page=x']) {
      const response = await get('finance', `/api/invoice_managements?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
  });
});
