import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp({ loginRateLimit: 3 }); });
afterAll(async () => { await t?.close(); });

test('login is limited per client IP and answers 429 RATE_LIMITED in the error shape', async () => {
  const attempt = (remoteAddress: string) => t.app.inject({
    method: 'POST', url: '/api/login_check', remoteAddress, headers: { 'accept-language': 'en' },
    payload: { username: 'nobody@example.com', password: 'x' },
  });
  for (let i = 0; i < 3; i += 1) expect((await attempt('10.0.0.1')).statusCode).toBe(401);
  const limited = await attempt('10.0.0.1');
  expect(limited.statusCode).toBe(429);
  expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/Too many requests/) });
  expect(limited.headers['retry-after']).toBeDefined();
  // Another client is not affected.
  expect((await attempt('10.0.0.2')).statusCode).toBe(401);
});

test('lookups are not rate limited', async () => {
  const token = await t.login('employee@example.com');
  for (let i = 0; i < 5; i += 1) {
    expect((await t.app.inject({ url: '/api/currencies', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
  }
});
