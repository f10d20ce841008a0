import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';

let t: TestApp;
const dist = mkdtempSync(join(tmpdir(), 'ringi-dist-'));
beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Ringi test build</title>');
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log("ringi")');
  t = await buildTestApp({ staticDir: dist });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

test('/ serves the built index.html', async () => {
  const response = await t.app.inject({ url: '/' });
  expect(response.statusCode).toBe(200);
  expect(response.body).toContain('Ringi test build');
});

test('app paths without a file fall back to index.html, uncached', async () => {
  for (const url of ['/statistic', '/admin', '/reset-password?token=abc', '/some/deep/page']) {
    const response = await t.app.inject({ url });
    expect(response.statusCode, url).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('Ringi test build');
    expect(response.headers['cache-control']).toBe('no-cache');
  }
});

test('hashed assets are served with a long cache life', async () => {
  const response = await t.app.inject({ url: '/assets/app-abc123.js' });
  expect(response.statusCode).toBe(200);
  expect(response.body).toBe('console.log("ringi")');
  expect(response.headers['cache-control']).toContain('immutable');
});

test('unknown /api paths stay JSON 404s, not the app page', async () => {
  const response = await t.app.inject({ url: '/api/nope', headers: { 'accept-language': 'en' } });
  expect(response.statusCode).toBe(404);
  expect(response.json().code).toBe('NOT_FOUND');
});

test('a POST to an app path is a 404, not the page', async () => {
  const response = await t.app.inject({ method: 'POST', url: '/admin' });
  expect(response.statusCode).toBe(404);
});
