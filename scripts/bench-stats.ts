/**
 * `npm run bench:stats`: seeds BENCH_STATS_DOCUMENTS generated documents (default 100,000; the
 * scale helper's deterministic generator, scripts/lib/seed-documents.ts) into a fresh embedded
 * database — and into a fresh PostgreSQL database when DATABASE_URL is set — then prints p50/p95
 * of every statistics call and of /approvals/my, /my-buffers and /buffer/statistic_search.
 * Figures only: nothing here passes or fails on time (docs/PERFORMANCE.md "Statistics queries").
 */
import dayjs from 'dayjs';
import { buildApp } from '../server/app';
import type { DatabaseHandle } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { seedDemoData } from '../server/demo/seed';
import { FileStorage } from '../server/files/file-storage';
import { benchConfig, benchToken, onBenchDatabases } from './lib/bench-databases';
import { seedDocuments } from './lib/seed-documents';

const COUNT = Number(process.env.BENCH_STATS_DOCUMENTS ?? 100_000);
/** Only the calls whose label contains this text (e.g. `records`); all by default. */
const ONLY = process.env.BENCH_STATS_ONLY ?? '';
/** `0`: skip the embedded database (measure PostgreSQL only, with DATABASE_URL). */
const EMBEDDED = process.env.BENCH_STATS_EMBEDDED !== '0';
const RUNS = Number(process.env.BENCH_STATS_RUNS ?? 30);
/** A PostgreSQL database this script seeded before (`BENCH_STATS_KEEP=1` printed its name): measured again, not seeded. */
const REUSE = process.env.BENCH_STATS_REUSE ?? '';
/** `1`: keep the seeded PostgreSQL database for `BENCH_STATS_REUSE`. */
const KEEP = process.env.BENCH_STATS_KEEP === '1';
const today = dayjs();
const day = (offset: number) => today.add(offset, 'day').format('YYYY-MM-DD');

