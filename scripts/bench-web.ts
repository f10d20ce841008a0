/**
 * `npm run bench:web`: Lighthouse (mobile profile, Debian's Chromium) against the built app on
 * the real server — login, Home (signed in) and opening a form (a Lighthouse timespan of tapping
 * a launcher on an idle Home, since a form has no URL of its own). Prints performance score,
 * LCP, FCP, TBT, CLS, total transfer and the initial JavaScript (gzip) per page, for each of
 * `BENCH_WEB_RUNS` runs (default 1) and their medians. Figures only.
 * Targets (issues #13, #18): performance ≥ 90, LCP ≤ 2.0 s, initial JS ≤ 150 KB gzipped, a form
 * shown ≤ 1.5 s after the tap.
 */
import { spawn, execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startFlow } from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import puppeteer from 'puppeteer-core';
import { initialScripts } from './lib/initial-js';
import { waitHealthy } from './lib/wait-healthy';

const run = promisify(execFile);
const port = Number(process.env.BENCH_PORT ?? 8268);
const runs = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 1));
// Chromium picks a free DevTools port itself (0) and writes it to DevToolsActivePort: the bench
// needs no second fixed port (BENCH_PORT alone keeps it inside a port range of its own).
let debugPort = 0;
const base = `http://127.0.0.1:${port}`;
const chrome = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const dataDir = mkdtempSync(join(tmpdir(), 'ringi-bench-web-'));

/** What the first screen must download before the app starts (scripts/lib/initial-js.ts), gzipped. */
function initialJsKb(): number {
  return initialScripts().reduce((sum, file) => sum + gzipSync(readFileSync(join('dist', file))).length, 0) / 1024;
}

