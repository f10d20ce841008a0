/**
 * `npm run bench:preview` (issue 33 item 6): how long after the tap a 5 MB PDF attachment's first
 * page shows, on a mid phone — Chromium at 390×844 with 4× CPU slowdown, once on the loopback line
 * and once on a 4G line (9 Mbit/s down, 60 ms). The built app on the real server: the PDF is
 * uploaded on the purchase form's goods page, then its name is tapped and the clock runs until the
 * first page shows — the server's picture of it (drawn after the upload, `GET /files/{id}/preview`) or
 * pdf.js's drawing, whichever comes first — and on until pdf.js has drawn it. `BENCH_PREVIEW_RUNS` (default 3) per line; medians printed with the
 * load average beside each figure (above 1.5 on 2 cores the figure measures the machine).
 * Target: ≤ 1 s. Figures only, no assertion. `BENCH_PREVIEW_DEBUG=1` also lists each file request (status, range).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { samplePdf } from './lib/sample-pdf';
import { waitHealthy } from './lib/wait-healthy';

const port = Number(process.env.BENCH_PORT ?? 8269);
const runs = Math.max(1, Number(process.env.BENCH_PREVIEW_RUNS ?? 3));
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'ringi-bench-preview-'));
const en = (namespace: string) => JSON.parse(readFileSync(join('locales', 'en', `${namespace}.json`), 'utf8'));
const purchase = en('purchase');
const engine = en('engine');
const pdf = samplePdf({ pages: 40, noisePerPage: 125_000 });
const lines = [
  { name: 'loopback', network: null },
  { name: '4G 9 Mbit/s 60 ms', network: { latency: 60, downloadThroughput: (9 * 1024 * 1024) / 8, uploadThroughput: (3 * 1024 * 1024) / 8 } },
] as const;

/** Picks `choice` in the picker page of the field labelled `field`. */
async function pick(page: Page, field: string, choice: string): Promise<void> {
  await page.getByRole('button', { name: field, exact: true }).click();
  await page.getByRole('button', { name: choice, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: field, exact: true }).waitFor({ state: 'hidden' });
}

const compiled = 'dist-server/server/main.js';
if (!existsSync(compiled)) throw new Error('run `npm run build` first');
const server = spawn(process.execPath, [compiled], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, RINGI_LOG_LEVEL: 'warn', JWT_SECRET: 'bench-preview-secret-not-for-production', DEMO_DOCUMENTS: '0' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  await waitHealthy(base);
  const login = await (await fetch(`${base}/api/login_check`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'employee@example.com', password: 'ringi-demo' }) })).json() as { token: string };
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await context.addInitScript((token) => {
    localStorage.setItem('ringi.token', token);
    localStorage.setItem('ringi.lang', 'en');
  }, login.token);
  const page = await context.newPage();
  await page.goto(base);
  await page.getByTestId('launchers').getByRole('button', { name: purchase.title, exact: true }).click();
  await pick(page, purchase.company_id.label, 'Ringi Holdings');
  await pick(page, purchase.department_id.label, 'Sales');
  await page.getByRole('button', { name: engine.widgets.items.add }).click();
  const uploaded = page.waitForResponse((response) => response.url().endsWith('/api/files') && response.request().method() === 'POST');
  await page.locator('input[type=file]').setInputFiles({ name: 'scanned-receipts.pdf', mimeType: 'application/pdf', buffer: pdf });
  const fileUrl = ((await (await uploaded).json()) as { url: string }).url;
  const name = page.getByText('scanned-receipts.pdf');
  await name.waitFor();
  // The server draws page 1 after the upload (an approver opens the file later): wait until it has.
  const drawnAfterUpload = Date.now();
  const picture = await page.request.get(base + fileUrl.replace(/^(\/api\/files\/\d+)/, '$1/preview'));
  if (!picture.ok()) throw new Error(`no first-page picture: ${picture.status()}`);
  console.log(`first-page picture drawn by the server after the upload: ready ${Date.now() - drawnAfterUpload} ms after the upload's answer, ${(Number(picture.headers()['content-length']) / 1024).toFixed(0)} KB`);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const rows: string[] = [];
  for (const line of lines) {
    await cdp.send('Network.emulateNetworkConditions', line.network ? { offline: false, ...line.network } : { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    const times: number[] = [];
    const drawnTimes: number[] = [];
    for (let run = 0; run < runs; run++) {
      let bytes = 0;
      const requests: string[] = [];
      const count = (response: { url(): string; status(): number; headers(): Record<string, string> }) => {
        if (!response.url().includes('/api/files/')) return;
        bytes += Number(response.headers()['content-length'] ?? 0);
        requests.push(`${response.status()} ${response.headers()['content-range'] ?? response.headers()['content-length']}`);
      };
      page.on('response', count);
      const start = Date.now();
      await name.click();
      // Page 1 shown: the server's picture of it, or pdf.js's drawing if that came first.
      await page.locator('[data-page="1"][data-preview="shown"], [data-page="1"][data-drawn="true"]').first().waitFor({ timeout: 120_000 });
      times.push(Date.now() - start);
      await page.locator('[data-page="1"][data-drawn="true"]').waitFor({ timeout: 120_000 });
      drawnTimes.push(Date.now() - start);
      page.off('response', count);
      if (process.env.BENCH_PREVIEW_DEBUG) console.log(requests.join('\n'));
      rows.push(`${line.name.padEnd(18)} | run ${run + 1} | page 1 shown ${String(times.at(-1)).padStart(6)} ms, drawn by pdf.js ${String(drawnTimes.at(-1)).padStart(6)} ms | ${(bytes / 1024).toFixed(0).padStart(6)} KB read of ${(pdf.length / 1024).toFixed(0)} KB | load ${loadavg()[0].toFixed(2)}`);
      await page.getByRole('button', { name: engine.widgets.upload.pdf.close }).click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
    }
    // The anchor: the same bytes fetched whole by the page on the same line and CPU, no PDF drawn.
    const fetched = await page.evaluate(async (url) => {
      const start = performance.now();
      await (await fetch(url, { cache: 'no-store' })).arrayBuffer();
      return Math.round(performance.now() - start);
    }, fileUrl);
    const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const median = medianOf(times);
    rows.push(`${line.name.padEnd(18)} | median: page 1 shown ${median} ms (target ≤ 1000 ms), drawn by pdf.js ${medianOf(drawnTimes)} ms; the file fetched whole: ${fetched} ms (ratio shown/fetched ${(median / fetched).toFixed(2)}) | load ${loadavg()[0].toFixed(2)}`);
  }
  console.log(`PDF: ${pdf.length} bytes, 40 pages (a scanned image per page), not linearized; Chromium 390×844, 4× CPU slowdown.\n`);
  console.log(rows.join('\n'));
} finally {
  await browser.close();
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
