import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';

let t: TestApp;
const dist = mkdtempSync(join(tmpdir(), 'ringi-dist-'));
beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Ringi test build</title>');
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log("ringi")');
  // What the build's precompress step writes next to an asset.
  const big = `export const text = ${JSON.stringify('ringi '.repeat(500))};`;
  writeFileSync(join(dist, 'assets', 'big-def456.js'), big);
  writeFileSync(join(dist, 'assets', 'big-def456.js.br'), brotliCompressSync(big));
  writeFileSync(join(dist, 'assets', 'big-def456.js.gz'), gzipSync(big));
  writeFileSync(join(dist, 'favicon.ico'), Buffer.from([0, 0, 1, 0, 1, 0]));
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

test('precompressed assets are sent as brotli or gzip as the client accepts, still immutable', async () => {
  const br = await t.app.inject({ url: '/assets/big-def456.js', headers: { 'accept-encoding': 'br, gzip' } });
  expect(br.statusCode).toBe(200);
  expect(br.headers['content-encoding']).toBe('br');
  expect(brotliDecompressSync(br.rawPayload).toString()).toContain('ringi ringi');
  expect(br.headers['cache-control']).toContain('immutable');
  const gz = await t.app.inject({ url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip' } });
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gz.rawPayload).toString()).toContain('ringi ringi');
  const plain = await t.app.inject({ url: '/assets/big-def456.js' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toContain('ringi ringi');
});

test('/favicon.ico is the icon file, and a missing file is a 404 rather than the app page', async () => {
  const icon = await t.app.inject({ url: '/favicon.ico' });
  expect(icon.statusCode).toBe(200);
  expect(icon.headers['content-type']).not.toMatch(/text\/html/);
  const missing = await t.app.inject({ url: '/assets/old-chunk-000000.js' });
  expect(missing.statusCode).toBe(404);
  expect(missing.body).not.toContain('Ringi test build');
});

test('the first screen follows the ringi.first hint: login, splash or Home\'s splash in that language, else index.html', async () => {
  writeFileSync(join(dist, 'index.login.en.html'), '<!doctype html><title>login en</title>');
  writeFileSync(join(dist, 'index.splash.zh.html'), '<!doctype html><title>splash zh</title>');
  const page = async (url: string, cookie?: string) => (await t.app.inject({ url, headers: cookie ? { cookie } : {} })).body;
  expect(await page('/', 'ringi.first=login.en')).toContain('login en');
  expect(await page('/statistic', 'other=1; ringi.first=splash.zh; x=y')).toContain('splash zh');
  const reply = await t.app.inject({ url: '/', headers: { cookie: 'ringi.first=login.en' } });
  expect(reply.headers.vary).toMatch(/cookie/i);
  expect(reply.headers['cache-control']).toBe('no-cache');
  // Not built, malformed or unknown: the default page.
  expect(await page('/', 'ringi.first=splash.en')).toContain('Ringi test build');
  expect(await page('/', 'ringi.first=../../etc/passwd')).toContain('Ringi test build');
  expect(await page('/', 'ringi.first=login.fr')).toContain('Ringi test build');
  expect(await page('/')).toContain('Ringi test build');
  // The reset link is not the login page: the splash, in the hinted language (else Japanese).
  expect(await page('/reset-password?token=abc', 'ringi.first=login.zh')).toContain('splash zh');
  writeFileSync(join(dist, 'index.splash.ja.html'), '<!doctype html><title>splash ja</title>');
  expect(await page('/reset-password?token=abc')).toContain('splash ja');
  // A stored login on Home's address: the splash with Home's banner when built, on any other address the plain splash.
  expect(await page('/', 'ringi.first=splash.zh')).toContain('splash zh');
  writeFileSync(join(dist, 'index.home.zh.html'), '<!doctype html><title>home zh</title>');
  expect(await page('/', 'ringi.first=splash.zh')).toContain('home zh');
  expect(await page('/?from=mail', 'ringi.first=splash.zh')).toContain('home zh');
  expect(await page('/statistic', 'ringi.first=splash.zh')).toContain('splash zh');
  expect(await page('/reset-password?token=abc', 'ringi.first=splash.zh')).toContain('splash zh');
});

test('a first visit (no hint) gets the login page in the browser\'s language, else index.html (ja)', async () => {
  writeFileSync(join(dist, 'index.login.en.html'), '<!doctype html><title>login en</title>');
  const page = async (language: string) => (await t.app.inject({ url: '/', headers: { 'accept-language': language } })).body;
  expect(await page('en-US,en;q=0.9')).toContain('login en');
  expect(await page('fr-FR, en;q=0.5')).toContain('login en');
  expect(await page('fr-FR')).toContain('Ringi test build');
  // A language Ringi ships whose page was not built: the default page.
  expect(await page('zh-CN')).toContain('Ringi test build');
  const reply = await t.app.inject({ url: '/', headers: { 'accept-language': 'en' } });
  expect(reply.headers.vary).toMatch(/accept-language/i);
});
