/**
 * Exchange rates at filing (issue #35 item 5, docs/MODULES.md "Currencies and conversion"): a
 * document in another currency than its company's reporting currency stores the rate used (the
 * latest on or before its date) and the converted amount in its data (`exchange`), which the
 * records history chain hashes; without a rate the filing is refused (422) naming the currency
 * and the date, and nothing is stored; an edit converts again; a change of the stored rate made
 * around the application is found by the records check.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { toApiDate } from '../../src/engine';
import { filePurchase, purchaseBody, workflowSuite, type WorkflowSuite } from './workflow-fixtures';

let s: WorkflowSuite;
workflowSuite((suite) => { s = suite; });

const today = toApiDate(new Date())!;
const currencyId = async (code: string) => (await s.t.db.selectFrom('currencies').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
const companyId = async (code: string) => (await s.t.db.selectFrom('companies').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

/** RH reports in JPY, rounding half-up; USD has an old rate and a newer one, a future one that must not be used. */
async function setUpRates() {
  const rh = await companyId('RH');
  const usd = await currencyId('USD');
  await s.t.db.updateTable('companies').set({ reporting_currency_id: await currencyId('JPY'), rounding_rule: 'half_up' }).where('id', '=', rh).execute();
  await s.t.db.insertInto('exchange_rates').values([
    { company_id: rh, currency_id: usd, rate_date: '2000-01-03', rate: 105 },
    { company_id: rh, currency_id: usd, rate_date: '2020-06-01', rate: '150.2555' },
    { company_id: rh, currency_id: usd, rate_date: '2999-01-01', rate: 1 },
  ]).execute();
}

const usdPurchase = async (budget: number) => ({ ...await purchaseBody(s.t.db, s.users, { budget }), currency_id: await currencyId('USD') });
const stored = (id: number) => s.t.db.selectFrom('buffers').select(['data', 'reporting_amount', 'reporting_currency']).where('id', '=', id).executeTakeFirstOrThrow();

