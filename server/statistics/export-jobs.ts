import type { FastifyInstance } from 'fastify';
import type { StatisticFacts, Translate } from '../../src/engine';
import { findModule, type LoadedDefinitions } from '../definitions/definitions';
import { serverTranslate } from '../lib/i18n';
import { WorkBusyError, WorkLimiter } from '../lib/work-limiter';
import { enqueueMail } from '../mail/outbox';
import { cjkFont, MissingFontError, reportPdf, reportXlsx, type ReportText } from './export-files';
import { exportRows, MAX_EXPORT_ROWS, type ExportParams } from './export-report';

/**
 * Exports run one at a time per instance, after the request has been answered (issue #11: a
 * large export must not block the API); a few more may wait, the next one is refused (503).
 */
const limiter = new WorkLimiter('exports', { concurrency: 1, maxQueue: 16, retryAfterSeconds: 30 });
const inFlight = new Set<Promise<void>>();

/** Throws WorkBusyError (503 + Retry-After) when no more exports may wait in this instance. */
export function admitExport(): void {
  const { running, queued } = limiter.load;
  if (running + queued >= 17) throw new WorkBusyError('exports', 30);
}

/** Resolves when every export started in this process has finished (app close, tests). */
export async function exportJobsSettled(): Promise<void> {
  while (inFlight.size) await Promise.allSettled([...inFlight]);
}

/** The report's texts in the requester's language. */
function reportText(t: Translate, moduleTitle: string, company: string, p: ExportParams): ReportText {
  const headers = Object.fromEntries(['code', 'requester', 'status', 'currency', 'amount', 'payment_date', 'completed_at']
    .map((key) => [key, t(`server.export.columns.${key}`)])) as ReportText['headers'];
  return {
    title: t('server.export.title', { module: moduleTitle }),
    subtitle: t('server.export.subtitle', { company, from: p.from.replaceAll('-', '/'), to: p.to.replaceAll('-', '/'), dateType: t(`server.export.dateTypes.${p.dateType}`) }),
    headers,
    status: (status) => t(`server.stampStatistics.status.${status}`),
  };
}

/**
 * Starts export job `jobId` in the background: running → rows → file → the mail with the file
 * attached and the job done, in one transaction; any failure marks the job failed with a
 * message the screen shows (too many rows, no CJK font, or a generic one; details are logged).
 */
export function startExportJob(app: FastifyInstance, definitions: LoadedDefinitions, facts: StatisticFacts, jobId: number, p: ExportParams, to: string): void {
  const t = serverTranslate(p.lang);
  const module = findModule(definitions, p.moduleCode);
  const moduleTitle = module ? definitions.translate(p.lang)(module.meta.title) : p.moduleCode;
  const progress = (value: number) => app.db.updateTable('export_jobs').set({ progress: value }).where('id', '=', jobId).execute();
  const job = limiter.run(async () => {
    await app.db.updateTable('export_jobs').set({ status: 'running', progress: 10 }).where('id', '=', jobId).execute();
    const rows = await exportRows(app.db, facts, p);
    if (rows.length > MAX_EXPORT_ROWS) throw new ReportError(t('server.export.tooMany', { max: MAX_EXPORT_ROWS }));
    await progress(50);
    const company = await app.db.selectFrom('companies').select(['name', 'name_ja', 'name_zh']).where('id', '=', p.companyId).executeTakeFirst();
    const companyName = (p.lang === 'ja' ? company?.name_ja : p.lang === 'zh' ? company?.name_zh : null) || company?.name || '';
    const text = reportText(t, moduleTitle, companyName, p);
    const content = p.fileType === 'pdf' ? await reportPdf(rows, text, cjkFont(app.config.exportFont)) : await reportXlsx(rows, text);
    await progress(90);
    const filename = `${p.moduleCode}-${p.from}-${p.to}.${p.fileType}`;
    const contentType = p.fileType === 'pdf' ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    await app.db.transaction().execute(async (trx) => {
      const mailId = await enqueueMail(trx, {
        to, subject: t('server.export.mailSubject', { title: text.title, from: p.from, to: p.to }),
        text: t('server.export.mailText', { title: text.title, subtitle: text.subtitle, count: rows.length }),
        attachments: [{ filename, contentType, content }],
      });
      await trx.updateTable('export_jobs').set({ status: 'done', progress: 100, row_count: rows.length, mail_id: mailId, finished_at: new Date() })
        .where('id', '=', jobId).execute();
    });
    app.mailer.kick();
  }).catch(async (error: unknown) => {
    const known = error instanceof ReportError || error instanceof MissingFontError;
    if (!known) app.log.error({ err: error, jobId }, 'export failed');
    else app.log.warn({ jobId, reason: (error as Error).message }, 'export refused');
    const message = error instanceof ReportError ? error.message
      : error instanceof MissingFontError ? t('server.export.noFont', { detail: error.message }) : t('server.export.failed');
    await app.db.updateTable('export_jobs').set({ status: 'failed', error: message, finished_at: new Date() }).where('id', '=', jobId).execute()
      .catch((err: unknown) => app.log.error({ err, jobId }, 'export failure not recorded'));
  });
  inFlight.add(job);
  void job.finally(() => inFlight.delete(job));
}

/** A report that cannot be made as asked (the message is for the user). */
class ReportError extends Error {}
