import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { getAs } from './lookup-helpers';
import { DEMO_COMPANIES, DEMO_EXPENSE_ACCOUNTS } from '../../server/demo/seed-data';

let t: TestApp;
let get: ReturnType<typeof getAs>;
beforeAll(async () => {
  t = await buildTestApp();
  get = getAs(t, await t.login('employee@example.com'));
});
afterAll(async () => { await t?.close(); });

const codes = (body: { 'hydra:member': Array<{ code: string }> }) => body['hydra:member'].map((m) => m.code);

describe('currencies and setting types', () => {
  test('GET /api/currencies lists CNY, JPY and USD with their decimals', async () => {
    const { body } = await get('/api/currencies');
    expect(body['hydra:member']).toEqual([
      { id: expect.any(Number), code: 'CNY', name: 'Chinese Yuan', decimals: 2 },
      { id: expect.any(Number), code: 'JPY', name: 'Japanese Yen', decimals: 0 },
      { id: expect.any(Number), code: 'USD', name: 'US Dollar', decimals: 2 },
    ]);
    const jpy = body['hydra:member'][1];
    expect((await get(`/api/currencies/${jpy.id}`, 'ja')).body).toEqual({ ...jpy, name: '日本円' });
    expect((await get('/api/currencies/999')).status).toBe(404);
  });

  test('GET /api/setting_types', async () => {
    const { body } = await get('/api/setting_types');
    expect(body['hydra:member'].map((s: { name: string }) => s.name)).toEqual([
      'Company Authorizer', 'Company Finance / Treasury', 'Company Internal Auditor', 'Company Legal',
    ]);
    expect(Object.keys(body['hydra:member'][0]).sort()).toEqual(['code', 'id', 'name']);
  });
});

describe('contract item types', () => {
  test('supplier and customer lists by module, with the spec names', async () => {
    const supplier = await get('/api/contract_item_types/module/contract-supplier');
    expect(supplier.body['hydra:member'].map((m: { code: string; name: string }) => [m.code, m.name])).toEqual([
      ['goods', 'Purchase Goods'], ['services', 'Services'], ['hr', 'Human Resource'], ['other', 'Other'],
    ]);
    const customer = await get('/api/contract_item_types/module/customer');
    expect(customer.body['hydra:member'].map((m: { code: string; name: string }) => [m.code, m.name])).toEqual([
      ['goods', 'Sales of goods'], ['services', 'Service revenue'], ['other', 'Other revenue'],
    ]);
    const id = customer.body['hydra:member'][1].id;
    expect(customer.body['hydra:member'][1]).toEqual({ id, code: 'services', module: 'contract-customer', name: 'Service revenue' });
    const one = await get(`/api/contract_item_types/${id}`, 'zh');
    expect(one.body).toEqual({ id, code: 'services', module: 'contract-customer', name: '服务收入' });
  });

  test('an unknown module or id answers 404', async () => {
    expect((await get('/api/contract_item_types/module/payment')).status).toBe(404);
    expect((await get('/api/contract_item_types/999')).status).toBe(404);
  });
});

describe('code lists', () => {
  test.each([
    ['/api/contract_frequencies', ['once', 'monthly', 'quarterly', 'yearly']],
    ['/api/corporate_seal_types', ['company-seal', 'representative-seal', 'contract-seal', 'finance-seal']],
    ['/api/collection_sales_evidence_types', ['contract', 'invoice', 'delivery-note', 'receipt']],
  ])('%s lists id, code and name, and answers one by id', async (path, expected) => {
    const { body } = await get(path);
    expect(codes(body)).toEqual(expected);
    const first = body['hydra:member'][0];
    expect(Object.keys(first).sort()).toEqual(['code', 'id', 'name']);
    expect((await get(`${path}/${first.id}`)).body).toEqual(first);
    expect((await get(`${path}/999`)).status).toBe(404);
    expect((await get(`${path}/x`)).status).toBe(400);
  });

  test.each(['/api/contract_frequencies', '/api/corporate_seal_types', '/api/collection_sales_evidence_types', '/api/contract_item_types/module/contract-supplier', '/api/currencies'])(
    '%s pages like every collection: distinct pages, then an empty one (infinite lists stop there)', async (path) => {
      const whole = codes((await get(path)).body);
      const pages: string[][] = [];
      for (let page = 1; page <= 3; page++) pages.push(codes((await get(`${path}?page=${page}&itemsPerPage=2`)).body));
      expect(pages.flat()).toEqual(whole.slice(0, 6));
      expect(codes((await get(`${path}?page=9&itemsPerPage=10`)).body)).toEqual([]);
      expect((await get(`${path}?page=0`)).status).toBe(400);
      expect((await get(`${path}?itemsPerPage=101`)).status).toBe(400);
    },
  );

  test('evidence types can be searched by name', async () => {
    expect(codes((await get('/api/collection_sales_evidence_types?name=voice')).body)).toEqual(['invoice']);
  });
});

describe('expense accounts', () => {
  let rh: number;
  beforeAll(async () => {
    rh = (await t.db.selectFrom('companies').select('id').where('code', '=', 'RH').executeTakeFirstOrThrow()).id;
  });

  test('filtered by company and module, with names in three languages and one transportation account', async () => {
    const { body } = await get(`/api/expense_accounts?companyId=${rh}&moduleCode=reimbursement&itemsPerPage=100`, 'ja');
    expect(body['hydra:totalItems']).toBe(4);
    const transport = body['hydra:member'].filter((a: { is_transportation: boolean }) => a.is_transportation);
    expect(transport).toEqual([expect.objectContaining({
      name: 'Transportation', name_jp: '旅費交通費', name_zh: '交通费', label: '旅費交通費', company_id: rh, module_type: 'reimbursement',
    })]);
  });

  test('paging, name search and the unfiltered total', async () => {
    // Every demo company gets every demo expense account.
    const total = DEMO_COMPANIES.length * DEMO_EXPENSE_ACCOUNTS.length;
    expect((await get('/api/expense_accounts')).body['hydra:totalItems']).toBe(total);
    expect((await get('/api/expense_accounts?itemsPerPage=5&page=5')).body['hydra:member']).toHaveLength(Math.max(0, Math.min(5, total - 20)));
    const rent = await get(`/api/expense_accounts?companyId=${rh}&name=${encodeURIComponent('家賃')}`);
    expect(rent.body['hydra:member'].map((a: { name: string }) => a.name)).toEqual(['Rent']);
    expect((await get('/api/expense_accounts?moduleCode=purchase')).status).toBe(400);
    expect((await get('/api/expense_accounts?itemsPerPage=101')).status).toBe(400);
  });

  test('GET /api/expense_accounts_all and /api/expense_accounts/{id}', async () => {
    const all = await get(`/api/expense_accounts_all?companyId=${rh}`);
    expect(all.body['hydra:totalItems']).toBe(8);
    const first = all.body['hydra:member'][0];
    expect((await get(`/api/expense_accounts/${first.id}`)).body).toEqual(first);
    expect((await get('/api/expense_accounts/9999')).status).toBe(404);
  });
});