/** The calls measured, as [label, user, url]. */
const CALLS: Array<[string, string, string]> = [
  ['statistic_search today', 'finance', `/api/buffer/statistic_search?createdAt=${day(0)}~${day(0)}`],
  ['statistic_search 30 days', 'finance', `/api/buffer/statistic_search?createdAt=${day(-30)}~${day(0)}`],
  ['statistic_search 2 years, amount ≥ 1000', 'finance', `/api/buffer/statistic_search?createdAt=${day(-730)}~${day(0)}&amount=%3E%3D1000`],
  ['statistic_search 2 years, vendor', 'finance', `/api/buffer/statistic_search?createdAt=${day(-730)}~${day(0)}&vendor=co`],
  // "co" matches no generated vendor (a full scan); "tokyo" is one of the generator's words (trigram index).
  ['statistic_search 2 years, vendor tokyo', 'finance', `/api/buffer/statistic_search?createdAt=${day(-730)}~${day(0)}&vendor=tokyo`],
  ['statistic_search estPaymentDate 30 days', 'finance', `/api/buffer/statistic_search?estPaymentDate=${day(-15)}~${day(15)}`],
  ['statistic_search completion, sort amount', 'finance', `/api/buffer/statistic_search?completionDate=${day(-90)}~${day(0)}&sort%5Bamount%5D=desc`],
  ['buffer_files/statistic_search 30 days', 'finance', `/api/buffer_files/statistic_search?createdAt=${day(-30)}~${day(0)}`],
  ['buffer_files/statistic_search 2 years', 'finance', `/api/buffer_files/statistic_search?createdAt=${day(-730)}~${day(0)}`],
  ['payment_projections today', 'treasury', '/api/payment_projections'],
  ['payment_projections next3week', 'treasury', '/api/payment_projections?dateFilter=next3week'],
  ['invoice_managements register list', 'finance', '/api/invoice_managements?obtained=true'],
  ['invoice_managements list', 'finance', '/api/invoice_managements'],
  // Electronic records (docs/COMPLIANCE.md, target p95 ≤ 100 ms on PostgreSQL at 100,000 documents).
  // The generator attaches files only where a form requires one, so the finance user's company
  // holds few records or none: the filters are measured as the group admin too, over every company.
  ['records newest', 'finance', '/api/records'],
  ['records, group admin, all companies', 'admin', '/api/records'],
  ['records 90 days, group admin', 'admin', `/api/records?date%5Bafter%5D=${day(-90)}&date%5Bbefore%5D=${day(0)}`],
  ['records amount 1000-50000, group admin', 'admin', '/api/records?amount%5Bgte%5D=1000&amount%5Blte%5D=50000'],
  ['records counterparty "co", group admin', 'admin', '/api/records?counterparty=co'],
  ['records 2 years, JPY, group admin', 'admin', `/api/records?date%5Bafter%5D=${day(-730)}&currency=JPY`],
  ['records 1 year, 1000-500000, CNY, group admin', 'admin', `/api/records?date%5Bafter%5D=${day(-365)}&date%5Bbefore%5D=${day(0)}&amount%5Bgte%5D=1000&amount%5Blte%5D=500000&currency=CNY`],
  ['records every filter, group admin', 'admin', `/api/records?date%5Bafter%5D=${day(-365)}&date%5Bbefore%5D=${day(0)}&amount%5Bgte%5D=1000&amount%5Blte%5D=500000&counterparty=tokyo&module.code=payment&currency=CNY`],
  ['approvals/my', 'approver', '/api/approvals/my'],
  ['approvals/my isDone', 'approver', '/api/approvals/my?isDone=1'],
  ['my-buffers', 'employee', '/api/my-buffers'],
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function measure(kind: string, handle: DatabaseHandle, dataDir: string, seed: boolean): Promise<void> {
  const t0 = Date.now();
  if (seed) {
    await migrateToLatest(handle.db);
    await seedDemoData(handle.db);
    await seedDocuments(handle.db, { count: COUNT, storage: new FileStorage(dataDir, handle.db), log: () => {} });
  }
  const count = async (table: 'buffers' | 'records') => (await handle.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n;
  console.log(`\n${kind}: ${await count('buffers')} documents (${await count('records')} electronic records)${seed ? ` seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s` : ''}`);
  const config = benchConfig(dataDir);
  const app = await buildApp({ config, db: handle.db });
  await app.ready();
  const tokens = new Map<string, string>();
  const calls = CALLS.filter(([label]) => label.includes(ONLY));
  for (const who of new Set(calls.map(([, user]) => user))) tokens.set(who, await benchToken(handle.db, `${who}@example.com`, config));
  console.log(`${'call'.padEnd(44)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}  rows/total`);
  for (const [label, user, url] of calls) {
    const times: number[] = [];
    let summary = '';
    for (let i = 0; i < RUNS + 3; i += 1) {
      const start = performance.now();
      const reply = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens.get(user)}`, 'accept-language': 'en' } });
      const ms = performance.now() - start;
      if (reply.statusCode !== 200) throw new Error(`${label}: ${reply.statusCode} ${reply.body}`);
      if (i >= 3) times.push(ms);
      const body = reply.json() as { 'hydra:member': unknown[]; 'hydra:totalItems': number };
      summary = `${body['hydra:member'].length}/${body['hydra:totalItems']}`;
    }
    times.sort((a, b) => a - b);
    console.log(`${label.padEnd(44)} ${percentile(times, 50).toFixed(1).padStart(8)} ${percentile(times, 95).toFixed(1).padStart(8)}  ${summary}`);
  }
  await app.close();
}

// PostgreSQL (DATABASE_URL): a fresh database named after the one DATABASE_URL names
// (`ringi_stats_bench` → `ringi_stats_bench_stats_<pid>`), or the kept one BENCH_STATS_REUSE names.
await onBenchDatabases({ name: 'stats', embedded: EMBEDDED, reuse: REUSE, keep: KEEP, reuseVariable: 'BENCH_STATS_REUSE' }, measure);
