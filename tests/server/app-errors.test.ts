import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ERROR_CODES } from '../../server/lib/errors';
import { buildTestApp, type TestApp } from './helpers';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  token = await t.login('employee@example.com');
});
afterAll(async () => { await t?.close(); });

const en = { 'accept-language': 'en' };

describe('error taxonomy', () => {
  test('every code in errors.ts is documented in server/README.md', () => {
    const readme = readFileSync(join(import.meta.dirname, '../../server/README.md'), 'utf8');
    for (const [code, status] of Object.entries(ERROR_CODES)) {
      expect(readme, code).toMatch(new RegExp(`\\| \`${code}\` \\| ${status} \\|`));
    }
  });

  test('malformed JSON answers 400 with a clear message', async () => {
    const response = await t.app.inject({
      method: 'POST', url: '/api/login_check', headers: { ...en, 'content-type': 'application/json' }, payload: '{"username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON', code: 'BAD_REQUEST' });
  });

  test('an empty JSON body answers 400', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login_check', headers: { ...en, 'content-type': 'application/json' }, payload: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('BAD_REQUEST');
  });

  test('a body above 1 MiB answers 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await t.app.inject({
      method: 'POST', url: '/api/login_check', headers: en,
      payload: { username: 'employee@example.com', password: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The request body is too large', code: 'PAYLOAD_TOO_LARGE' });
  });

  test('an unsupported content type answers 415', async () => {
    const response = await t.app.inject({
      method: 'POST', url: '/api/login_check', headers: { ...en, 'content-type': 'application/xml' }, payload: '<login/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  test('an unknown /api path answers a JSON 404 for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/no-such-thing?x=1', headers: en });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: `There is no API route ${method} /api/no-such-thing`, code: 'NOT_FOUND' });
    }
  });

  test('a query of the wrong type answers 400 naming the parameter', async () => {
    const response = await t.app.inject({ url: '/api/companies?page=abc', headers: { ...en, authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('BAD_REQUEST');
    expect(response.json().message).toContain('page');
  });
});

describe('app', () => {
  test('GET /api/health answers ok without login', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', db: 'ok', redis: process.env.TEST_REDIS_URL ? 'ok' : 'off' });
  });

  test('replies carry the security headers', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  test('without a built web app, pages answer 503 saying to run npm run build', async () => {
    const response = await t.app.inject({ url: '/admin', headers: en });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain('npm run build');
  });

  test('every route area folder is registered under /api', async () => {
    const routes = t.app.printRoutes({ commonPrefix: false });
    for (const path of ['/api/login_check', '/api/profile', '/api/companies', '/api/currencies', '/api/master_processes', '/api/users/approver', '/api/expense_accounts']) {
      expect(routes).toContain(path);
    }
  });
});
