import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { findModule, type Lang, type Translate } from '../../src/engine';
import type { Database } from '../db/database';
import { AppError } from '../lib/errors';
import { serverTranslate } from '../lib/i18n';
import { WorkBusyError } from '../lib/work-limiter';
import { enqueueMail } from '../mail/outbox';
import { exportFonts, MissingFontError, reportPdf, REPORT_COLUMNS, reportXlsx, type ReportText } from './export-files';
import { exportRows, MAX_EXPORT_ROWS, type ExportParams } from './export-report';
import { statisticFacts } from './facts';
import { coalescedRounds } from '../lib/coalesced-rounds';
import { isRecordsExport, recordsDelivery, RecordsExportRefusal, type RecordsDelivery, type RecordsExportParams } from '../records/records-export';
import { isJournalExport, journalDelivery, JournalExportRefusal, type JournalDelivery, type JournalExportParams } from '../journals/journal-export';

/** How long an instance holds a claimed job; renewed every third of it while the job runs. */
export const EXPORT_LEASE_SECONDS = 60;
/** A job claimed this many times without finishing (its instance stopped each time) is failed. */
export const MAX_EXPORT_ATTEMPTS = 3;
/** Jobs queued or running across all instances; one more request is refused (503 + Retry-After). */
export const MAX_OPEN_EXPORTS = 32;
/** What a refused export request (either limit) is told to wait, in seconds. */
export const EXPORT_RETRY_AFTER_SECONDS = 30;

/** What a job's params may be: a module report, electronic records, or journals (server/journals). */
export type JobParams = ExportParams | RecordsExportParams | JournalExportParams;

/** A job as one claim holds it: `attempts` is the fencing token of that claim. */
export interface ClaimedExportJob {
  id: number;
  attempts: number;
  params: JobParams;
  email: string;
}

/** Runs the export jobs stored in the database (issue #11: a job survives a server stop). */
export interface ExportRunner {
  /** Starts a round in the background: claims and runs jobs until none is left (errors are logged). */
  kick(): void;
  /** Runs a round now (or joins the one under way); resolves when no claimable job is left. */
  drain(): Promise<void>;
  /** Stops the interval and waits for the job under way. */
  close(): Promise<void>;
}

const runners = new Set<ExportRunner>();

/** Resolves when every runner of this process has no job under way (tests, app close). */
export async function exportJobsSettled(): Promise<void> {
  await Promise.all([...runners].map((runner) => runner.drain()));
}

/** Exports one user may have queued or running at once (issue #19: 40 at once were all mailed). */
export const MAX_OPEN_EXPORTS_PER_USER = 3;

/** Key of the transaction lock every instance takes to count open export jobs and queue one. */
const EXPORT_QUEUE_LOCK = 'ringi:export_jobs:queue';

/**
 * Queues an export job for `userId` (`insert` writes the row) within both limits: when the user
 * already has `MAX_OPEN_EXPORTS_PER_USER` queued or running (of any kind), RATE_LIMITED (429 +
 * Retry-After, saying in the user's language `t` that one is already being prepared); when
 * `MAX_OPEN_EXPORTS` are open across the instances, WorkBusyError (503 + Retry-After). Both
 * counts and the insert run in one transaction under one advisory lock every instance takes, so
 * parallel requests — of one user or of many, on any instance — cannot all pass a count before
 * any of them inserts (issue #30: 34 of 32 were accepted that way). Shared by `/buffer/export`
 * and `/records/export`.
 */
