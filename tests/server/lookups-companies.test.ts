import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { getAs } from './lookup-helpers';
import { DEMO_COMPANIES, DEMO_USERS } from '../../server/demo/seed-data';

// Expected figures come from the demo data, so growing it does not break these tests.
const groupCodes = DEMO_COMPANIES.filter((c) => c.is_group).map((c) => c.code);
const externalCodes = DEMO_COMPANIES.filter((c) => !c.is_group).map((c) => c.code);
const orderedCodes = [...groupCodes, ...externalCodes];
const colleagues = (code: string) => DEMO_USERS.filter((u) => u.company === code).length;
const bankAccounts = DEMO_COMPANIES.reduce((n, c) => n + c.bank_accounts.length, 0);

let t: TestApp;
let get: ReturnType<typeof getAs>;
let rh: number;
beforeAll(async () => {
  t = await buildTestApp();
  get = getAs(t, await t.login('employee@example.com'));
  rh = (await t.db.selectFrom('companies').select('id').where('code', '=', 'RH').executeTakeFirstOrThrow()).id;
});
afterAll(async () => { await t?.close(); });

describe('GET /api/companies', () => {
  test('lists every company with counts, group companies first', async () => {
    const { status, body } = await get('/api/companies');
    expect(status).toBe(200);
    expect(body['hydra:totalItems']).toBe(DEMO_COMPANIES.length);
    expect(body['hydra:member'].map((c: { code: string }) => c.code)).toEqual(orderedCodes);
    expect(body['hydra:member'][0]).toMatchObject({
      code: 'RH', name: 'Ringi Holdings', initial_name: 'RH', is_group: true, colleague_count: colleagues('RH'), count_company_bank_accounts: 2,
    });
  });

  test('pages with page and itemsPerPage; the total stays the full count', async () => {
    const second = await get('/api/companies?page=2&itemsPerPage=2');
    expect(second.body['hydra:member'].map((c: { code: string }) => c.code)).toEqual(orderedCodes.slice(2, 4));
    expect(second.body['hydra:totalItems']).toBe(DEMO_COMPANIES.length);
    expect((await get('/api/companies?page=9&itemsPerPage=2')).body['hydra:member']).toEqual([]);
  });

  test('byGroup=1 keeps only group companies; name searches in every language', async () => {
    expect((await get('/api/companies?byGroup=1')).body['hydra:member'].map((c: { code: string }) => c.code)).toEqual(groupCodes);
    expect((await get('/api/companies?name=trad')).body['hydra:member'].map((c: { code: string }) => c.code)).toEqual(['RT']);
    expect((await get(`/api/companies?name=${encodeURIComponent('アクメ')}`)).body['hydra:member'].map((c: { code: string }) => c.code)).toEqual(['AP']);
    expect((await get('/api/companies?name=%25')).body['hydra:totalItems']).toBe(0);
  });

  test('names follow the request language', async () => {
    expect((await get('/api/companies?byGroup=1', 'ja')).body['hydra:member'][0].name).toBe('リンギ・ホールディングス');
    expect((await get('/api/companies?byGroup=1', 'zh')).body['hydra:member'][1].name).toBe('林吉贸易');
  });

  test('bad paging answers 400', async () => {
    // Company lists page up to 99999 (spec 000 §9: external companies and groups), not beyond.
    expect((await get('/api/companies?itemsPerPage=99999')).status).toBe(200);
    for (const query of ['page=abc', 'page=0', 'itemsPerPage=0', 'itemsPerPage=-1', 'itemsPerPage=100000', 'byGroup=maybe']) {
      const { status, body } = await get(`/api/companies?${query}`);
      expect(status, query).toBe(400);
      expect(body.code).toBe('BAD_REQUEST');
    }
  });

  test('needs a login', async () => {
    expect((await t.app.inject({ url: '/api/companies' })).statusCode).toBe(401);
  });
});

test('GET /api/companies-external lists only companies outside the group', async () => {
  const { body } = await get('/api/companies-external?itemsPerPage=99999');
  expect(body['hydra:member'].map((c: { code: string }) => c.code)).toEqual(externalCodes);
  expect(body['hydra:member'][0]).toMatchObject({ is_group: false, colleague_count: colleagues(externalCodes[0]) });
});

