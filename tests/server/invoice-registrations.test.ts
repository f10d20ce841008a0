import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { paymentBody } from './integrity-fixtures';
import { demoUsers, getter, poster, tokens, type Users } from './workflow-fixtures';

/**
 * Qualified invoices: `GET /invoice_registrations/{number}` answers with the engine's check
 * (the rule the definitions use), in the request's language; a payment item's registration
 * number, per-rate amounts and (in CNY) fapiao fields are validated by the payment item's rules
 * on the server, and a filed number becomes the record's `registration_no`.
 */
let t: TestApp;
let users: Users;
let get: ReturnType<typeof getter>;
let post: ReturnType<typeof poster>;
let jpy: number;

beforeAll(async () => {
  t = await buildTestApp();
  users = await demoUsers(t.db);
  const auth = tokens(t);
  get = getter(t, auth);
  post = poster(t, auth);
  jpy = (await t.db.selectFrom('currencies').select('id').where('code', '=', 'JPY').executeTakeFirstOrThrow()).id;
});
afterAll(async () => t?.close());

const item = async (fields: Record<string, unknown>, currency?: number) => {
  const body = await paymentBody(t.db, users, currency ? { currency_id: currency } : {});
  const items = body.transaction.transaction_items as Array<Record<string, unknown>>;
  Object.assign(items[0], fields);
  return body;
};

describe('GET /invoice_registrations/{number}', () => {
  it.each([['T1180301018771'], ['T7000012050002'], ['T5010401067252']])('accepts the published number %s', async (number) => {
    const response = await get('employee', `/api/invoice_registrations/${number}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ valid: true, reason: null, problem: null, checked_on: new Date().toISOString().slice(0, 10) });
  });

  it('says why a number is refused, in the request\'s language', async () => {
    expect((await get('employee', '/api/invoice_registrations/T2180301018771')).json())
      .toEqual({ valid: false, problem: 'checkDigit', reason: 'This registration number is not valid: its check digit does not match', checked_on: new Date().toISOString().slice(0, 10) });
    expect((await get('employee', '/api/invoice_registrations/1180301018771')).json())
      .toEqual({ valid: false, problem: 'format', reason: 'A registration number is T followed by 13 digits', checked_on: null });
    const ja = await t.app.inject({ method: 'GET', url: '/api/invoice_registrations/T118030101877', headers: { authorization: `Bearer ${await tokens(t)('employee')}`, 'accept-language': 'ja' } });
    expect(ja.json().reason).toBe('登録番号は T に続く13桁の数字です');
  });
});

describe('a payment item\'s qualified-invoice fields', () => {
  it('refuses a wrong check digit with the item\'s message and files a valid number into the record', async () => {
    const bad = await post('employee', '/api/buffer/payment', await item({ invoice_registration_no: 'T1180301018772' }, jpy));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().violations).toEqual([expect.objectContaining({
      propertyPath: 'transaction_items[0].invoice_registration_no', message: 'The invoice registration number is not valid: its check digit does not match',
    })]);
    const taxed = await post('employee', '/api/buffer/payment', await item({ invoice_registration_no: 'T1180301018771', invoice_amount_10: 1100, invoice_tax_10: 2000 }, jpy));
    expect(taxed.statusCode).toBe(422);
    expect(taxed.json().message).toBe('The consumption tax at 10 % cannot be more than the amount at 10 %');
    const good = await post('employee', '/api/buffer/payment', await item({ invoice_issuer: 'Toyota Motor', invoice_registration_no: 'T1180301018771', invoice_amount_10: 1100, invoice_tax_10: 100 }, jpy));
    expect(good.statusCode, good.body).toBe(201);
    const stored = (await t.db.selectFrom('buffers').select('data').where('id', '=', good.json().id).executeTakeFirstOrThrow()).data as { transaction_items: Array<Record<string, unknown>> };
    expect(stored.transaction_items[0]).toMatchObject({ invoice_registration_no: 'T1180301018771', invoice_amount_10: 1100, invoice_tax_10: 100 });
  });

  it('checks the fapiao number where the currency is CNY', async () => {
    const bad = await post('employee', '/api/buffer/payment', await item({ fapiao_no: '12345', fapiao_type: 'digital-general' }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('The fapiao number must be 8 or 20 digits');
    const untyped = await post('employee', '/api/buffer/payment', await item({ fapiao_no: '12345678901234567890' }));
    expect(untyped.json().message).toBe('Please select the fapiao type');
    const good = await post('employee', '/api/buffer/payment', await item({ fapiao_no: '12345678901234567890', fapiao_type: 'digital-special' }));
    expect(good.statusCode, good.body).toBe(201);
  });
});
