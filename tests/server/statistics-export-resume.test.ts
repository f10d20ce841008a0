import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enServer from '../../locales/en/server.json';
import { buildApp } from '../../server/app';
import { kyselyForPostgres, type DatabaseHandle } from '../../server/db/connect';
import type { MailAttachment } from '../../server/db/database';
import { claimExportJob, exportJobsSettled, MAX_EXPORT_ATTEMPTS, runExportJob } from '../../server/statistics/export-jobs';
import type { ExportParams } from '../../server/statistics/export-report';
import { buildTestApp, type TestApp } from './helpers';
import { factModules, insertStatDoc, setAtPath } from './statistics-fixtures';
import { demoUsers, type Users } from './workflow-fixtures';

/**
 * Export jobs live in the database and survive a server stop (issue #11): a job a stopped
 * instance left queued or running (its lease ran out) is resumed by whichever instance looks
 * next, and is mailed at most once — on PGlite and, with TEST_DATABASE_URL, on PostgreSQL with a
 * pool per instance.
 */
let t: TestApp;
let users: Users;
let rh: number;
let moduleCode: string;
/** Apps built in a test (a "fresh instance"), closed at the end. */
const extra: Array<{ app: FastifyInstance; handle?: DatabaseHandle; dir: string }> = [];

/** A new app instance on the same database, with its own pool and data folder; resumes jobs when ready. */
async function instance(): Promise<FastifyInstance> {
  const dir = mkdtempSync(join(tmpdir(), 'ringi-test-export-'));
  const handle = t.url ? kyselyForPostgres(t.url) : undefined;
  const app = await buildApp({ config: { ...t.config, dataDir: dir }, db: handle?.db ?? t.db });
  extra.push({ app, handle, dir });
  await app.ready();
  return app;
}

let periodSeq = 0;
/** Job params of a one-month period of its own (so each job's attachment name is unique). */
function params(): ExportParams {
  periodSeq++;
  const month = String(periodSeq).padStart(2, '0');
  return { moduleCode, companyId: rh, from: `2027-${month}-01`, to: `2027-${month}-28`, dateType: 'completion', fileType: 'xlsx', lang: 'en' };
}

