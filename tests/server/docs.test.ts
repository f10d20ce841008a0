import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';

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
    expect(doc.paths['/api/health'].get.security).toBeUndefined();
  });
});
