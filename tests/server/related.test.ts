import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { demoUsers, filePurchase, insertDocument, purchaseBody, purchaseRefs, tokens, type Users } from './workflow-fixtures';

let t: TestApp;
let users: Users;
let auth: (user: string) => Promise<string>;
let cny: number;
let goodsType: number;
let servicesType: number;

beforeAll(async () => {
  t = await buildTestApp();
  users = await demoUsers(t.db);
  auth = tokens(t);
  cny = (await purchaseRefs(t.db)).currency;
  const types = await t.db.selectFrom('contract_item_types').select(['id', 'code']).where('module', '=', 'contract-supplier').execute();
  goodsType = types.find((x) => x.code === 'goods')!.id;
  servicesType = types.find((x) => x.code === 'services')!.id;
});
afterAll(() => t?.close());

async function get(user: string, url: string) {
  const response = await t.app.inject({ url, headers: { authorization: `Bearer ${await auth(user)}`, 'accept-language': 'en' } });
  return { status: response.statusCode, body: response.json() };
}

let contractSeq = 0;
/** A contract document as filing would store it; candidates of its first step see it. */
async function contract(module: string, requester: string, data: Record<string, unknown>, options: { status?: number; stampNo?: string; candidates?: string[] } = {}) {
  contractSeq += 1;
  const doc = await insertDocument(t.db, {
    module, requester: users[requester].id, code: `CT-${contractSeq}`,
    steps: [{ process: 'p-manager', candidates: (options.candidates ?? ['approver']).map((u) => users[u].id) }],
    data: { currency_id: cny, contract_item_type_id: goodsType, ...data },
  });
  await t.db.updateTable('buffers').set({ status: options.status ?? 0, stamp_no: options.stampNo ?? `S-${100 + contractSeq}` }).where('id', '=', doc.id).execute();
  return doc.id;
}

const account = (name: string, no: string, bank = 'MUFG', branch = 'Shibuya') => ({ name, no, bank_name: bank, branch_name: branch });

describe('GET /api/purchases/list and /api/purchases/{id}', () => {
  let mine: number[] = [];
  let withdrawn: number;
  let theirs: number;

  beforeAll(async () => {
    const token = await auth('employee');
    mine = [];
    for (const goods of ['Laptop', 'Chair']) mine.push((await filePurchase(t, token, await purchaseBody(t.db, users, { goods }))).id);
    withdrawn = (await filePurchase(t, token, await purchaseBody(t.db, users, { goods: 'Desk' }))).id;
    await t.db.updateTable('buffers').set({ status: 10 }).where('id', '=', withdrawn).execute();
    theirs = (await filePurchase(t, await auth('approver2'), await purchaseBody(t.db, users, { goods: 'Phone' }))).id;
  });

  it('lists only my purchases on process or completed, newest first, with their goods', async () => {
    const { status, body } = await get('employee', '/api/purchases/list');
    expect(status).toBe(200);
    expect(body['hydra:totalItems']).toBe(2);
    expect(body['hydra:member'].map((p: { id: number }) => p.id)).toEqual([...mine].reverse());
    // The whole member as the route's response schema (RelatedPurchase) writes it: a field the schema dropped would fail here.
    expect(body['hydra:member'][1]).toEqual({
      id: mine[0], code: expect.stringMatching(/\S/), stamp_no: null, status: 0, currency_code: 'CNY', currency_id: cny, total_estimated: 1000,
      // The picker's row: who it is with (a purchase names nobody) and how much.
      counterparty: null, amount: 1000,
      purchase_goods: [{ id: 1, goods_name: 'Laptop', budget: 1000, estimated_unit_price: 500, qty: 2 }],
    });
    const ids = body['hydra:member'].map((p: { id: number }) => p.id);
    expect(ids).not.toContain(withdrawn);
    expect(ids).not.toContain(theirs);
  });

  it('pages and searches by code', async () => {
    const page = await get('employee', '/api/purchases/list?page=2&itemsPerPage=1');
    expect(page.body['hydra:member'].map((p: { id: number }) => p.id)).toEqual([mine[0]]);
    expect(page.body['hydra:totalItems']).toBe(2);
    const code = (await t.db.selectFrom('buffers').select('code').where('id', '=', mine[1]).executeTakeFirstOrThrow()).code;
    const found = await get('employee', `/api/purchases/list?search=${encodeURIComponent(code)}`);
    expect(found.body['hydra:member'].map((p: { id: number }) => p.id)).toEqual([mine[1]]);
    expect((await get('employee', '/api/purchases/list?search=zzz-none')).body).toEqual({ 'hydra:member': [], 'hydra:totalItems': 0 });
    expect((await get('employee', `/api/purchases/list?search=${'x'.repeat(101)}`)).status).toBe(400);
  });

  it('opens one purchase for whoever may see it, 404 for anyone else', async () => {
    const own = await get('employee', `/api/purchases/${mine[0]}`);
    expect(own.status).toBe(200);
    const listed = (await get('employee', '/api/purchases/list')).body['hydra:member'].find((p: { id: number }) => p.id === mine[0]);
    const stored = (await t.db.selectFrom('buffers').select('data').where('id', '=', mine[0]).executeTakeFirstOrThrow()).data;
    expect(own.body).toEqual({ ...listed, data: stored });
    expect(own.body.data).toMatchObject({ total_estimated: 1000 });
    expect((await get('approver', `/api/purchases/${mine[0]}`)).status).toBe(200);
    const stranger = await get('client', `/api/purchases/${mine[0]}`);
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe('The requested purchase does not exist');
    expect((await get('employee', '/api/purchases/99999')).status).toBe(404);
  });
});

