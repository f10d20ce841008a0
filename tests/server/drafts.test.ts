import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { demoUsers, filePurchase, purchaseBody } from './workflow-fixtures';

let t: TestApp;
let employee: string;
let approver: string;

beforeAll(async () => {
  t = await buildTestApp();
  employee = await t.login('employee@example.com');
  approver = await t.login('approver@example.com');
});
afterAll(async () => t?.close());

function call(method: 'GET' | 'POST' | 'DELETE', token: string | null, query = '', payload?: unknown) {
  return t.app.inject({
    method, url: `/api/buffer_temporaries${query}`,
    headers: { 'accept-language': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

describe('drafts /api/buffer_temporaries', () => {
  it('answers 204 with an empty body while the user has no draft of the module (no draft is not an error)', async () => {
    const reply = await call('GET', employee, '?module_code=payment');
    expect(reply.statusCode).toBe(204);
    expect(reply.body).toBe('');
  });

  it('saves a draft and reads it back with everything the form held', async () => {
    const data = { currency_id: 1, company_id: 2, department_id: 3, user_finances: [5, 6], related_approval_id: 9, purchase_goods: [{ goods_name: 'Desk', qty: 2 }] };
    const saved = await call('POST', employee, '', { module_code: 'purchase', data });
    expect(saved.statusCode).toBe(200);
    // The whole reply, through the response schema's serializer: a field it left out would be dropped.
    expect(saved.json()).toEqual({ module_code: 'purchase', data, updated_at: expect.any(String) });
    const read = await call('GET', employee, '?module_code=purchase');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ module_code: 'purchase', data, updated_at: saved.json().updated_at });
    expect(Number.isNaN(Date.parse(read.json().updated_at))).toBe(false);
  });

  it('keeps every key of the data, a key with a line break in it too (the serializer writes what was saved)', async () => {
    const data = { 'line\nbreak': 'kept', notes: 'x' };
    expect((await call('POST', employee, '', { module_code: 'reimbursement', data })).json().data).toEqual(data);
    expect((await call('GET', employee, '?module_code=reimbursement')).json().data).toEqual(data);
  });

  it('replaces the draft on a second save (one draft per user and module)', async () => {
    await call('POST', employee, '', { module_code: 'corporate-seal', data: { notes: 'first' } });
    await call('POST', employee, '', { module_code: 'corporate-seal', data: { notes: 'second' } });
    expect((await call('GET', employee, '?module_code=corporate-seal')).json().data).toEqual({ notes: 'second' });
    const rows = await t.db.selectFrom('buffer_temporaries').select('id').where('module_code', '=', 'corporate-seal').execute();
    expect(rows).toHaveLength(1);
  });

  it('keeps drafts per user: another user neither sees nor clears them', async () => {
    await call('POST', employee, '', { module_code: 'collection-debt', data: { customer_name: 'ACME' } });
    expect((await call('GET', approver, '?module_code=collection-debt')).statusCode).toBe(204);
    expect((await call('DELETE', approver, '?module_code=collection-debt')).statusCode).toBe(204);
    expect((await call('GET', employee, '?module_code=collection-debt')).json().data).toEqual({ customer_name: 'ACME' });
    await call('POST', approver, '', { module_code: 'collection-debt', data: { customer_name: 'Other' } });
    expect((await call('GET', employee, '?module_code=collection-debt')).json().data).toEqual({ customer_name: 'ACME' });
  });

  it('clears the draft with DELETE (idempotent)', async () => {
    await call('POST', employee, '', { module_code: 'collection-report', data: { notes: 'x' } });
    expect((await call('DELETE', employee, '?module_code=collection-report')).statusCode).toBe(204);
    expect((await call('GET', employee, '?module_code=collection-report')).statusCode).toBe(204);
    expect((await call('DELETE', employee, '?module_code=collection-report')).statusCode).toBe(204);
  });

  it('refuses an unknown module or a sub-form with 404 and stores nothing', async () => {
    for (const code of ['no-such-module', 'purchase-goods']) {
      const reply = await call('POST', employee, '', { module_code: code, data: { a: 1 } });
      expect(reply.statusCode).toBe(404);
      expect(reply.json().message).toContain(code);
      expect((await call('GET', employee, `?module_code=${code}`)).statusCode).toBe(404);
    }
    const stored = await t.db.selectFrom('buffer_temporaries').select('id').where('module_code', 'in', ['no-such-module', 'purchase-goods']).execute();
    expect(stored).toHaveLength(0);
  });

  it('refuses data that is not an object, or above 1 MiB, with 400 and keeps the old draft', async () => {
    await call('POST', employee, '', { module_code: 'payment', data: { note: 'kept' } });
    for (const data of [[1, 2], 'text', null, 42]) {
      const reply = await call('POST', employee, '', { module_code: 'payment', data });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().code).toBe('BAD_REQUEST');
    }
    expect((await call('POST', employee, '', { module_code: 'payment' })).statusCode).toBe(400);
    const big = await call('POST', employee, '', { module_code: 'payment', data: { note: 'x'.repeat(1024 * 1024) } });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBeTruthy();
    expect((await call('GET', employee, '?module_code=payment')).json().data).toEqual({ note: 'kept' });
  });

  it('filing a document clears the filer\'s draft of that module (and nobody else\'s, and no other module\'s)', async () => {
    const users = await demoUsers(t.db);
    const body = await purchaseBody(t.db, users);
    expect((await call('POST', employee, '', { module_code: 'purchase', data: body })).statusCode).toBe(200);
    expect((await call('POST', employee, '', { module_code: 'payment', data: { note: 'keep' } })).statusCode).toBe(200);
    expect((await call('POST', approver, '', { module_code: 'purchase', data: { note: 'keep' } })).statusCode).toBe(200);
    await filePurchase(t, employee, body);
    expect((await call('GET', employee, '?module_code=purchase')).statusCode).toBe(204);
    expect((await call('GET', employee, '?module_code=payment')).json().data).toEqual({ note: 'keep' });
    expect((await call('GET', approver, '?module_code=purchase')).json().data).toEqual({ note: 'keep' });
  });

  it('needs a signed-in user', async () => {
    expect((await call('GET', null, '?module_code=purchase')).statusCode).toBe(401);
    expect((await call('POST', null, '', { module_code: 'purchase', data: {} })).statusCode).toBe(401);
    expect((await call('DELETE', null, '?module_code=purchase')).statusCode).toBe(401);
  });

  it('refuses a request without module_code with 400', async () => {
    expect((await call('GET', employee, '')).statusCode).toBe(400);
    expect((await call('DELETE', employee, '')).statusCode).toBe(400);
  });
});
