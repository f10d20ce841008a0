/**
 * A company's exchange rates (issue #35 item 5): who may read and change them (the permission
 * matrix), the list with its filters and paging, entries by POST/PUT, the settings, and the CSV
 * import — every bad line reported, nothing stored when any line is bad.
 */
import { describe, expect, it } from 'vitest';
import { workflowSuite, type WorkflowSuite } from './workflow-fixtures';

let s: WorkflowSuite;
workflowSuite((suite) => { s = suite; });

const companyId = async (code: string) => (await s.t.db.selectFrom('companies').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
const currencyId = async (code: string) => (await s.t.db.selectFrom('currencies').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
const send = async (user: string, method: 'PUT' | 'POST', url: string, payload: unknown) => s.t.app.inject({
  method, url, payload: payload as Record<string, unknown>, headers: { authorization: `Bearer ${await s.auth(user)}`, 'accept-language': 'en' },
});
const rateCount = async () => (await s.t.db.selectFrom('exchange_rates').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;

describe('who may read and change a company\'s rates', () => {
  it('reads: the company\'s authorizer, finance, treasury and group admins; changes: its finance and group admins', async () => {
    const rh = await companyId('RH');
    const jpy = await currencyId('JPY');
    // [user, may read RH's table, may change it]
    const matrix: Array<[string, boolean, boolean]> = [
      ['employee', false, false], ['legal', false, false], ['treasury', true, false],
      ['finance', true, true], ['admin', true, true], ['rt.authorizer', true, true],
      ['sota.kimura', false, false], ['client', false, false], ['ap.authorizer', false, false],
    ];
    const seen: string[] = [];
    for (const [user, read, change] of matrix) {
      const list = await s.get(user, `/api/companies/${rh}/exchange_rates`);
      expect(list.statusCode, `${user} GET`).toBe(read ? 200 : 403);
      if (read) expect(list.json().settings.can_edit, `${user} can_edit`).toBe(change);
      const settings = await send(user, 'PUT', `/api/companies/${rh}/exchange_rates/settings`, { reporting_currency_id: jpy, rounding_rule: 'half_up' });
      expect(settings.statusCode, `${user} PUT settings`).toBe(change ? 200 : 403);
      const put = await send(user, 'PUT', `/api/companies/${rh}/exchange_rates`, { currency: 'USD', rate_date: '2026-01-05', rate: 150 });
      expect(put.statusCode, `${user} PUT rate`).toBe(change ? 200 : 403);
      const imported = await send(user, 'POST', `/api/companies/${rh}/exchange_rates/import`, { csv: 'USD,2026-01-06,151' });
      expect(imported.statusCode, `${user} import`).toBe(change ? 200 : 403);
      if (!change) expect(list.statusCode === 403 ? list.json().message : put.json().message).toMatch(/Only the company's/);
      seen.push(`${user}:${read ? 'r' : '-'}${change ? 'w' : '-'}`);
    }
    console.info(`exchange-rate permission matrix: ${seen.length} users × 4 calls`);
    // Another company: RH's finance is nobody there; AP's own authorizer reads it (not a group admin: no changes).
    const ap = await companyId('AP');
    expect((await s.get('finance', `/api/companies/${ap}/exchange_rates`)).statusCode).toBe(403);
    expect((await s.get('ap.authorizer', `/api/companies/${ap}/exchange_rates`)).statusCode).toBe(200);
    expect((await send('ap.authorizer', 'PUT', `/api/companies/${ap}/exchange_rates/settings`, { reporting_currency_id: jpy, rounding_rule: 'down' })).statusCode).toBe(403);
    expect((await s.get('admin', '/api/companies/999999/exchange_rates')).statusCode).toBe(404);
  });
});

describe('the rate table', () => {
  it('needs a reporting currency first; refuses the reporting currency itself, unknown currencies and bad rates (422, nothing stored)', async () => {
    const rt = await companyId('RT');
    const before = await rateCount();
    const first = await send('admin', 'PUT', `/api/companies/${rt}/exchange_rates`, { currency: 'USD', rate_date: '2026-01-05', rate: 7.1 });
    expect(first.statusCode).toBe(422);
    expect(first.json().violations).toEqual([{ propertyPath: 'reporting_currency_id', message: 'Choose the company\'s reporting currency before entering rates.' }]);
    expect((await send('admin', 'PUT', `/api/companies/${rt}/exchange_rates/settings`, { reporting_currency_id: await currencyId('CNY'), rounding_rule: 'half_even' })).json())
      .toMatchObject({ reporting_currency: { code: 'CNY' }, rounding_rule: 'half_even' });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ currency: 'CNY', rate_date: '2026-01-05', rate: 1 }, 'currency', 'CNY is the company\'s reporting currency: it needs no rate.'],
      [{ currency: 'EUR', rate_date: '2026-01-05', rate: 7.8 }, 'currency', 'Unknown currency EUR.'],
      [{ currency: 'USD', rate_date: '2026-01-05', rate: 0.12345678901 }, 'rate', '0.12345678901 is not a rate: write a positive number with at most 10 decimals.'],
    ];
    for (const [body, field, message] of cases) {
      const reply = await send('admin', 'PUT', `/api/companies/${rt}/exchange_rates`, body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(422);
      expect(reply.json().violations).toEqual([{ propertyPath: field, message }]);
    }
    expect((await send('admin', 'PUT', `/api/companies/${rt}/exchange_rates`, { currency: 'USD', rate_date: '2026-02-30', rate: 7 })).statusCode).toBe(400);
    expect((await send('admin', 'PUT', `/api/companies/${rt}/exchange_rates`, { currency: 'USD', rate_date: '2026-01-05', rate: -7 })).statusCode).toBe(400);
    expect(await rateCount()).toBe(before);
  });

  it('adds with POST (409 when the day has one), changes with PUT; lists newest first with filters and paging', async () => {
    const rs = await companyId('RS');
    await send('admin', 'PUT', `/api/companies/${rs}/exchange_rates/settings`, { reporting_currency_id: await currencyId('JPY'), rounding_rule: 'half_up' });
    const url = `/api/companies/${rs}/exchange_rates`;
    const created = await send('finance', 'POST', url, { currency: 'usd', rate_date: '2026-03-02', rate: 149.5 });
    expect(created.statusCode).toBe(403);
    const byAdmin = await send('admin', 'POST', url, { currency: 'usd', rate_date: '2026-03-02', rate: 149.5 });
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    expect(byAdmin.json()).toMatchObject({ currency: { code: 'USD' }, rate_date: '2026-03-02', rate: 149.5, source: 'manual', updated_by: { name: 'Ringi Admin' } });
    const again = await send('admin', 'POST', url, { currency: 'USD', rate_date: '2026-03-02', rate: 150 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('USD already has a rate on 2026-03-02: change that one instead.');
    expect((await send('admin', 'PUT', url, { currency: 'USD', rate_date: '2026-03-02', rate: 150.25 })).json()).toMatchObject({ rate: 150.25 });
    const csv = ['currency,date,rate', ...['03', '04', '05', '06'].flatMap((d) => [`USD,2026-03-${d},15${d.at(1)}`, `CNY,2026-03-${d},20.${d}`])].join('\n');
    expect((await send('admin', 'POST', `${url}/import`, { csv })).json()).toEqual({ imported: 8, created: 8, updated: 0 });

    const page1 = (await s.get('admin', `${url}?itemsPerPage=3`)).json();
    expect(page1['hydra:totalItems']).toBe(9);
    expect(page1['hydra:member'].map((r: { rate_date: string; currency: { code: string } }) => `${r.rate_date} ${r.currency.code}`))
      .toEqual(['2026-03-06 CNY', '2026-03-06 USD', '2026-03-05 CNY']);
    const page3 = (await s.get('admin', `${url}?itemsPerPage=3&page=3`)).json();
    expect(page3['hydra:member'].map((r: { rate_date: string; currency: { code: string } }) => `${r.rate_date} ${r.currency.code}`))
      .toEqual(['2026-03-03 CNY', '2026-03-03 USD', '2026-03-02 USD']);
    const usd = (await s.get('admin', `${url}?currency=USD&date[after]=2026-03-03&date[before]=2026-03-05`)).json();
    expect(usd['hydra:member'].map((r: { rate_date: string; rate: number }) => [r.rate_date, r.rate])).toEqual([['2026-03-05', 155], ['2026-03-04', 154], ['2026-03-03', 153]]);
    expect(usd.settings).toEqual({ reporting_currency: { id: await currencyId('JPY'), code: 'JPY' }, rounding_rule: 'half_up', can_edit: true });
    expect((await s.get('admin', `${url}?currency=12`)).statusCode).toBe(400);
    expect((await s.get('admin', `${url}?date[after]=2026-13-01`)).statusCode).toBe(400);
  });

  it('an import with a bad line changes nothing and names every bad line', async () => {
    const rs = await companyId('RS');
    const url = `/api/companies/${rs}/exchange_rates/import`;
    const before = await s.t.db.selectFrom('exchange_rates').selectAll().orderBy('id').execute();
    const csv = [
      '\uFEFFcurrency,date,rate',
      'USD,2026-03-03,999', // fine: would change an existing rate
      'USD,2026-04-01,151.5',
      '',
      'XYZ,2026-04-01,3',
      'CNY,2026-04-31,20',
      'CNY,2026-04-02,-1',
      'USD;2026-04-03;150',
      'USD,2026-04-01,152',
      'JPY,2026-04-01,1',
    ].join('\r\n');
    const reply = await send('admin', 'POST', url, { csv });
    expect(reply.statusCode).toBe(422);
    expect(reply.json().violations).toEqual([
      { propertyPath: 'csv[5]', message: 'Line 5: Unknown currency XYZ.' },
      { propertyPath: 'csv[6]', message: 'Line 6: 2026-04-31 is not a date (YYYY-MM-DD).' },
      { propertyPath: 'csv[7]', message: 'Line 7: -1 is not a rate: write a positive number with at most 10 decimals.' },
      { propertyPath: 'csv[8]', message: 'Line 8: write the currency, the date and the rate, separated by commas.' },
      { propertyPath: 'csv[9]', message: 'Line 9: USD on 2026-04-01 is already on line 3.' },
      { propertyPath: 'csv[10]', message: 'Line 10: JPY is the company\'s reporting currency: it needs no rate.' },
    ]);
    expect(await s.t.db.selectFrom('exchange_rates').selectAll().orderBy('id').execute()).toEqual(before);
    const ja = await s.t.app.inject({ method: 'POST', url, payload: { csv: 'XYZ,2026-04-01,3' }, headers: { authorization: `Bearer ${await s.auth('admin')}`, 'accept-language': 'ja' } });
    expect(ja.json().violations).toEqual([{ propertyPath: 'csv[1]', message: '1 行目：通貨 XYZ はありません。' }]);
    expect((await send('admin', 'POST', url, { csv: '\n\n' })).json().violations).toEqual([{ propertyPath: 'csv', message: 'The file holds no rates.' }]);
    // The good lines alone go in, an existing day taking its new rate.
    expect((await send('admin', 'POST', url, { csv: 'USD,2026-03-03,999\n"USD","2026-04-01","151.5"' })).json()).toEqual({ imported: 2, created: 1, updated: 1 });
  });
});
