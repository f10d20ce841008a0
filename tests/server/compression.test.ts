import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

test('larger JSON answers are compressed as the client accepts: brotli, else gzip, else plain', async () => {
  const plain = await t.app.inject({ url: '/api/docs/openapi.json' });
  expect(plain.statusCode).toBe(200);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.length).toBeGreaterThan(1024);

  const br = await t.app.inject({ url: '/api/docs/openapi.json', headers: { 'accept-encoding': 'gzip, deflate, br' } });
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers.vary).toMatch(/accept-encoding/i);
  expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

  const gz = await t.app.inject({ url: '/api/docs/openapi.json', headers: { 'accept-encoding': 'gzip' } });
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
});

test('small answers stay plain', async () => {
  const health = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br' } });
  expect(health.statusCode).toBe(200);
  expect(health.headers['content-encoding']).toBeUndefined();
  expect(health.json()).toBeTruthy();
});