export async function queueExport<T>(db: Kysely<Database>, userId: number, t: Translate,
  insert: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${EXPORT_QUEUE_LOCK}))`.execute(trx);
    const { all, mine } = await trx.selectFrom('export_jobs')
      .select((eb) => [eb.fn.countAll<string>().as('all'), eb.fn.count<string>('id').filterWhere('user_id', '=', userId).as('mine')])
      .where('status', 'in', ['queued', 'running']).executeTakeFirstOrThrow();
    if (Number(mine) >= MAX_OPEN_EXPORTS_PER_USER) {
      throw new AppError('RATE_LIMITED', t('server.export.alreadyPreparing', { max: MAX_OPEN_EXPORTS_PER_USER }), { retryAfter: EXPORT_RETRY_AFTER_SECONDS });
    }
    if (Number(all) >= MAX_OPEN_EXPORTS) throw new WorkBusyError('exports', EXPORT_RETRY_AFTER_SECONDS);
    return insert(trx);
  });
}

/**
 * Claims the oldest job nobody holds — queued, or running under a lease that ran out because its
 * instance stopped — for this instance, in one statement: a row another instance is claiming is
 * skipped (`for update skip locked`), so two instances never take the same job at once.
 */
export async function claimExportJob(db: Kysely<Database>): Promise<ClaimedExportJob | undefined> {
  const result = await sql<{ id: number; attempts: number; params: JobParams; user_id: number }>`update export_jobs
      set status = 'running', progress = 0, attempts = attempts + 1, claimed_until = now() + make_interval(secs => ${EXPORT_LEASE_SECONDS})
    where id = (select id from export_jobs where status in ('queued', 'running') and (claimed_until is null or claimed_until < now())
      order by id limit 1 for update skip locked)
    returning id, attempts, params, user_id`.execute(db);
  const row = result.rows[0];
  if (!row) return undefined;
  const user = await db.selectFrom('users').select('email').where('id', '=', row.user_id).executeTakeFirst();
  const params = typeof row.params === 'string' ? JSON.parse(row.params) as JobParams : row.params;
  return { id: row.id, attempts: row.attempts, params, email: user?.email ?? '' };
}

/** The report's texts in the requester's language. */
function reportText(t: Translate, moduleTitle: string, company: string, p: ExportParams): ReportText {
  const headers = Object.fromEntries(REPORT_COLUMNS
    .map((key) => [key, t(`server.export.columns.${key}`)])) as ReportText['headers'];
  return {
    title: t('server.export.title', { module: moduleTitle }),
    subtitle: t('server.export.subtitle', { company, from: p.from.replaceAll('-', '/'), to: p.to.replaceAll('-', '/'), dateType: t(`server.export.dateTypes.${p.dateType}`) }),
    headers,
    status: (status) => t(`server.stampStatistics.status.${status}`),
  };
}

/** A report that cannot be made as asked (the message is for the user). */
class ReportError extends Error {}
/** This claim lost the job (its lease ran out and another instance took it): it must not deliver. */
class SupersededError extends Error {}

/** The report file of a module export job and its texts. */
async function makeReport(app: FastifyInstance, p: ExportParams, t: Translate, progress: (value: number) => Promise<void>) {
  // The set in force when the job runs (a job may run long after the request that asked for it).
  const definitions = app.definitions;
  const facts = statisticFacts(definitions).get(p.moduleCode);
  if (!facts?.export) throw new ReportError(t('server.statistics.unknownModule', { code: p.moduleCode }));
  const module = findModule(definitions, p.moduleCode);
  const moduleTitle = module ? definitions.translate(p.lang)(module.meta.title) : p.moduleCode;
  const rows = await exportRows(app.db, facts, p);
  if (rows.length > MAX_EXPORT_ROWS) throw new ReportError(t('server.export.tooMany', { max: MAX_EXPORT_ROWS }));
  await progress(50);
  const company = await app.db.selectFrom('companies').select(['name', 'name_ja', 'name_zh']).where('id', '=', p.companyId).executeTakeFirst();
  const companyName = (p.lang === 'ja' ? company?.name_ja : p.lang === 'zh' ? company?.name_zh : null) || company?.name || '';
  const text = reportText(t, moduleTitle, companyName, p);
  const content = p.fileType === 'pdf' ? await reportPdf(rows, text, exportFonts(p.lang, app.config.exportFont)) : await reportXlsx(rows, text);
  await progress(90);
  return { text, content, rowCount: rows.length };
}

/**
 * Runs one claimed job: rows → file → in one transaction the job done and its mail (the file
 * attached) queued — only while this claim still holds the job (`attempts` unchanged), so a job
 * is mailed at most once. A failure marks the job failed with the message the screen shows and
 * mails the requester that message, under the same fence. The lease is renewed while it runs.
 */
export async function runExportJob(app: FastifyInstance, job: ClaimedExportJob): Promise<void> {
  const t = serverTranslate(job.params.lang as Lang);
  const ours = <Q extends { where: (...args: any[]) => Q }>(query: Q): Q =>
    query.where('id', '=', job.id).where('attempts', '=', job.attempts).where('status', '=', 'running');
  const progress = async (value: number) => {
    await ours(app.db.updateTable('export_jobs').set({ progress: value })).execute();
  };
  const renew = setInterval(() => {
    void ours(app.db.updateTable('export_jobs').set({ claimed_until: sql`now() + make_interval(secs => ${EXPORT_LEASE_SECONDS})` })).execute()
      .catch((err: unknown) => app.log.warn({ err, jobId: job.id }, 'export lease not renewed'));
  }, (EXPORT_LEASE_SECONDS * 1000) / 3);
  renew.unref();
  try {
    if (job.attempts > MAX_EXPORT_ATTEMPTS) throw new ReportError(t('server.export.failed'));
    await progress(10);
    const delivered = await delivery(app, job.params, t, progress);
    const { rowCount, filename, contentType, content, subject, text } = delivered;
    const download = 'download' in delivered ? delivered : null;
    await app.db.transaction().execute(async (trx) => {
      // The row lock taken here makes a second finisher wait, then find the fence moved.
      const held = await ours(trx.updateTable('export_jobs').set({ status: 'done', progress: 100, row_count: rowCount, finished_at: new Date(), claimed_until: null }))
        .returning('id').executeTakeFirst();
      if (!held) throw new SupersededError();
      if (download) {
        // A downloaded result (journal exports) is kept with the job; what it marks is marked under the same fence.
        await trx.updateTable('export_jobs').set({ file_bytes: content, file_name: filename, file_type: contentType }).where('id', '=', job.id).execute();
        await download.commit(trx, job.id);
        return;
      }
      const mailId = await enqueueMail(trx, { to: job.email, subject, text, attachments: [{ filename, contentType, content }] });
      await trx.updateTable('export_jobs').set({ mail_id: mailId }).where('id', '=', job.id).execute();
    });
    if (!download) app.mailer.kick();
  } catch (error: unknown) {
    if (error instanceof SupersededError) {
      app.log.warn({ jobId: job.id, attempt: job.attempts }, 'export job taken over by another instance: not delivered here');
      return;
    }
    await failJob(app, job, t, error);
  } finally {
    clearInterval(renew);
  }
}

/** What a job delivers: the module report (PDF/XLSX) or the electronic records (CSV/zip, server/records) by mail; journals (server/journals) for download. */
async function delivery(app: FastifyInstance, p: JobParams, t: Translate, progress: (value: number) => Promise<void>): Promise<RecordsDelivery | JournalDelivery> {
  if (isRecordsExport(p)) return recordsDelivery(app, p, t, progress);
  if (isJournalExport(p)) return journalDelivery(app, p, t, progress);
  const { text, content, rowCount } = await makeReport(app, p, t, progress);
  return {
    rowCount, content,
    filename: `${p.moduleCode}-${p.from}-${p.to}.${p.fileType}`,
    contentType: p.fileType === 'pdf' ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    subject: t('server.export.mailSubject', { title: text.title, from: p.from, to: p.to }),
    text: t('server.export.mailText', { title: text.title, subtitle: text.subtitle, count: rowCount }),
  };
}

/** Marks the job failed (if this claim still holds it) and mails the requester why. */
async function failJob(app: FastifyInstance, job: ClaimedExportJob, t: Translate, error: unknown): Promise<void> {
  const known = error instanceof ReportError || error instanceof MissingFontError || error instanceof RecordsExportRefusal || error instanceof JournalExportRefusal;
  if (!known) app.log.error({ err: error, jobId: job.id }, 'export failed');
  else app.log.warn({ jobId: job.id, reason: (error as Error).message }, 'export refused');
  const message = error instanceof ReportError || error instanceof RecordsExportRefusal || error instanceof JournalExportRefusal ? error.message
    : error instanceof MissingFontError ? t('server.export.noFont', { detail: error.message }) : t('server.export.failed');
  try {
    let mailed = false;
    await app.db.transaction().execute(async (trx) => {
      const held = await trx.updateTable('export_jobs').set({ status: 'failed', error: message, finished_at: new Date(), claimed_until: null })
        .where('id', '=', job.id).where('attempts', '=', job.attempts).where('status', '=', 'running').returning('id').executeTakeFirst();
      if (!held || !job.email) return;
      const period = isRecordsExport(job.params)
        ? `${job.params.filter['date[after]'] ?? '…'} – ${job.params.filter['date[before]'] ?? '…'}` : `${job.params.from} – ${job.params.to}`;
      await enqueueMail(trx, {
        to: job.email, subject: t('server.export.failedMailSubject', { period }),
        text: t('server.export.failedMailText', { period, reason: message }),
      });
      mailed = true;
    });
    if (mailed) app.mailer.kick();
  } catch (err: unknown) {
    app.log.error({ err, jobId: job.id }, 'export failure not recorded');
  }
}

/**
 * The export runner of an app: one job at a time per instance; a round claims and runs jobs until
 * none is left. Kicked after a job is requested, at start (jobs a stopped instance left queued or
 * running are resumed once their lease ran out) and on an interval.
 */
export function createExportRunner(app: FastifyInstance, intervalMs: number): ExportRunner {
  let closed = false;

  async function round(): Promise<void> {
    while (!closed) {
      const job = await claimExportJob(app.db);
      if (!job) return;
      await runExportJob(app, job);
    }
  }

  const rounds = coalescedRounds(round, () => closed);
  const drain = () => rounds.run();

  const timer = intervalMs > 0 ? setInterval(() => runner.kick(), intervalMs).unref() : undefined;
  const runner: ExportRunner = {
    drain,
    kick() {
      if (closed) return;
      drain().catch((error: unknown) => app.log.error({ err: error }, 'export runner failed'));
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await rounds.idle();
      runners.delete(runner);
    },
  };
  runners.add(runner);
  return runner;
}
