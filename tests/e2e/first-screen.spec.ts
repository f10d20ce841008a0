import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { initialScripts } from '../../scripts/lib/initial-js';
import { loginAs, texts } from './helpers';

// Issue #13 budget: the JavaScript a first visit must download before the app starts (the entry
// script, the app it starts and their static imports, from the build's manifest), gzip-compressed
// as the server sends it (the build's .gz copies). A size, not a timing: `npm run bench:web`
// measures the timings.
const INITIAL_JS_BUDGET_KB = 150;

/** Bytes the server sends for a built asset to a gzip client (its precompressed copy, else the file). */
function gzipBytes(path: string): number {
  const file = join('dist', path);
  return existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : statSync(file).size;
}

test('the login screen paints from the HTML and starts within the initial JavaScript budget', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  // The first paint, before any script runs: the login page of the static first screen.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/');
  await expect(page.locator('#root h2')).toHaveText(texts.ja.login.heading);
  await page.unroute('**/assets/*.js');

  scripts.length = 0;
  const html = await (await page.goto('/'))!.text();
  await expect(page.getByRole('button', { name: texts.ja.login.submit })).toBeEnabled();
  // The HTML names only the small entry and what it imports itself: the app's chunks are requested
  // after the first paint, so nothing competes with it.
  const named = [...html.matchAll(/<(?:script[^>]* src|link rel="modulepreload"[^>]* href)="([^"]+\.js)"/g)].map((m) => m[1]);
  const initial = initialScripts().map((file) => `/${file}`);
  expect(named[0]).toBe(initial[0]);
  expect(named.filter((path) => !initial.includes(path))).toEqual([]);
  expect(named.reduce((sum, path) => sum + gzipBytes(path), 0) / 1024).toBeLessThan(5);
  // Every chunk counted was loaded before the login screen worked.
  expect(initial.filter((path) => !scripts.includes(path))).toEqual([]);
  const initialKb = initial.reduce((sum, path) => sum + gzipBytes(path), 0) / 1024;
  const loginKb = [...new Set(scripts)].reduce((sum, path) => sum + gzipBytes(path), 0) / 1024;
  console.log(`initial JS ${initialKb.toFixed(1)} KB gzip (budget ${INITIAL_JS_BUDGET_KB}); login screen, all JS ${loginKb.toFixed(1)} KB`);
  expect(initialKb).toBeLessThanOrEqual(INITIAL_JS_BUDGET_KB);
});

for (const [locale, lang] of [['en-US', 'en'], ['zh-CN', 'zh'], ['fr-FR', 'ja']] as const) {
  test.describe(`a first visit from a ${locale} browser`, () => {
    test.use({ locale });
    test(`shows the login page in ${lang}, before and after the app starts`, async ({ page }) => {
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto('/');
      await expect(page.locator('#root h2')).toHaveText(texts[lang].login.heading);
      await page.unroute('**/assets/*.js');
      await page.goto('/');
      await expect(page.getByRole('button', { name: texts[lang].login.submit })).toBeEnabled();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      // Nothing was chosen: nothing is stored, so a later browser language still applies.
      expect(await page.evaluate(() => localStorage.getItem('ringi.lang'))).toBeNull();
    });
  });
}

test.describe('a signed-in start', () => {
  // The service worker would answer the app's code from its cache, past the blocked requests.
  test.use({ serviceWorkers: 'block' });
  test('on Home paints Home\'s bar and banner from the HTML; Home opens under the same banner', async ({ page }) => {
    // Signing in remembers the splash as this browser's first screen (the ringi.first cookie).
    await loginAs(page, 'employee@example.com');
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/');
    const painted = page.locator('#root .fs-banner');
    await expect(page.locator('#root h1')).toHaveText(texts.ja.home.title);
    await expect(painted).toBeVisible();
    const staticText = await painted.innerText();
    const staticBox = (await painted.boundingBox())!;
    // Another address opens on the plain splash: Home's banner is not shown where Home will not open.
    await page.goto('/statistic');
    await expect(page.locator('#root .fs-brand')).toBeVisible();
    await expect(page.locator('#root .fs-banner')).toHaveCount(0);
    await page.unroute('**/assets/*.js');

    await page.goto('/');
    await expect(page.getByTestId('home')).toBeVisible();
    const banner = page.getByTestId('home').getByRole('img', { name: texts.ja.home.banner });
    await expect(banner).toHaveText(staticText);
    const box = (await banner.boundingBox())!;
    expect(Math.abs(box.y - staticBox.y), 'the banner does not move').toBeLessThanOrEqual(1);
    expect(Math.abs(box.height - staticBox.height), 'nor change its height').toBeLessThanOrEqual(1);
  });

  test('a start that stalls (a module that never answers) reloads itself once and opens Home', async ({ page }) => {
    await loginAs(page, 'employee@example.com');
    // The Japanese app texts: the start renders once they are in (src/main.tsx). On the next load
    // they get no answer, once; nothing else is held.
    const manifest = JSON.parse(readFileSync(join('dist', '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
    const appTexts = `/${manifest['locales/ja/app.json']!.file}`;
    let held = 0;
    await page.route(`**${appTexts}`, (route) => {
      if ((held += 1) > 1) return route.continue();
      // never answered
    });
    let loads = 0;
    page.on('load', () => (loads += 1));
    const warnings: string[] = [];
    page.on('console', (message) => void (message.type() === 'warning' && warnings.push(message.text())));
    await page.goto('/');
    await expect(page.getByTestId('home')).toBeVisible({ timeout: 30_000 });
    expect(held, 'the texts were asked for twice: held, then after the reload').toBe(2);
    expect(loads, 'the page loaded again').toBe(2);
    // The reloaded start says what the stalled one had reached: boot and main, not its texts.
    expect(warnings.filter((text) => text.includes('the previous start stalled'))).toEqual([expect.stringMatching(/reached: boot at \d+ ms, main at \d+ ms$/)]);
    expect(await page.evaluate(() => performance.getEntriesByType('mark').map((mark) => mark.name))).toEqual(expect.arrayContaining(['ringi:boot', 'ringi:main', 'ringi:texts', 'ringi:rendered']));
  });

  test('names Home\'s chunks in the HTML, so the app appends no preload link of its own for them', async ({ page }) => {
    await loginAs(page, 'employee@example.com');
    const html = await (await page.goto('/'))!.text();
    const named = new Set([...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+\.js)"/g)].map((m) => m[1]));
    const manifest = JSON.parse(readFileSync(join('dist', '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
    const homeChunk = `/${Object.entries(manifest).find(([key]) => key.endsWith('src/app/pages/home/HomePage.tsx'))![1].file}`;
    expect(named.has(homeChunk), homeChunk).toBe(true);
    await expect(page.getByTestId('home')).toBeVisible();
    await expect(page.getByTestId('home')).not.toHaveAttribute('aria-busy');
    // Every link of Home's start is the HTML's: the preload helper found them there.
    const links = await page.evaluate(() => [...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => new URL((l as HTMLLinkElement).href).pathname));
    const added = links.filter((path) => !named.has(path));
    expect(added.filter((path) => path === homeChunk)).toEqual([]);
    expect(new Set(links).size, 'no chunk is linked twice').toBe(links.length);
  });
});
