import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { WEBHOOK_EVENT_TYPES } from '../../src/engine/webhooks/webhook-events';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(async () => t?.close());

describe('GET /api/docs', () => {
  it('describes every submission endpoint from the module schemas, and the error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    const submit = doc.paths['/api/buffer/purchase'].post;
    const body = submit.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['approvals', 'save_approvers', 'send_notification_first_approval', 'currency_id', 'purchase_goods']));
    expect(body.properties.bypass).toBeUndefined();
    expect(body.properties.purchase_goods.items.properties.budget).toBeDefined();
    expect(submit.responses['422'].content['application/json'].schema.$ref).toBe('#/components/schemas/ValidationError');
    expect(doc.components.schemas.Error.required).toEqual(['message', 'code']);
    expect(doc.components.schemas.ValidationError.properties.violations.type).toBe('array');
  });

  it('includes the declared routes of the other areas with their schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(doc.paths['/api/module-definitions/{code}'].get.parameters.map((p: { name: string }) => p.name)).toEqual(['code', 'version']);
    expect(doc.paths['/api/buffer/next_code'].get.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/login_check'].post.requestBody).toBeDefined();
    // Public routes declare that they need no token; the rest a bearer token.
    expect(doc.paths['/api/health'].get.security).toEqual([]);
  });

  it('documents the route API of issue #20 under the issue\'s names', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    const json = (op: any, status: string) => op.responses[status].content['application/json'].schema;
    const resolve = doc.paths['/api/master_processes/resolve'].post;
    expect(Object.keys(resolve.requestBody.content['application/json'].schema.properties)).toEqual(['module_code', 'data', 'filed_for', 'filed_as_department_id']);
    expect(resolve.responses['422']).toBeDefined();
    expect(Object.keys(json(resolve, '200').properties.steps.items.properties)).toEqual(expect.arrayContaining(['id', 'code', 'mode', 'optional', 'approvers', 'skipped']));
    expect(doc.paths['/api/deputies'].get).toBeDefined();
    expect(Object.keys(doc.paths['/api/deputies'].post.requestBody.content['application/json'].schema.properties)).toEqual(expect.arrayContaining(['deputy_id', 'from', 'to', 'module_codes']));
    expect(doc.paths['/api/deputies/{id}'].delete).toBeDefined();
    expect(json(doc.paths['/api/buffer/circulated'].get, '200').properties).toHaveProperty(['hydra:member']);
    expect(doc.paths['/api/buffer/{id}/circulation/read'].post).toBeDefined();
    const action = doc.paths['/api/approvals/{id}/action'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(action.properties)).toEqual(expect.arrayContaining(['approve', 'back_to']));
  });

  it('describes every webhook event of the engine\'s table: headers, signature and payload (issue #35 item 6)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(Object.keys(doc.webhooks)).toEqual(WEBHOOK_EVENT_TYPES);
    const decided = doc.webhooks['step.decided'].post;
    expect(decided.parameters.map((p: { name: string }) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    expect(decided.parameters[2].description).toContain('HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}`');
    const body = decided.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['type', 'timestamp', 'data']);
    expect(body.properties.type.const).toBe('step.decided');
    expect(body.properties.data.properties.decision.enum).toEqual(['approved', 'rejected', 'sent_back']);
    expect(Object.keys(body.properties.data.properties)).toEqual(expect.arrayContaining(['document_id', 'code', 'step_id', 'by_deputy', 'on_behalf_of_id']));
    expect(Object.keys(decided.responses)).toEqual(['200', '410', 'default']);
    expect(doc.paths['/api/webhooks'].post.responses['201']).toBeDefined();
    expect(doc.paths['/api/webhooks/deliveries/{id}/resend'].post.responses['202']).toBeDefined();
  });

  it('requires page and itemsPerPage on no route: a caller may leave them out (the server takes its defaults)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    type Parameter = { name: string; in: string; required?: boolean; schema: { default?: unknown } };
    const paged = Object.entries(doc.paths as Record<string, Record<string, { parameters?: Parameter[] }>>).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, op]) => (op.parameters ?? [])
        .filter((p) => p.in === 'query' && ['page', 'itemsPerPage'].includes(p.name)).map((p) => ({ route: `${method} ${path}`, ...p }))));
    expect(paged.filter((p) => p.required)).toEqual([]);
    // The routes whose query is written with `paging()` (src/wire) are among them, with their defaults.
    const defaults = (path: string) => Object.fromEntries(paged.filter((p) => p.route === `get ${path}`).map((p) => [p.name, p.schema.default]));
    for (const path of ['/api/records', '/api/stamp_statistics', '/api/purchases/list', '/api/contracts/list']) expect(defaults(path), path).toEqual({ page: 1, itemsPerPage: 10 });
    expect(defaults('/api/invoice_managements')).toEqual({ page: 1, itemsPerPage: 5 });
  });

  it('gives every operation a summary and an operationId, and names the server', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    const operations = Object.values(doc.paths as Record<string, Record<string, { summary?: string; operationId?: string; security?: unknown }>>).flatMap((p) => Object.values(p));
    expect(operations.length).toBeGreaterThan(50);
    for (const op of operations) {
      expect(op.summary?.trim()).toBeTruthy();
      expect(op.operationId).toMatch(/^[a-z]+_[A-Za-z0-9_]+$/);
      expect(Array.isArray(op.security)).toBe(true);
    }
    expect(new Set(operations.map((op) => op.operationId)).size).toBe(operations.length);
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });
});

describe('API reference page', () => {
  it('a browser gets the readable reference; other clients and /api/docs/openapi.json get the JSON', async () => {
    const page = await t.app.inject({ url: '/api/docs', headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    // Scripts only from this origin (the CSP allows no inline script).
    expect(page.body).not.toMatch(/<script>(?!<)/);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toEqual(['/api/docs/viewer/swagger-ui-bundle.js', '/api/docs/viewer/init.js']);
    for (const url of [...scripts, '/api/docs/viewer/swagger-ui.css']) {
      const file = await t.app.inject({ url });
      expect(file.statusCode, url).toBe(200);
      expect(file.body.length, url).toBeGreaterThan(10);
    }
    expect((await t.app.inject({ url: '/api/docs/viewer/init.js' })).body).toContain('/api/docs/openapi.json');
    const json = await t.app.inject({ url: '/api/docs/openapi.json', headers: { accept: 'text/html' } });
    expect(json.json().openapi).toMatch(/^3\./);
    expect((await t.app.inject({ url: '/api/docs' })).json().openapi).toMatch(/^3\./);
  });

  it('serves only its own files', async () => {
    for (const name of ['..%2Fpackage.json', 'index.html', 'swagger-ui-bundle.js.map']) {
      const reply = await t.app.inject({ url: `/api/docs/viewer/${name}`, headers: { 'accept-language': 'en' } });
      expect(reply.statusCode, name).toBe(404);
    }
  });
});
