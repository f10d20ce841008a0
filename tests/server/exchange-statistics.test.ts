/**
 * Statistics across currencies use the amounts documents stored when filed (issue #35 item 5):
 * the payment projection keeps its totals per currency and adds, per card and bucket, the sum in
 * the company's reporting currency at each document's stored rate; documents filed without a
 * conversion are counted apart, never summed at a rate they did not store.
 */
import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { factModules, insertStatDoc, setAtPath } from './statistics-fixtures';
import { demoUsers, getter, tokens } from './workflow-fixtures';

let t: TestApp;
let get: ReturnType<typeof getter>;
const today = dayjs().format('YYYY-MM-DD');

beforeAll(async () => {
  t = await buildTestApp();
  const users = await demoUsers(t.db);
  get = getter(t, tokens(t));
  const rh = (await t.db.selectFrom('companies').select('id').where('code', '=', 'RH').executeTakeFirstOrThrow()).id;
  const bank = await t.db.insertInto('company_bank_accounts').values({ company_id: rh, bank_name: 'MUFG', branch: 'Marunouchi', number: '765', type: 'Ordinary', created_at: new Date().toISOString() })
    .returning('id').executeTakeFirstOrThrow();
  const currency = async (code: string) => (await t.db.selectFrom('currencies').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const { code, facts } = (await factModules()).withProjection[0];
  const p = facts.projection!;
  const body = async (cur: string, amounts: number[], exchange: Record<string, unknown> | null) => {
    const data: Record<string, unknown> = { currency_id: await currency(cur), [p.items]: amounts.map((amount) => setAtPath(setAtPath({}, p.date, today), p.amount, amount)) };
    setAtPath(data, p.account, bank.id);
    if (exchange) data.exchange = exchange;
    return data;
  };
  const exchange = (cur: string, rate: number, amount: number, reporting_amount: number) => ({
    currency: cur, amount, reporting_currency: 'JPY', rate, rate_date: rate === 1 ? null : '2026-01-05', date: today, reporting_amount, rounding: 'half_up', source: rate === 1 ? 'same' : 'table',
  });
  const base = { module: code, requester: users.employee.id, company: rh };
  await insertStatDoc(t.db, { ...base, code: 'FX-1', data: await body('USD', [100, 20.5], exchange('USD', 150.5, 120.5, 18135)) });
  await insertStatDoc(t.db, { ...base, code: 'FX-2', data: await body('JPY', [5000], exchange('JPY', 1, 5000, 5000)) });
  await insertStatDoc(t.db, { ...base, code: 'FX-3', data: await body('CNY', [10], null) });
});

afterAll(async () => { await t.close(); });

describe('the payment projection in the reporting currency', () => {
  it('keeps the per-currency totals and sums across currencies at each document\'s stored rate', async () => {
    const reply = await get('finance', '/api/payment_projections');
    expect(reply.statusCode).toBe(200);
    const [card] = reply.json()['hydra:member'];
    // Per currency, as before.
    expect([...card.amounts].sort((a: { currency: string }, b: { currency: string }) => a.currency.localeCompare(b.currency)))
      .toEqual([{ currency: 'CNY', total: 10 }, { currency: 'JPY', total: 5000 }, { currency: 'USD', total: 120.5 }]);
    // 100 × 150.5 = 15,050 and 20.5 × 150.5 = 3,085.25 → 3,085 (JPY has no decimals), plus 5,000 JPY: 23,135; the CNY item has no stored rate.
    expect(card.reporting_amounts).toEqual([{ currency: 'JPY', total: 23135 }]);
    expect(card.unconverted_count).toBe(1);
    const today = reply.json().reporting_buckets.filter((b: { bucket: string }) => b.bucket === 'today');
    expect(today).toEqual([{ bucket: 'today', currency: 'JPY', total: 23135, count: 3 }, { bucket: 'today', currency: null, total: 0, count: 1 }]);
  });

  it('the generated columns read what filing stored', async () => {
    const rows = await t.db.selectFrom('buffers').select(['code', 'reporting_amount', 'reporting_currency']).where('code', 'in', ['FX-1', 'FX-2', 'FX-3']).orderBy('code').execute();
    expect(rows.map((r) => [r.code, r.reporting_amount === null ? null : Number(r.reporting_amount), r.reporting_currency]))
      .toEqual([['FX-1', 18135, 'JPY'], ['FX-2', 5000, 'JPY'], ['FX-3', null, null]]);
  });
});
