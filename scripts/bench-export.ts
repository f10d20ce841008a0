/**
 * `npm run bench:export`: the export job (`GET /buffer/export`) at BENCH_EXPORT_ROWS rows
 * (default 10,000 — the most one export holds). Seeds generated documents of the first module
 * whose definition offers an export (scripts/lib/seed-documents.ts, deterministic) into a fresh
 * embedded database until one company has that many completed documents, picks the period that
 * holds them, then runs the job in-process — once as XLSX, once as PDF with the embedded CJK
 * font — each in a fresh Node process so its memory is the job's own, and prints the time, the
 * report's size, the wall and CPU time (the CPU time is this process's: on a busy machine the wall
 * time grows, the CPU time does not), the peak RSS over the process's RSS before the job and the
 * heap growth.
 * Targets (issue #11): ≤ 30 s and < 300 MB. Figures only; nothing passes or fails on time.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../server/app';
import type { Config } from '../server/config';
import { createPGlite, kyselyForPGlite } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { seedDemoData } from '../server/demo/seed';
import { readDefinitionSet } from '../server/definitions/definition-store';
import { FileStorage } from '../server/files/file-storage';
import type { ExportParams } from '../server/statistics/export-report';
import { MAX_EXPORT_ROWS } from '../server/statistics/export-report';
import { seedDocuments } from './lib/seed-documents';

const ROWS = Math.min(Number(process.env.BENCH_EXPORT_ROWS ?? MAX_EXPORT_ROWS), MAX_EXPORT_ROWS);
const ROUND = Number(process.env.BENCH_EXPORT_SEED_ROUND ?? 5000);
const MB = 1024 * 1024;

interface Measured { fileType: string; rows: number; bytes: number; ms: number; cpuMs: number; rssBefore: number; rssPeak: number; heapBefore: number; heapPeak: number; heapAfter: number; status: string; error: string | null }

const configFor = (dataDir: string): Config => ({
  port: 0, host: '127.0.0.1', dataDir, jwtSecret: 'bench-secret-0123456789abcdef', mailFrom: 'Ringi <bench@ringi.test>', logLevel: 'silent',
  appUrl: 'http://ringi.test', staticDir: join(dataDir, 'no-dist'), loginRateLimit: 1000, mailIntervalMs: 0, exportIntervalMs: 0, trustProxy: false,
  databasePoolSize: 10, databasePrepare: true, passwordHashConcurrency: 2, passwordHashQueue: 32, redisKeyPrefix: 'bench:',
});

/** Child: opens the seeded data folder, runs one export job in this process and prints what it cost (JSON). */
async function measure(dataDir: string, params: ExportParams): Promise<void> {
  const handle = kyselyForPGlite(await createPGlite({ dataDir: join(dataDir, 'pgdata') }));
  const app = await buildApp({ config: configFor(dataDir), db: handle.db });
  await app.ready();
  const finance = await handle.db.selectFrom('users').select('id').where('email', '=', 'finance@example.com').executeTakeFirstOrThrow();
  const { id } = await handle.db.insertInto('export_jobs').values({ user_id: finance.id, params: JSON.stringify(params) }).returning('id').executeTakeFirstOrThrow();
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage();
  let heapPeak = before.heapUsed;
  const sampler = setInterval(() => { heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed); }, 10);
  const start = performance.now();
  const cpu = process.cpuUsage();
  await app.exportJobs.drain();
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  clearInterval(sampler);
  const after = process.memoryUsage();
  heapPeak = Math.max(heapPeak, after.heapUsed);
  const job = await handle.db.selectFrom('export_jobs').select(['status', 'row_count', 'error', 'mail_id']).where('id', '=', id).executeTakeFirstOrThrow();
  const size = await sql<{ bytes: number }>`select coalesce(sum(octet_length(f.bytes)), 0)::int as bytes from mail_outbox m
    cross join jsonb_array_elements(m.attachments) a join file_contents f on f.storage_key = a->>'storageKey' where m.id = ${job.mail_id}`.execute(handle.db);
  const result: Measured = {
    fileType: params.fileType, rows: job.row_count ?? 0, bytes: size.rows[0]?.bytes ?? 0, ms, cpuMs: (used.user + used.system) / 1000, status: job.status, error: job.error,
    // maxRSS: the process's high-water mark, so a peak inside a synchronous stretch is not missed.
    rssBefore: before.rss, rssPeak: process.resourceUsage().maxRSS * 1024, heapBefore: before.heapUsed, heapPeak, heapAfter: after.heapUsed,
  };
  await app.close();
  await handle.close();
  console.log(`RESULT ${JSON.stringify(result)}`);
}