describe('GET /api/contracts/list and /api/contracts/{id}', () => {
  let supplier: number;
  let customer: number;

  beforeAll(async () => {
    supplier = await contract('contract-supplier', 'employee', {
      contract_full_name: 'Office supplies 2026', supplier_full_name: 'Tokyo Stationery', supplier_account: account('Tokyo Stationery', '1234567'),
      item_goods: [{ index: 1, name: 'Paper', amount: 300, unit_price: 3, quantity: 100 }], amount: 1200000,
    }, { stampNo: 'STAMP-SUP-1' });
    customer = await contract('contract-customer', 'employee', { contract_full_name: 'Maintenance for ACME', contract_item_type_id: null });
    await contract('contract-supplier', 'employee', { contract_full_name: 'Rejected one' }, { status: 3 });
    await contract('contract-supplier', 'client', { contract_full_name: 'Other company' }, { candidates: ['approver2'] });
  });

  it('lists visible usable contracts of a module with the related-approval shape', async () => {
    const { status, body } = await get('employee', '/api/contracts/list?module=contract-supplier');
    expect(status).toBe(200);
    expect(body['hydra:totalItems']).toBe(1);
    const stored = async (id: number) => (await t.db.selectFrom('buffers').select('data').where('id', '=', id).executeTakeFirstOrThrow()).data;
    // The whole member as the route's response schema (RelatedContract) writes it: a field the schema dropped would fail here.
    expect(body['hydra:member'][0]).toEqual({
      id: supplier, code: 'CT-1', stamp_no: 'STAMP-SUP-1', status: 0, currency: 'CNY', currency_id: cny, module: 'contract-supplier', type: 'goods',
      contract_name: 'Office supplies 2026', contract_full_name: 'Office supplies 2026', supplier_full_name: 'Tokyo Stationery',
      supplier_account: { ...account('Tokyo Stationery', '1234567'), registration_no: null }, contract_item_type: { code: 'goods', name: 'Purchase Goods' },
      data: await stored(supplier), counterparty: 'Tokyo Stationery', amount: 1200000,
    });
    expect(body['hydra:member'][0].data).toMatchObject({ item_goods: [{ name: 'Paper' }] });
    const customers = await get('employee', '/api/contracts/list?module=contract-customer');
    expect(customers.body['hydra:member'].map((c: { id: number }) => c.id)).toEqual([customer]);
    expect(customers.body['hydra:member'][0]).toEqual({
      id: customer, code: 'CT-2', stamp_no: expect.any(String), status: 0, currency: 'CNY', currency_id: cny, module: 'contract-customer', type: null,
      contract_name: 'Maintenance for ACME', contract_full_name: 'Maintenance for ACME', supplier_full_name: null,
      supplier_account: null, contract_item_type: null, data: await stored(customer), counterparty: 'Maintenance for ACME', amount: null,
    });
  });

  it('shows a contract to its step candidates, and nothing of other people\'s contracts', async () => {
    expect((await get('approver', '/api/contracts/list?module=contract-supplier')).body['hydra:member'].map((c: { id: number }) => c.id)).toEqual([supplier]);
    expect((await get('finance', '/api/contracts/list')).body).toEqual({ 'hydra:member': [], 'hydra:totalItems': 0 });
    expect((await get('employee', '/api/contracts/list')).body['hydra:totalItems']).toBe(2);
  });

  it('searches by stamp number and names; refuses an unknown module', async () => {
    const byStamp = await get('employee', '/api/contracts/list?search=stamp-sup');
    expect(byStamp.body['hydra:member'].map((c: { id: number }) => c.id)).toEqual([supplier]);
    const byName = await get('employee', '/api/contracts/list?search=ACME');
    expect(byName.body['hydra:member'].map((c: { id: number }) => c.id)).toEqual([customer]);
    const bad = await get('employee', '/api/contracts/list?module=purchase');
    expect([bad.status, bad.body.code]).toEqual([400, 'BAD_REQUEST']);
  });

  it('opens a contract by id for those who may see it or a document relying on it', async () => {
    const listed = (await get('employee', '/api/contracts/list?module=contract-supplier')).body['hydra:member'][0];
    expect((await get('employee', `/api/contracts/${supplier}`)).body).toEqual({ ...listed, id: supplier, stamp_no: 'STAMP-SUP-1' });
    expect((await get('finance', `/api/contracts/${supplier}`)).status).toBe(404);
    // a payment of the contract's requester, approved by someone who never saw the contract
    await insertDocument(t.db, { module: 'payment', requester: users.employee.id, code: 'PAY-REL-1', steps: [{ process: 'p-manager', candidates: [users.finance.id] }], data: { transaction_items: [{ related_approval_id: supplier }] } });
    expect((await get('finance', `/api/contracts/${supplier}`)).status).toBe(200);
    // naming someone else's contract in one's own payment opens nothing
    await insertDocument(t.db, { module: 'payment', requester: users.client.id, code: 'PAY-REL-2', steps: [{ process: 'p-manager', candidates: [users.approver2.id] }], data: { transaction_items: [{ related_approval_id: supplier }] } });
    expect((await get('client', `/api/contracts/${supplier}`)).status).toBe(404);
    const purchase = (await t.db.selectFrom('buffers').select('id').where('module_code', '=', 'purchase').executeTakeFirstOrThrow()).id;
    expect((await get('employee', `/api/contracts/${purchase}`)).body.message).toBe('The requested contract does not exist');
  });
});