/** The DevTools port Chromium chose (first line of DevToolsActivePort in its profile folder). */
async function waitDevtoolsPort(profileDir: string): Promise<number> {
  const file = join(profileDir, 'DevToolsActivePort');
  for (let i = 0; i < 100; i++) {
    if (existsSync(file)) {
      const first = Number(readFileSync(file, 'utf8').split('\n')[0]);
      if (first > 0) return first;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('Chromium did not open its DevTools port');
}

const lcpElements: string[] = [];
let reports = 0;

async function lighthouse(url: string, keepStorage: boolean): Promise<Record<string, number>> {
  const args = [url, `--port=${debugPort}`, '--only-categories=performance', '--output=json', '--quiet', '--max-wait-for-load=60000'];
  if (keepStorage) args.push('--disable-storage-reset');
  const { stdout } = await run(join('node_modules', '.bin', 'lighthouse'), args, { maxBuffer: 256 * 1024 * 1024 });
  const report = JSON.parse(stdout);
  // BENCH_WEB_REPORTS=<folder> keeps each Lighthouse report (JSON) for a closer look.
  if (process.env.BENCH_WEB_REPORTS) writeFileSync(join(process.env.BENCH_WEB_REPORTS, `lighthouse-${(reports += 1)}.json`), stdout);
  const audit = (id: string) => report.audits[id]?.numericValue as number;
  const lcpNode = report.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  if (lcpNode) lcpElements.push(`${url}: ${lcpNode.nodeLabel ?? ''} — ${String(lcpNode.snippet ?? '').slice(0, 120)}`);
  return { score: Math.round(report.categories.performance.score * 100), lcp: audit('largest-contentful-paint'), fcp: audit('first-contentful-paint'), tbt: audit('total-blocking-time'), cls: audit('cumulative-layout-shift'), transfer: audit('total-byte-weight') };
}

// The server `npm run build` compiled (as `npm start` runs it), so no TypeScript is compiled at start.
const compiledServer = 'dist-server/server/main.js';
const server = spawn(process.execPath, existsSync(compiledServer) ? [compiledServer] : ['--import', 'tsx', 'server/main.ts'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, RINGI_LOG_LEVEL: 'warn', JWT_SECRET: 'bench-web-secret-not-for-production' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const profileDir = join(dataDir, 'chrome');
const browserProcess = spawn(chrome, ['--headless=new', '--no-sandbox', '--disable-gpu', '--remote-debugging-port=0', `--user-data-dir=${profileDir}`, 'about:blank'], { stdio: 'ignore' });
try {
  debugPort = await waitDevtoolsPort(profileDir);
  if (readdirSync('dist/assets').length === 0) throw new Error('run `npm run build` first');
  await waitHealthy(base);
  const rows: Array<[string, Record<string, number>]> = [];
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debugPort}`);
  const tapBrowser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${debugPort}`, defaultViewport: null });
  const login = await (await fetch(`${base}/api/login_check`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'employee@example.com', password: 'ringi-demo' }) })).json() as { token: string };
  for (let round = 1; round <= runs; round++) {
    // Each run starts signed out (the login page is a first visit) …
    const reset = await browser.contexts()[0].newPage();
    await reset.goto(base);
    await reset.evaluate(() => localStorage.removeItem('ringi.token'));
    await reset.context().clearCookies();
    await reset.close();
    rows.push(['login', await lighthouse(`${base}/`, false)]);
    // … then Home signed in: the token is put in the shared profile's localStorage first.
    const page = await browser.contexts()[0].newPage();
    await page.goto(base);
    await page.evaluate((token) => localStorage.setItem('ringi.token', token), login.token);
    // A returning signed-in user: the app has seen the session once (its first-screen hint says so).
    await page.reload();
    await page.locator('[data-testid="home"]').waitFor();
    await page.close();
    rows.push(['home', await lighthouse(`${base}/`, true)]);
    rows.push(['form (tap on Home)', await openForm()]);
  }
  await tapBrowser.disconnect();
  await browser.close();

  /**
   * A form has no address of its own: Lighthouse's timespan mode (mobile emulation, DevTools
   * throttling) scores opening one. Home is loaded under the same throttling (slow 4G, 4× CPU)
   * from a cold HTTP cache and left until its network has been quiet for 2 s (a user reading Home; what the app fetches
   * while Home is idle is fetched then, on the slow line), then the first launcher is tapped and
   * the timespan runs until the form (its fields) shows: TBT, CLS and bytes of that interaction,
   * and in the LCP column the wall time from the tap to the form.
   */
  async function openForm(): Promise<Record<string, number>> {
    const tapPage = await tapBrowser.newPage();
    const cdp = await tapPage.createCDPSession();
    const slow = throttling.mobileSlow4G;
    await cdp.send('Network.enable');
    // A cold HTTP cache: whatever the form needs comes over the slow line, before or after the tap.
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false, latency: slow.requestLatencyMs,
      downloadThroughput: (slow.downloadThroughputKbps * 1024) / 8, uploadThroughput: (slow.uploadThroughputKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slow.cpuSlowdownMultiplier });
    await tapPage.goto(base);
    await tapPage.waitForSelector('[data-launcher]', { timeout: 120_000 });
    // One request may stay open: the live-events stream (GET /api/events) never ends.
    await tapPage.waitForNetworkIdle({ idleTime: 2000, timeout: 120_000, concurrency: 1 });
    const flow = await startFlow(tapPage, { config: { extends: 'lighthouse:default', settings: { onlyCategories: ['performance'] } } });
    await flow.startTimespan({ name: 'open a form' });
    const start = Date.now();
    await tapPage.click('[data-launcher]');
    await tapPage.waitForSelector('main form', { timeout: 120_000 });
    const formMs = Date.now() - start;
    await flow.endTimespan();
    const timespan = (await flow.createFlowResult()).steps[0].lhr;
    if (process.env.BENCH_WEB_REPORTS) writeFileSync(join(process.env.BENCH_WEB_REPORTS, `lighthouse-form-timespan-${rows.length}.json`), JSON.stringify(timespan));
    await tapPage.close();
    const numeric = (id: string) => Number(timespan.audits[id]?.numericValue ?? NaN);
    return {
      score: Math.round((timespan.categories.performance.score ?? 0) * 100), lcp: formMs, fcp: NaN,
      tbt: numeric('total-blocking-time'), cls: numeric('cumulative-layout-shift'), transfer: numeric('total-byte-weight'),
    };
  }

  const f = (n: number, d = 0) => (Number.isNaN(n) ? '—' : n.toFixed(d)).padStart(7);
  const line = (name: string, r: Record<string, number>) =>
    console.log(`${name.padEnd(21)} | ${f(r.score).padStart(11)} | ${f(r.lcp)} | ${f(r.fcp)} | ${f(r.tbt)} | ${f(r.cls, 3).trim().padStart(5)} | ${f(r.transfer / 1024, 1).padStart(10)}`);
  const header = () => {
    console.log('page                  | performance | LCP ms  | FCP ms  | TBT ms  | CLS   | transfer KB');
    console.log('----------------------|-------------|---------|---------|---------|-------|------------');
  };
  console.log(`Initial JS (entry, the app it starts and their static imports, gzip): ${initialJsKb().toFixed(1)} KB (target ≤ 150 KB)\n`);
  header();
  for (const [name, r] of rows) line(name, r);
  if (runs > 1) {
    const median = (values: number[]) => {
      const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
      if (sorted.length === 0) return NaN;
      const mid = Math.floor(sorted.length / 2);
      return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    };
    console.log(`\nMedians of ${runs} runs:`);
    header();
    for (const name of new Set(rows.map(([n]) => n))) {
      const of = rows.filter(([n]) => n === name).map(([, r]) => r);
      line(name, Object.fromEntries(Object.keys(of[0]).map((key) => [key, median(of.map((r) => r[key]))])));
    }
  }
  console.log(`\nLCP element:\n${lcpElements.map((entry) => `  ${entry}`).join('\n')}`);
  console.log('\nLighthouse mobile profile (login, Home: navigation, simulated slow 4G and 4× CPU slowdown). The form row is a Lighthouse timespan of tapping the first launcher on Home after Home, loaded under the same throttling, has been idle for 2 s (DevTools throttling): its score, TBT, CLS and bytes, and in the LCP column the wall time until the form shows.');
} finally {
  browserProcess.kill();
  server.kill();
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