describe('GET /api/companies/{id} and its departments and locations', () => {
  test('a company with departments, locations and counts', async () => {
    const { status, body } = await get(`/api/companies/${rh}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: rh, code: 'RH', name: 'Ringi Holdings', colleague_count: colleagues('RH'), count_company_bank_accounts: 2 });
    expect(body.departments.map((d: { name: string }) => d.name)).toEqual(['Management', 'Finance', 'Sales']);
    expect(body.locations[0]).toEqual({ id: expect.any(Number), address: '1-1 Marunouchi, Chiyoda-ku, Tokyo' });
  });

  test('departments page and search by name', async () => {
    const all = await get(`/api/companies/${rh}/departments`);
    expect(all.body['hydra:totalItems']).toBe(3);
    const found = await get(`/api/companies/${rh}/departments?name=fin`);
    expect(found.body['hydra:member']).toEqual([{ id: expect.any(Number), name: 'Finance' }]);
    expect((await get(`/api/companies/${rh}/departments?name=${encodeURIComponent('営業')}`, 'ja')).body['hydra:member'][0].name).toBe('営業部');
    expect((await get(`/api/companies/${rh}/departments?itemsPerPage=1&page=3`)).body['hydra:member'][0].name).toBe('Sales');
  });

  test('locations of a company', async () => {
    const { body } = await get(`/api/companies/${rh}/locations`);
    expect(body['hydra:totalItems']).toBe(2);
    expect(body['hydra:member'][1].address).toContain('Shanghai');
  });

  test('GET /api/departments/{id}', async () => {
    const department = (await get(`/api/companies/${rh}/departments?name=sales`)).body['hydra:member'][0];
    const { status, body } = await get(`/api/departments/${department.id}`, 'zh');
    expect(status).toBe(200);
    expect(body).toEqual({ id: department.id, name: '销售部', company_id: rh });
  });

  test('unknown ids answer 404, bad ids 400', async () => {
    for (const url of ['/api/companies/9999', '/api/companies/9999/departments', '/api/companies/9999/locations', '/api/departments/9999', '/api/company_bank_accounts/9999', '/api/company_bank_accounts_list/9999']) {
      const { status, body } = await get(url);
      expect(status, url).toBe(404);
      expect(body.code).toBe('NOT_FOUND');
    }
    expect((await get('/api/companies/9999')).body.message).toBe('The requested company does not exist');
    expect((await get('/api/companies/abc')).status).toBe(400);
    expect((await get('/api/companies/0')).status).toBe(400);
    expect((await get('/api/departments/99999999999')).status).toBe(400);
  });
});

test('GET /api/my-organization lists the users of my company, searchable by name', async () => {
  const { body } = await get('/api/my-organization?itemsPerPage=100');
  expect(body['hydra:totalItems']).toBe(colleagues('RH'));
  expect(body['hydra:member'].every((u: { company: { code: string } }) => u.company.code === 'RH')).toBe(true);
  expect(body['hydra:member'][0]).toHaveProperty('department.name');
  const found = await get('/api/my-organization?name=tanaka');
  expect(found.body['hydra:member'].map((u: { email: string }) => u.email)).toEqual(['employee@example.com']);
  const client = getAs(t, await t.login('client@example.com'));
  expect((await client('/api/my-organization?itemsPerPage=100')).body['hydra:member'].map((u: { email: string }) => u.email).sort())
    .toEqual(DEMO_USERS.filter((u) => u.company === 'AP').map((u) => u.email).sort());
});

describe('bank accounts', () => {
  test('GET /api/companies/bank_accounts pages and searches by bankName', async () => {
    const all = await get('/api/companies/bank_accounts');
    expect(all.body['hydra:totalItems']).toBe(bankAccounts);
    const found = await get('/api/companies/bank_accounts?bankName=ufj');
    // An employee (not finance/treasury of RH) sees the number cut to its last 4 (server/README.md "What each user may read").
    expect(found.body['hydra:member']).toEqual([expect.objectContaining({
      bank_name: '三菱UFJ銀行', branch: '丸の内支店', number: '••••4567', type: 'ordinary', company_id: rh,
      company: expect.objectContaining({ code: 'RH' }),
    })]);
    expect((await get('/api/companies/bank_accounts?itemsPerPage=1&page=2')).body['hydra:member']).toHaveLength(1);
  });

  test('GET /api/company_bank_accounts/{id} and /api/company_bank_accounts_list/{companyId}', async () => {
    const list = await get(`/api/company_bank_accounts_list/${rh}`);
    expect(list.body['hydra:member'].map((a: { bank_name: string }) => a.bank_name)).toEqual(['三菱UFJ銀行', '中国銀行']);
    const one = await get(`/api/company_bank_accounts/${list.body['hydra:member'][1].id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ bank_name: '中国銀行', branch: '上海浦東支店', type: 'current' });
  });
});
