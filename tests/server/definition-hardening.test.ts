import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copySource, type JsonSchema, type ModuleSource } from '../../src/engine';
import { buildTestApp, type TestApp } from './helpers';

/**
 * Issue #19, items 2, 3, 5 and 6 through the API: a pattern runs linear-time (a 422, answered
 * at once), the doubling chain and markup are refused at publish naming the rule or key, and
 * amounts are judged as they will be stored (rounded to the currency, 15 significant digits);
 * issue #30 item 4: an item's amount below the currency's minor unit is refused at the item.
 */
let t: TestApp;
let admin: string;
let employee: string;
let purchase: ModuleSource;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin@example.com');
  employee = await t.login('employee@example.com');
  purchase = (await call('GET', '/api/module-definitions/purchase/source', admin)).json() as ModuleSource;
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' }, ...(payload === undefined ? {} : { payload: payload as object }) });
const documents = async () => Number((await t.db.selectFrom('buffers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

/** A purchase body in `currency` with the given goods budgets: ids from the database, approvers per step. */
async function purchaseBody(code: string, budgets: number[], currency = 'CNY', extra: Record<string, unknown> = {}) {
  const currencyRow = await t.db.selectFrom('currencies').select('id').where('code', '=', currency).executeTakeFirstOrThrow();
  const company = await t.db.selectFrom('companies').select('id').where('code', '=', 'RH').executeTakeFirstOrThrow();
  const department = await t.db.selectFrom('departments').select('id').where('company_id', '=', company.id).orderBy('id').executeTakeFirstOrThrow();
  const steps = (await call('GET', `/api/master_processes?module_code=${code}`, employee)).json()['hydra:member'] as Array<{ id: number; optional: boolean }>;
  const approvals = [];
  for (const s of steps) {
    const offered = s.optional ? [] : (await call('GET', `/api/users/approver?masterProcessId=${s.id}&companyId=${company.id}`, employee)).json()['hydra:member'] as Array<{ id: number }>;
    approvals.push({ approver_id: s.optional ? null : offered[0].id, master_process_id: s.id });
  }
  return {
    send_notification_first_approval: true, save_approvers: false, approvals,
    currency_id: currencyRow.id, company_id: company.id, department_id: department.id,
    purchase_goods: budgets.map((budget) => ({ department_id: department.id, delivery_date: '2026-12-01', goods_name: 'Desk', qty: 1, budget })),
    total_estimated: 0, user_finances: [], ...extra,
  };
}

/** A copy of purchase with one more top-level field (labelled in en/ja/zh, placed in ui:order). */
function withField(code: string, field: string, schema: JsonSchema): ModuleSource {
  const source = copySource(purchase, code);
  (source.schema.properties as Record<string, JsonSchema>)[field] = schema;
  for (const lang of ['en', 'ja', 'zh'] as const) (source.locales[lang] as Record<string, unknown>)[field] = { label: field.toUpperCase() };
  const order = source.uiSchema['ui:order'];
  if (Array.isArray(order) && !order.includes('*')) order.push(field);
  return source;
}

describe('money as stored (item 6)', () => {
  it.each([
    ['budget 0.001 (stored total 0)', [0.001], 'CNY', 'total_estimated', 'Total estimated must not be zero'],
    ['budget 0.4 in JPY (stored total 0)', [0.4], 'JPY', 'total_estimated', 'Total estimated must not be zero'],
    ['budget 1e+308', [1e308], 'CNY', 'total_estimated', 'at most 9,999,999,999,999.99'],
    ['two budgets of 1e+308 (an overflowing sum)', [1e308, 1e308], 'CNY', 'total_estimated', 'at most 9,999,999,999,999.99'],
    ['a 23-digit budget', [Number('12345678901234567890123')], 'CNY', 'purchase_goods[0].budget', 'at most 9,999,999,999,999.99'],
    ['a JPY budget of 16 digits', [1234567890123456], 'JPY', 'purchase_goods[0].budget', 'at most 999,999,999,999,999'],
  ])('%s answers 422 at %s and stores nothing', async (_name, budgets, currency, path, message) => {
    const before = await documents();
    const response = await call('POST', '/api/buffer/purchase', employee, await purchaseBody('purchase', budgets, currency));
    expect(response.statusCode).toBe(422);
    expect(response.json().violations).toContainEqual({ propertyPath: path, message: expect.stringContaining(message) });
    expect(await documents()).toBe(before);
  });

  it.each([
    ['a budget of 123.456 CNY', [123.456], 'CNY', 'purchase_goods[0].budget', 'Please enter Budget in steps of 0.01'],
    ['a second JPY budget of 100.5', [100, 100.5], 'JPY', 'purchase_goods[1].budget', 'Please enter Budget in steps of 1'],
  ])('an item amount below the currency\'s minor unit (%s) answers 422 at the item, and nothing is stored (issue #30)', async (_name, budgets, currency, path, message) => {
    const before = await documents();
    const response = await call('POST', '/api/buffer/purchase', employee, await purchaseBody('purchase', budgets, currency));
    expect(response.statusCode).toBe(422);
    expect(response.json().violations).toEqual([{ propertyPath: path, message }]);
    expect(await documents()).toBe(before);
  });

  it('the largest amount of a currency files, stored exactly as sent', async () => {
    const response = await call('POST', '/api/buffer/purchase', employee, await purchaseBody('purchase', [9999999999999.99]));
    expect(response.statusCode).toBe(201);
    const stored = await call('GET', `/api/buffers/${response.json().id}`, employee);
    expect(JSON.stringify(stored.json())).toContain('9999999999999.99');
  });
});

describe('user data in mail (item 5)', () => {
  it('markup typed into a document reaches mail only as plain text: the outbox has no HTML part', async () => {
    const before = Number((await t.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const body = await purchaseBody('purchase', [100]);
    body.purchase_goods[0].goods_name = '<img src=x onerror=alert(1)>';
    expect((await call('POST', '/api/buffer/purchase', employee, body)).statusCode).toBe(201);
    const mails = await t.db.selectFrom('mail_outbox').select(['html', 'text']).orderBy('id').execute();
    expect(mails.length).toBeGreaterThan(before);
    expect(mails.every((m) => m.html === null)).toBe(true);
  });
});

describe('definitions through the studio API (items 2, 3, 5)', () => {
  it('a published pattern ^(a+)+$ runs linear-time: 10,000 × a + ! answers 422 naming the field', async () => {
    const source = withField('pattern-probe', 'reference', { type: ['string', 'null'], pattern: '^(a+)+$' });
    expect((await call('POST', '/api/module-definitions', admin, source)).statusCode).toBe(201);
    const response = await call('POST', '/api/buffer/pattern-probe', employee, await purchaseBody('pattern-probe', [100], 'CNY', { reference: `${'a'.repeat(10_000)}!` }));
    expect(response.statusCode).toBe(422);
    expect(response.json().violations).toContainEqual(expect.objectContaining({ propertyPath: 'reference' }));
    const filed = await call('POST', '/api/buffer/pattern-probe', employee, await purchaseBody('pattern-probe', [100], 'CNY', { reference: 'aaaa' }));
    expect(filed.statusCode).toBe(201);
  });

  it('a pattern RE2 cannot run is refused at publish with the reason', async () => {
    const response = await call('POST', '/api/module-definitions', admin, withField('lookahead-probe', 'reference', { type: 'string', pattern: '^(?=a)a+$' }));
    expect(response.statusCode).toBe(422);
    expect(response.json().violations).toContainEqual({ propertyPath: '/schema/properties/reference/pattern', message: expect.any(String), detail: expect.stringContaining('linear-time regular expression engine') });
  });

  it('the doubling chain (26 computed fields, each merge of the previous twice) is refused at publish naming the first rule past the bound', async () => {
    let source = copySource(purchase, 'doubling-probe');
    for (let i = 0; i <= 26; i += 1) source = { ...withFieldOn(source, `c${i}`) };
    source.rules.computed = [...(source.rules.computed ?? []), ...Array.from({ length: 26 }, (_, i) => ({ field: `c${i + 1}`, value: { merge: [{ var: `c${i}` }, { var: `c${i}` }] } }))];
    const response = await call('POST', '/api/module-definitions', admin, source);
    expect(response.statusCode).toBe(422);
    const growth = (response.json().violations as Array<{ propertyPath: string; message: string; detail: string }>).filter((v) => v.detail.includes('times the size'));
    expect(growth[0].detail).toContain('computed "c7"');
    expect(growth[0].propertyPath).toMatch(/^\/rules\/computed\/\d+\/value$/);
    expect((await call('GET', '/api/module-definitions/doubling-probe/source', admin)).statusCode).toBe(404);
  });

  it('markup and script URLs in labels, messages and help texts are refused at publish naming the key', async () => {
    const source = copySource(purchase, 'markup-probe');
    (source.locales.ja as Record<string, unknown>).title = '<img src=x onerror=alert(1)><script>alert(1)</script>';
    source.uiSchema.currency_id = { ...(source.uiSchema.currency_id as object), 'ui:help': 'javascript:alert(1)' };
    const response = await call('POST', '/api/module-definitions', admin, source);
    expect(response.statusCode).toBe(422);
    const { violations } = response.json();
    expect(violations).toContainEqual({ propertyPath: '/locales/ja/title', message: expect.any(String), detail: expect.stringContaining('translation "markup-probe.title" contains an HTML tag') });
    expect(violations).toContainEqual({ propertyPath: '/uiSchema/currency_id/ui:help', message: expect.any(String), detail: expect.stringContaining('javascript:/data: URL') });
  });
});

/** `withField` on an existing source: an integer array field. */
function withFieldOn(source: ModuleSource, field: string): ModuleSource {
  (source.schema.properties as Record<string, JsonSchema>)[field] = { type: 'array', items: { type: 'integer' }, default: [] };
  for (const lang of ['en', 'ja', 'zh'] as const) (source.locales[lang] as Record<string, unknown>)[field] = { label: field.toUpperCase() };
  const order = source.uiSchema['ui:order'];
  if (Array.isArray(order) && !order.includes('*')) order.push(field);
  return source;
}
