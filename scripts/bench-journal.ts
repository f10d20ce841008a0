/**
 * `npm run bench:journal`: a journal export job (`POST /journal_exports`, 弥生 format by default) of
 * BENCH_JOURNAL_DOCS decided documents (default 10,000) of one company. Builds a fresh embedded
 * database (migrated, seeded), inserts that many completed documents of the first module whose
 * definition books journals with item lines (`statistics.journal.lines`; three items each, one of
 * them without a qualified invoice), stores a mapping, then runs the job in-process and prints the
 * wall and CPU time, the file's size and its line count. Target (issue 35): ≤ 10 s for 10,000
 * documents. Figures only; nothing passes or fails on time. BENCH_JOURNAL_FORMAT picks the format.
 * Each figure is printed with the 1-, 5- and 15-minute load average beside it: a figure taken on a
 * busy machine says so.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app';
import type { Config } from '../server/config';
import { createPGlite, kyselyForPGlite } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { seedDemoData } from '../server/demo/seed';
import type { JournalExportParams } from '../server/journals/journal-export';
import { JOURNAL_FORMATS, type JournalFormat } from '../server/journals/presets';

/** The 10,000 documents unless BENCH_JOURNAL_DOCS says otherwise (a positive whole number). */
const DOCS = process.env.BENCH_JOURNAL_DOCS ? Number(process.env.BENCH_JOURNAL_DOCS) : 10_000;
if (!Number.isInteger(DOCS) || DOCS < 1) throw new Error('BENCH_JOURNAL_DOCS must be a positive whole number (default 10000)');
/** The machine's load average, printed beside each figure. */
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const FORMAT = (process.env.BENCH_JOURNAL_FORMAT ?? 'yayoi') as JournalFormat;
if (!JOURNAL_FORMATS.includes(FORMAT)) throw new Error(`BENCH_JOURNAL_FORMAT must be one of ${JOURNAL_FORMATS.join(', ')}`);

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ringi-bench-journal-'));
  const handle = kyselyForPGlite(await createPGlite());
  try {
    await migrateToLatest(handle.db);
    await seedDemoData(handle.db);
    const config: Config = {
      port: 0, host: '127.0.0.1', dataDir, jwtSecret: 'bench-secret-0123456789abcdef', mailFrom: 'Ringi <bench@ringi.test>', logLevel: 'silent',
      appUrl: 'http://ringi.test', staticDir: join(dataDir, 'no-dist'), loginRateLimit: 1000, mailIntervalMs: 0, exportIntervalMs: 0, trustProxy: false,
      databasePoolSize: 10, databasePrepare: true, passwordHashConcurrency: 2, passwordHashQueue: 32, redisKeyPrefix: 'bench:',
    };
    const app = await buildApp({ config, db: handle.db });
    await app.ready();
    const module = Object.values(app.definitions.modules).find((m) => m.meta.statistics?.journal?.lines && m.meta.statistics.journal.side === 'expense');
    if (!module) throw new Error('no module books journals with item lines');
    const facts = module.meta.statistics!.journal!;
    const lines = facts.lines!;
    const company = await handle.db.selectFrom('companies').select('id').where('code', '=', 'RH').executeTakeFirstOrThrow();
    const finance = await handle.db.selectFrom('users').select('id').where('email', '=', 'finance@example.com').executeTakeFirstOrThrow();
    await handle.db.insertInto('journal_mappings').values({
      company_id: company.id, mapping: JSON.stringify({ list: 'yayoi', modules: { [module.code]: { debit: { account: '仕入高' }, credit: { account: '未払金' } } } }),
    }).execute();
    const set = (target: Record<string, unknown>, path: string, value: unknown) => { target[path.split('.')[0]] = value; };
    const t0 = performance.now();
    for (let start = 0; start < DOCS; start += 500) {
      const rows = Array.from({ length: Math.min(500, DOCS - start) }, (_, k) => {
        const n = start + k;
        const day = `2026-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`;
        const items = [0, 1, 2].map((i) => {
          const item: Record<string, unknown> = {};
          set(item, lines.amount, 1000 + i * 110 + (n % 97));
          if (lines.counterparty?.[0]) set(item, lines.counterparty[0], `取引先${n % 50}`);
          if (lines.registrationNo?.[0] && i !== 2) set(item, lines.registrationNo[0], 'T1180301018771');
          return item;
        });
        const data: Record<string, unknown> = { [lines.items]: items };
        set(data, facts.amount, items.reduce((s, it) => s + Number(Object.values(it)[0]), 0));
        set(data, facts.date[0], day);
        return { code: `BENCH-${n}`, module_code: module.code, requester_id: finance.id, company_id: company.id, data: JSON.stringify(data), definition_version: 'bench', user_finances: '[]', status: 2 };
      });
      await handle.db.insertInto('buffers').values(rows).execute();
    }
    console.log(`seeded ${DOCS} ${module.code} documents in ${((performance.now() - t0) / 1000).toFixed(1)} s (load average ${load()})`);
    const params: JournalExportParams = { kind: 'journal', lang: 'ja', format: FORMAT, companyId: company.id, from: '2026-01-01', to: '2026-12-31', includeExported: false };
    const { id } = await handle.db.insertInto('export_jobs').values({ user_id: finance.id, params: JSON.stringify(params) }).returning('id').executeTakeFirstOrThrow();
    const start = performance.now();
    const cpu = process.cpuUsage();
    await app.exportJobs.drain();
    const ms = performance.now() - start;
    const used = process.cpuUsage(cpu);
    const job = await handle.db.selectFrom('export_jobs').select(['status', 'row_count', 'error', 'file_bytes']).where('id', '=', id).executeTakeFirstOrThrow();
    const bytes = job.file_bytes ? Buffer.from(job.file_bytes) : Buffer.alloc(0);
    const fileLines = bytes.toString('latin1').split('\r\n').filter(Boolean).length;
    console.log(JSON.stringify({ format: FORMAT, documents: DOCS, status: job.status, error: job.error, journals: job.row_count, lines: fileLines, bytes: bytes.length, wallMs: Math.round(ms), cpuMs: Math.round((used.user + used.system) / 1000), targetMs: 10_000, loadAverage: load() }));
    await app.close();
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => { console.error(error); process.exitCode = 1; });