async function insertJob(p: ExportParams, state: { status?: 'queued' | 'running'; attempts?: number; claimedUntil?: Date | null } = {}) {
  const row = await t.db.insertInto('export_jobs').values({
    user_id: users.finance.id, params: JSON.stringify(p), status: state.status ?? 'queued', attempts: state.attempts ?? 0,
    claimed_until: state.claimedUntil ?? null, progress: state.status === 'running' ? 50 : 0,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

const job = (id: number) => t.db.selectFrom('export_jobs').select(['status', 'attempts', 'mail_id', 'row_count', 'error', 'claimed_until']).where('id', '=', id).executeTakeFirstOrThrow();
/** Outbox mails carrying the job's report. */
const mailsOf = async (p: ExportParams) => (await t.db.selectFrom('mail_outbox').select(['id', 'to_address', 'attachments']).execute())
  .filter((m) => (m.attachments as MailAttachment[] | null)?.some((a) => a.filename === `${p.moduleCode}-${p.from}-${p.to}.xlsx`));
const past = () => new Date(Date.now() - 1000);

beforeAll(async () => {
  t = await buildTestApp();
  users = await demoUsers(t.db);
  rh = (await t.db.selectFrom('companies').select('id').where('code', '=', 'RH').executeTakeFirstOrThrow()).id;
  const subject = (await factModules()).withExport.find((m) => m.facts.amount)!;
  moduleCode = subject.code;
  for (let month = 1; month <= 9; month++) {
    const data = setAtPath({ currency_id: 1 }, subject.facts.amount!, 100 * month);
    await insertStatDoc(t.db, { module: moduleCode, requester: users.employee.id, company: rh, status: 2, code: `RES-${month}`, data, completedAt: `2027-0${month}-10T03:00:00Z` });
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

describe('export jobs across a server stop', () => {
  it('resumes a job a stopped instance left running once its lease ran out, and mails its report once', async () => {
    const lost = params();
    const held = params();
    const lostId = await insertJob(lost, { status: 'running', attempts: 1, claimedUntil: past() });
    // Still under the lease of a live instance: not taken.
    const heldId = await insertJob(held, { status: 'running', attempts: 1, claimedUntil: new Date(Date.now() + 60_000) });
    const fresh = await instance();
    await exportJobsSettled();
    expect(await job(lostId)).toMatchObject({ status: 'done', attempts: 2, row_count: 1, error: null, claimed_until: null });
    expect(await job(heldId)).toMatchObject({ status: 'running', attempts: 1 });
    // Looking again, from either instance, sends nothing more.
    t.app.exportJobs.kick();
    fresh.exportJobs.kick();
    await exportJobsSettled();
    const mails = await mailsOf(lost);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ id: (await job(lostId)).mail_id, to_address: users.finance.email });
    // Whichever instance ran the job kicked its own mailer: the mail is a file in that one's outbox.
    await Promise.all([t.app.mailer.dispatch(), fresh.mailer.dispatch()]);
    const sent = [t.config.dataDir, extra.at(-1)!.dir].map((root) => join(root, 'outbox')).filter((dir) => existsSync(dir))
      .flatMap((dir) => readdirSync(dir).filter((name) => readFileSync(join(dir, name), 'utf8').includes(`${lost.from}-${lost.to}.xlsx`)));
    expect(sent).toHaveLength(1);
    await t.db.updateTable('export_jobs').set({ status: 'done' }).where('id', '=', heldId).execute();
  });

  it('delivers nothing from a stalled instance that wakes after another instance took its job over', async () => {
    const p = params();
    const id = await insertJob(p);
    const stale = await claimExportJob(t.db);
    expect(stale).toMatchObject({ id, attempts: 1, email: users.finance.email });
    // The stalled instance renewed nothing: its lease runs out, and another instance takes the job.
    await t.db.updateTable('export_jobs').set({ claimed_until: past() }).where('id', '=', id).execute();
    await t.app.exportJobs.drain();
    const done = await job(id);
    expect(done).toMatchObject({ status: 'done', attempts: 2 });
    await runExportJob(t.app, stale!);
    expect(await job(id)).toMatchObject({ status: 'done', attempts: 2, mail_id: done.mail_id });
    expect(await mailsOf(p)).toHaveLength(1);
  });

  it('never runs a job on two instances: each of six queued jobs runs once and is mailed once', async () => {
    const all = Array.from({ length: 6 }, params);
    const ids: number[] = [];
    for (const p of all) ids.push(await insertJob(p));
    const other = await instance();
    await Promise.all([t.app.exportJobs.drain(), other.exportJobs.drain(), t.app.exportJobs.drain(), other.exportJobs.drain()]);
    await exportJobsSettled();
    const rows = await t.db.selectFrom('export_jobs').select(['id', 'status', 'attempts', 'mail_id']).where('id', 'in', ids).orderBy('id').execute();
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(ids.map(() => ['done', 1]));
    expect(new Set(rows.map((r) => r.mail_id)).size).toBe(6);
    for (const p of all) expect(await mailsOf(p)).toHaveLength(1);
  });

  it('fails a job whose instances stopped too often and mails the requester why', async () => {
    const p = params();
    const id = await insertJob(p, { status: 'running', attempts: MAX_EXPORT_ATTEMPTS, claimedUntil: past() });
    const before = await t.db.selectFrom('mail_outbox').select('id').orderBy('id', 'desc').executeTakeFirst();
    await t.app.exportJobs.drain();
    expect(await job(id)).toMatchObject({ status: 'failed', error: enServer.export.failed, mail_id: null });
    const notices = await t.db.selectFrom('mail_outbox').select(['to_address', 'subject', 'text', 'attachments'])
      .where('id', '>', before?.id ?? 0).where(sql<boolean>`subject like ${`%${p.from}%`}`).execute();
    expect(notices).toEqual([{
      to_address: users.finance.email, attachments: null,
      subject: enServer.export.failedMailSubject.replace('{{period}}', `${p.from} – ${p.to}`),
      text: enServer.export.failedMailText.replace('{{period}}', `${p.from} – ${p.to}`).replace('{{reason}}', enServer.export.failed),
    }]);
  });
});