describe('GET /api/distinct_contract_supplier_accounts', () => {
  beforeAll(async () => {
    await t.db.deleteFrom('buffers').where('module_code', '=', 'contract-supplier').execute();
    await contract('contract-supplier', 'employee', { supplier_account: account('Osaka Parts', '555', 'SMBC', 'Umeda') });
    await contract('contract-supplier', 'employee', { supplier_account: account('Osaka Parts', '555', 'SMBC', 'Umeda') });
    await contract('contract-supplier', 'employee', { supplier_account: account('Kyoto Print', '777', 'Mizuho', 'Shijo'), contract_item_type_id: servicesType });
    await contract('contract-supplier', 'employee', { supplier_account: account('Withdrawn Co', '999') }, { status: 10 });
    await contract('contract-supplier', 'client', { supplier_account: account('Hidden Ltd', '111') }, { candidates: ['approver2'] });
    await contract('contract-customer', 'employee', { supplier_account: account('Customer Side', '222') });
  });

  it('answers each visible supplier account once, in the spec\'s field names', async () => {
    const { status, body } = await get('employee', '/api/distinct_contract_supplier_accounts');
    expect(status).toBe(200);
    expect(body).toEqual({
      'hydra:member': [
        { name: 'Kyoto Print', no: '777', bankName: 'Mizuho', branchName: 'Shijo', registration_no: null },
        { name: 'Osaka Parts', no: '555', bankName: 'SMBC', branchName: 'Umeda', registration_no: null },
      ],
      'hydra:totalItems': 2,
    });
  });

  it('searches name, number, bank and branch; shows nothing of invisible contracts', async () => {
    const search = async (user: string, q: string) => (await get(user, `/api/distinct_contract_supplier_accounts?search=${encodeURIComponent(q)}`)).body['hydra:member'].map((a: { name: string }) => a.name);
    expect(await search('employee', 'smbc')).toEqual(['Osaka Parts']);
    expect(await search('employee', '77')).toEqual(['Kyoto Print']);
    expect(await search('employee', 'shijo')).toEqual(['Kyoto Print']);
    expect(await search('employee', 'Hidden')).toEqual([]);
    expect(await search('approver2', '')).toEqual(['Hidden Ltd']);
    expect(await search('finance', '')).toEqual([]);
  });
});

describe('paging defaults', () => {
  it('answers page 1 with 10 contracts when the query leaves out page and itemsPerPage', async () => {
    await t.db.deleteFrom('buffers').where('module_code', '=', 'contract-customer').execute();
    const ids: number[] = [];
    for (let i = 0; i < 12; i += 1) ids.push(await contract('contract-customer', 'employee', { contract_full_name: `Paged ${i}` }));
    const { status, body } = await get('employee', '/api/contracts/list?module=contract-customer');
    expect(status).toBe(200);
    expect(body['hydra:totalItems']).toBe(12);
    expect(body['hydra:member'].map((c: { id: number }) => c.id)).toEqual(ids.slice(2).reverse());
    expect(body.nextCursor).toEqual(expect.any(String));
    expect((await get('employee', '/api/contracts/list?module=contract-customer&page=1&itemsPerPage=10')).body).toEqual(body);
  });
});
