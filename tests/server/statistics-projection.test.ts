import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { factModules, insertStatDoc, setAtPath } from './statistics-fixtures';
import { demoUsers, getter, tokens, type Users } from './workflow-fixtures';

let t: TestApp;
let users: Users;
let get: ReturnType<typeof getter>;
let rh: number;
let rt: number;
let bank: { id: number; bank_name: string; branch: string; type: string };

const day = (offset: number) => dayjs().add(offset, 'day').format('YYYY-MM-DD');

beforeAll(async () => {
  t = await buildTestApp();
  users = await demoUsers(t.db);
  get = getter(t, tokens(t));
  const companies = await t.db.selectFrom('companies').select(['id', 'code']).execute();
  rh = companies.find((c) => c.code === 'RH')!.id;
  rt = companies.find((c) => c.code === 'RT')!.id;
  bank = await t.db.insertInto('company_bank_accounts').values({ company_id: rh, bank_name: 'Mizuho', branch: 'Shibuya', number: '123', type: 'Ordinary', created_at: new Date().toISOString() })
    .returning(['id', 'bank_name', 'branch', 'type']).executeTakeFirstOrThrow();
  const { code, facts } = (await factModules()).withProjection[0];
  const p = facts.projection!;
  const cny = await t.db.selectFrom('currencies').select('id').where('code', '=', 'CNY').executeTakeFirstOrThrow();
  const body = (items: Array<[string, number]>, account: number | null, paid: string | null = null) => {
    const data: Record<string, unknown> = { currency_id: cny.id, [p.items]: items.map(([date, amount]) => setAtPath(setAtPath({}, p.date, date), p.amount, amount)) };
    setAtPath(data, p.account, account);
    setAtPath(data, p.paid, paid);
    return data;
  };
  const base = { module: code, requester: users.employee.id };
  await insertStatDoc(t.db, { ...base, company: rh, code: 'P-1', data: body([[day(-3), 100], [day(0), 200]], bank.id) });
  await insertStatDoc(t.db, { ...base, company: rh, code: 'P-2', data: body([[day(10), 50]], bank.id), status: 2 });
  await insertStatDoc(t.db, { ...base, company: rh, code: 'P-3', data: body([[day(0), 999]], bank.id, day(0)), status: 2 });
  await insertStatDoc(t.db, { ...base, company: rh, code: 'P-4', data: body([[day(0), 7]], null) });
  await insertStatDoc(t.db, { ...base, company: rh, code: 'P-5', data: body([[day(0), 1]], bank.id), status: 3 });
  await insertStatDoc(t.db, { ...base, company: rt, code: 'P-6', data: body([[day(0), 5000]], null) });
});

afterAll(async () => { await t.close(); });

describe('GET /payment_projections', () => {
  it('defaults to today and the own company: a card per bank with count and totals, unpaid only', async () => {
    const response = await get('finance', '/api/payment_projections');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body['hydra:member']).toEqual([
      { bank_account_id: bank.id, bank_name: 'Mizuho', bank_branch: 'Shibuya', bank_type: 'Ordinary', count_transaction: 1, amounts: [{ currency: 'CNY', total: 200 }], reporting_amounts: [], unconverted_count: 1 },
      { bank_account_id: null, bank_name: null, bank_branch: null, bank_type: null, count_transaction: 1, amounts: [{ currency: 'CNY', total: 7 }], reporting_amounts: [], unconverted_count: 1 },
    ]);
    const totals = Object.fromEntries(body.buckets.map((b: { bucket: string; total: number }) => [b.bucket, b.total]));
    expect(totals).toEqual({ passed: 100, today: 207, upToToday: 307, next2week: 50, pendingPayment: 357 });
  });

  it('filters by period', async () => {
    const cards = async (filter: string) => (await get('finance', `/api/payment_projections?dateFilter=${filter}`)).json()['hydra:member'];
    expect((await cards('passed')).map((c: { count_transaction: number }) => c.count_transaction)).toEqual([1]);
    expect((await cards('upToToday'))[0]).toMatchObject({ bank_name: 'Mizuho', count_transaction: 2, amounts: [{ currency: 'CNY', total: 300 }] });
    expect((await cards('next2week'))[0]).toMatchObject({ count_transaction: 1, amounts: [{ total: 50 }] });
    expect(await cards('tomorrow1Week')).toEqual([]);
  });

  it('keeps to the own company, refuses others, and is for statistics roles only', async () => {
    expect((await get('treasury', `/api/payment_projections?company=${rt}`)).statusCode).toBe(403);
    expect((await get('employee', '/api/payment_projections')).statusCode).toBe(403);
    const admin = await t.db.selectFrom('users').select('id').where('email', '=', 'admin@example.com').executeTakeFirstOrThrow();
    await t.db.updateTable('users').set({ is_finance: true }).where('id', '=', admin.id).execute();
    const other = (await get('admin', `/api/payment_projections?company=${rt}`)).json();
    expect(other['hydra:member']).toMatchObject([{ bank_name: null, amounts: [{ total: 5000 }] }]);
  });

  it('answers a bad filter with 400 and a message', async () => {
    for (const query of ['dateFilter=tomorrow', 'company=0', 'company=abc', 'extra=1']) {
      const response = await get('finance', `/api/payment_projections?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
  });
});