describe('a document in another currency', () => {
  it('stores the latest rate on or before its date and the converted amount, rounded at the reporting currency', async () => {
    await setUpRates();
    const filed = await filePurchase(s.t, await s.auth('employee'), await usdPurchase(1234.5));
    const row = await stored(filed.id);
    // 1234.5 × 150.2555 = 185490.41475 → 185490 JPY (no decimals, half-up).
    expect(row.data.exchange).toEqual({
      currency: 'USD', amount: 1234.5, reporting_currency: 'JPY', rate: 150.2555, rate_date: '2020-06-01', date: today,
      reporting_amount: 185490, rounding: 'half_up', source: 'table',
    });
    expect(Number(row.reporting_amount)).toBe(185490);
    expect(row.reporting_currency).toBe('JPY');
  });

  it('a document in the reporting currency converts at 1 without a rate', async () => {
    const body = { ...await purchaseBody(s.t.db, s.users, { budget: 5000 }), currency_id: await currencyId('JPY') };
    const filed = await filePurchase(s.t, await s.auth('employee'), body);
    expect((await stored(filed.id)).data.exchange).toMatchObject({ currency: 'JPY', rate: 1, rate_date: null, reporting_amount: 5000, source: 'same' });
  });

  it('is refused without a rate, naming the currency and the date; nothing is stored', async () => {
    const before = await s.t.db.selectFrom('buffers').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    const body = { ...await purchaseBody(s.t.db, s.users, { budget: 700 }), currency_id: await currencyId('CNY') };
    const reply = await s.post('employee', '/api/buffer/purchase', body);
    expect(reply.statusCode, reply.body).toBe(422);
    expect(reply.json().violations).toEqual([{
      propertyPath: 'currency_id',
      message: `No exchange rate for CNY on or before ${today} in the company's rate table: enter one under Exchange rates before filing, or file in JPY.`,
    }]);
    const after = await s.t.db.selectFrom('buffers').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('the history chain holds the stored exchange; an edit converts again; a rate changed around the app is found', async () => {
    const filed = await filePurchase(s.t, await s.auth('employee'), await usdPurchase(100));
    const first = await s.t.db.selectFrom('record_history').select(['after']).where('buffer_id', '=', filed.id).orderBy('seq').executeTakeFirstOrThrow();
    expect((first.after as { data: { exchange: unknown } }).data.exchange).toMatchObject({ rate: 150.2555, reporting_amount: 15026 });

    const edit = await s.post('employee', `/api/buffer/${filed.id}/edit`, { data: { purchase_goods: [{ ...(await usdPurchase(200)).purchase_goods[0] }] } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await stored(filed.id)).data.exchange).toMatchObject({ amount: 200, reporting_amount: 30051, rate_date: '2020-06-01' });
    const last = await s.t.db.selectFrom('record_history').select(['before', 'after']).where('buffer_id', '=', filed.id).orderBy('seq', 'desc').executeTakeFirstOrThrow();
    expect((last.before as Record<string, { reporting_amount: number }>).exchange.reporting_amount).toBe(15026);
    expect((last.after as Record<string, { reporting_amount: number }>).exchange.reporting_amount).toBe(30051);
    expect((await s.get('admin', '/api/records/verify?files=none')).json()).toMatchObject({ ok: true });

    // The stored rate rewritten without the records trigger (no entry): the check reports the data.
    await s.t.db.transaction().execute(async (trx) => {
      await sql`select set_config('ringi.stats_deferred', 'on', true)`.execute(trx);
      await sql`update buffers set data = jsonb_set(data, '{exchange,rate}', '1') where id = ${filed.id}`.execute(trx);
    });
    expect(Number((await stored(filed.id)).reporting_amount)).toBe(30051);
    const report = (await s.get('admin', '/api/records/verify?files=none')).json();
    expect(report.ok).toBe(false);
    expect(report.broken).toContainEqual({ document: { id: filed.id, code: filed.code }, seq: expect.any(Number), problem: 'data' });
  });
});

describe('route conditions compare in the reporting currency', () => {
  const steps = async (reply: { statusCode: number; body: string; json(): unknown }) => {
    expect(reply.statusCode, reply.body).toBe(200);
    return (reply.json() as { steps: Array<{ code: string }> }).steps.map((st) => st.code);
  };
  const resolve = async (currency: string, total: number) => {
    const body = await purchaseBody(s.t.db, s.users, { budget: total });
    return steps(await s.post('employee', '/api/master_processes/resolve', { module_code: 'purchase', data: { ...body, currency_id: await currencyId(currency) } }));
  };

  it('a USD purchase gets the director once its amount in JPY reaches the threshold (2,000,000 JPY)', async () => {
    // 13,000 USD × 150.2555 = 1,953,322 JPY: below; 14,000 USD = 2,103,577 JPY: above (the USD threshold of a USD company is 15,000).
    expect(await resolve('USD', 13_000)).not.toContain('p-director');
    expect(await resolve('USD', 14_000)).toContain('p-director');
    const filed = await filePurchase(s.t, await s.auth('employee'), await usdPurchase(10_000_000));
    const codes = await s.t.db.selectFrom('approvals').innerJoin('master_processes', 'master_processes.id', 'approvals.master_process_id')
      .innerJoin('processes', 'processes.id', 'master_processes.process_id').select('processes.code')
      .where('approvals.buffer_id', '=', filed.id).orderBy('approvals.position').execute();
    expect(codes.map((c) => c.code)).toEqual(['p-manager', 'p-director', 'p-authorizer']);
    expect((await stored(filed.id)).data.exchange).toMatchObject({ reporting_amount: 1_502_555_000 });
  });

  it('a company without a reporting currency compares in the document\'s own currency', async () => {
    await s.t.db.updateTable('companies').set({ reporting_currency_id: null }).where('code', '=', 'RH').execute();
    try {
      expect(await resolve('USD', 14_000)).not.toContain('p-director');
      expect(await resolve('USD', 15_000)).toContain('p-director');
      expect(await resolve('JPY', 2_000_000)).toContain('p-director');
      const filed = await filePurchase(s.t, await s.auth('employee'), await usdPurchase(100));
      expect((await stored(filed.id)).data.exchange).toBeUndefined();
    } finally {
      await s.t.db.updateTable('companies').set({ reporting_currency_id: await currencyId('JPY') }).where('code', '=', 'RH').execute();
    }
  });
});
