import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { kyselyForPostgres, type DatabaseHandle } from '../../server/db/connect';
import type { JournalExportParams } from '../../server/journals/journal-export';
import { buildTestApp, type TestApp } from './helpers';
import { insertStatDoc } from './statistics-fixtures';
import { demoUsers, type Users } from './workflow-fixtures';
import { readYayoi } from './journals/journal-file-reader';

/**
 * A journal export job runs exactly once across instances (issue 35 item 4): two instances on the
 * same database (on PostgreSQL with TEST_DATABASE_URL, a pool each) drain at once; the job is
 * claimed once, its file written once and its documents marked once, by that claim.
 */
let t: TestApp;
let users: Users;
let rh: number;
const extra: Array<{ app: FastifyInstance; handle?: DatabaseHandle; dir: string }> = [];

async function instance(): Promise<FastifyInstance> {
  const dir = mkdtempSync(join(tmpdir(), 'ringi-test-journal-'));
  const handle = t.url ? kyselyForPostgres(t.url) : undefined;
  const app = await buildApp({ config: { ...t.config, dataDir: dir, exportIntervalMs: 0 }, db: handle?.db ?? t.db });
  extra.push({ app, handle, dir });
  await app.ready();
  return app;
}

beforeAll(async () => {
  t = await buildTestApp();
  users = await demoUsers(t.db);
  rh = (await t.db.selectFrom('companies').select('id').where('code', '=', 'RH').executeTakeFirstOrThrow()).id;
  await t.db.insertInto('journal_mappings').values({ company_id: rh, mapping: JSON.stringify({ list: 'yayoi', modules: { payment: { debit: { account: '仕入高' }, credit: { account: '未払金' } } } }) }).execute();
  for (let n = 1; n <= 5; n++) {
    await insertStatDoc(t.db, { module: 'payment', requester: users.employee.id, company: rh, status: 2, code: `PAY-I-${n}`, data: { payment_date: `2026-11-0${n}`, total: 1000 * n, transaction_items: [{ total: 1000 * n }] } });
  }
});

afterAll(async () => {
  for (const { app, handle, dir } of extra) {
    await app.close();
    await handle?.close();
    rmSync(dir, { recursive: true, force: true });
  }
  await t?.close();
});

describe('journal export jobs across instances', () => {
  it('two instances draining at once: claimed once, one file, every document marked once by that job', async () => {
    const [a, b] = [await instance(), await instance()];
    const params: JournalExportParams = { kind: 'journal', lang: 'en', format: 'yayoi', companyId: rh, from: '2026-11-01', to: '2026-11-30', includeExported: false };
    const { id } = await t.db.insertInto('export_jobs').values({ user_id: users.finance.id, params: JSON.stringify(params) }).returning('id').executeTakeFirstOrThrow();
    await Promise.all([a.exportJobs.drain(), b.exportJobs.drain()]);
    const job = await t.db.selectFrom('export_jobs').select(['status', 'attempts', 'row_count', 'file_bytes', 'mail_id']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'done', attempts: 1, row_count: 5, mail_id: null });
    expect(readYayoi(Buffer.from(job.file_bytes!)).map((j) => j.debit)).toEqual([1000, 2000, 3000, 4000, 5000]);
    const marks = await t.db.selectFrom('journal_exported').select(['buffer_id', 'job_id']).execute();
    expect(marks).toHaveLength(5);
    expect(new Set(marks.map((m) => m.job_id))).toEqual(new Set([id]));
  });
});