/** Parent: seeds, chooses company and period, runs one child per file type and prints the table. */
async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ringi-bench-export-'));
  try {
    const definitions = await readDefinitionSet(undefined, { check: false });
    const module = Object.values(definitions.modules).find((m) => m.kind === 'module' && m.meta.statistics?.export);
    if (!module) throw new Error('no module definition offers an export (ui:module.statistics.export)');
    const handle = kyselyForPGlite(await createPGlite({ dataDir: join(dataDir, 'pgdata') }));
    const t0 = Date.now();
    await migrateToLatest(handle.db);
    await seedDemoData(handle.db);
    const storage = new FileStorage(dataDir, handle.db);
    // The company with the most completed documents of the module (requesters of every company file it).
    const top = () => sql<{ company_id: number; n: number }>`select company_id, count(*)::int as n from buffers
      where module_code = ${module.code} and status = 2 group by company_id order by n desc limit 1`.execute(handle.db).then((r) => r.rows[0]);
    let documents = 0;
    for (let round = 1; ((await top())?.n ?? 0) <= ROWS && round <= 40; round++) {
      const seeded = await seedDocuments(handle.db, { count: ROUND, seed: round, modules: { [module.code]: module }, storage });
      documents += seeded.documents;
    }
    const company = await top();
    // The period ending today that holds at most ROWS of them: it starts the day after the (ROWS+1)th newest.
    const cut = await sql<{ day: string | null }>`select to_char((completed_at at time zone 'UTC')::date + 1, 'YYYY-MM-DD') as day from buffers
      where module_code = ${module.code} and status = 2 and company_id = ${company.company_id}
      order by completed_at desc limit 1 offset ${ROWS}`.execute(handle.db);
    const from = cut.rows[0]?.day ?? '2000-01-01';
    const to = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await handle.close();
    console.log(`embedded (PGlite): ${documents} ${module.code} documents seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s; `
      + `company ${company.company_id} has ${company.n} completed; export period ${from}~${to}`);
    console.log(`${'file'.padEnd(6)} ${'rows'.padStart(6)} ${'size KB'.padStart(8)} ${'time s'.padStart(7)} ${'CPU s'.padStart(6)} ${'RSS before MB'.padStart(14)} ${'peak RSS MB'.padStart(12)} ${'RSS +MB'.padStart(8)} ${'heap +MB (peak)'.padStart(16)}`);
    for (const fileType of ['xlsx', 'pdf'] as const) {
      const params: ExportParams = { moduleCode: module.code, companyId: company.company_id, from, to, dateType: 'completion', fileType, lang: 'ja' };
      const child = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', resolve(import.meta.dirname, 'bench-export.ts'), '--measure', dataDir, JSON.stringify(params)],
        { encoding: 'utf8', maxBuffer: 16 * MB });
      const line = child.stdout.split('\n').find((l) => l.startsWith('RESULT '));
      if (!line) throw new Error(`the ${fileType} run printed no result (exit ${child.status}): ${child.stderr.slice(-2000)}`);
      const r = JSON.parse(line.slice(7)) as Measured;
      if (r.status !== 'done') throw new Error(`the ${fileType} export ended ${r.status}: ${r.error}`);
      console.log(`${r.fileType.padEnd(6)} ${String(r.rows).padStart(6)} ${(r.bytes / 1024).toFixed(0).padStart(8)} ${(r.ms / 1000).toFixed(1).padStart(7)} ${(r.cpuMs / 1000).toFixed(1).padStart(6)} `
        + `${(r.rssBefore / MB).toFixed(0).padStart(14)} ${(r.rssPeak / MB).toFixed(0).padStart(12)} ${((r.rssPeak - r.rssBefore) / MB).toFixed(0).padStart(8)} `
        + `${`${((r.heapAfter - r.heapBefore) / MB).toFixed(0)} (${((r.heapPeak - r.heapBefore) / MB).toFixed(0)})`.padStart(16)}`);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--measure') await measure(process.argv[3], JSON.parse(process.argv[4]) as ExportParams);
else await main();
