import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_META, SCHEMA_FILE_META } from '../../src/engine';
import { buildTestApp, type TestApp } from './helpers';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = await t.login('employee@example.com');
});
afterAll(async () => t?.close());

const get = (url: string, auth = true) => t.app.inject({ method: 'GET', url, headers: auth ? { authorization: `Bearer ${token}` } : {} });

/** A module as the server holds it compiled, as JSON, less its attachment kinds (never served: uploads are checked on the server). */
const compiled = (code: string) => JSON.parse(JSON.stringify(Object.fromEntries(Object.entries(t.app.definitions.modules[code]).filter(([key]) => key !== 'attachments'))));

describe('GET /api/module-definitions', () => {
  it('lists compiled modules with their sub-forms and en/ja/zh translations', async () => {
    const response = await get('/api/module-definitions');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body['hydra:totalItems']).toBe(body['hydra:member'].length);
    const purchase = body['hydra:member'].find((m: { code: string }) => m.code === 'purchase');
    expect(purchase.kind).toBe('module');
    expect(purchase.version).toMatch(/^[0-9a-f]{16}$/);
    expect(purchase.meta).toMatchObject({ submitPath: '/buffer/purchase', codePrefix: 'PUR', subForms: [{ field: 'purchase_goods', form: 'purchase-goods' }] });
    expect(purchase.subForms['purchase-goods'].kind).toBe('subform');
    expect(purchase.schema.properties.purchase_goods.items.properties.goods_name).toBeDefined();
    expect(purchase.translations.ja.currency_id.label).toBe('通貨');
    expect(purchase.translations.zh.title).toBe('采购申请');
    expect(body['hydra:member'].some((m: { kind: string }) => m.kind === 'subform')).toBe(false);
  });

  it('serves every module whole through the response schema: each top-level field of the compiled definition but its attachment kinds', async () => {
    const members = (await get('/api/module-definitions')).json()['hydra:member'] as Array<{ code: string }>;
    for (const member of members) expect(member).toEqual(compiled(member.code));
    // A module with a route and attachment kinds: the route is served, the kinds are not.
    const payment = (await get('/api/module-definitions/payment')).json();
    expect(payment).toEqual(compiled('payment'));
    expect(payment.process.length).toBeGreaterThan(0);
    expect(t.app.definitions.modules.payment.attachments).toBeDefined();
    expect(payment).not.toHaveProperty('attachments');
  });

  it('needs a login', async () => {
    expect((await get('/api/module-definitions', false)).statusCode).toBe(401);
  });
});

describe('GET /api/module-definitions/meta-schemas/{part}', () => {
  it('serves a part\'s meta-schema as it is, 400 for a part that has none', async () => {
    expect((await get('/api/module-definitions/meta-schemas/process')).json()).toEqual(PROCESS_META);
    expect((await get('/api/module-definitions/meta-schemas/schema')).json()).toEqual(SCHEMA_FILE_META);
    expect((await get('/api/module-definitions/meta-schemas/locales')).statusCode).toBe(400);
  });
});

describe('GET /api/module-definitions/{code}', () => {
  it('returns the current definition, or a stored older version', async () => {
    const current = (await get('/api/module-definitions/purchase')).json();
    expect(current.code).toBe('purchase');
    expect((await get(`/api/module-definitions/purchase?version=${current.version}`)).json().version).toBe(current.version);

    const older = { ...current, version: 'abc123', uiSchema: { 'ui:order': ['currency_id'] } };
    await t.db.insertInto('module_definition_versions').values({ code: 'purchase', version: 'abc123', definition: JSON.stringify(older) }).execute();
    const stored = await get('/api/module-definitions/purchase?version=abc123');
    expect(stored.statusCode).toBe(200);
    expect(stored.json().uiSchema).toEqual({ 'ui:order': ['currency_id'] });
  });

  it('serves a sub-form by its code', async () => {
    const response = await get('/api/module-definitions/purchase-goods');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 'purchase-goods', kind: 'subform' });
  });

  it('answers 404 for an unknown module or version, 400 for a malformed version', async () => {
    const unknown = await get('/api/module-definitions/nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
    expect((await get('/api/module-definitions/purchase?version=ffff')).statusCode).toBe(404);
    expect((await get('/api/module-definitions/purchase?version=not-hex!')).statusCode).toBe(400);
  });
});
