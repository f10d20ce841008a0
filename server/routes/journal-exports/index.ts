import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { IdParams } from '../../../src/wire/common';
import { JournalExportBody, JournalExportJob, JournalPreview, JournalPreviewQuery } from '../../../src/wire/journals';
import { isGroupAdmin } from '../../entities/permissions';
import { badRequest, conflict, errorResponseSchema, forbidden, notFound } from '../../lib/errors';
import type { AuthUser } from '../../lib/auth-user';
import { isJournalExport, type JournalExportParams } from '../../journals/journal-export';
import { journalRun, storedMapping } from '../../journals/journal-run';
import { queueExport } from '../../statistics/export-jobs';
import { doc } from '../route-schemas';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema } as const;
/** The longest period one export or preview covers. */
export const MAX_JOURNAL_PERIOD_DAYS = 366;

/**
 * THE rule of who exports a company's journals (issue 35 item 4): finance and treasury of the
 * company, and group admins for every company; nobody else (not even the company's authorizer).
 */
export function journalCompanies(user: AuthUser): 'all' | number[] {
  if (isGroupAdmin(user)) return 'all';
  return (user.is_finance || user.is_treasury) && user.company_id !== null ? [user.company_id] : [];
}

function assertJournalScope(request: FastifyRequest, companyId: number): void {
  const companies = journalCompanies(request.user);
  if (companies !== 'all' && !companies.length) throw forbidden(request.t('server.journals.forbidden'));
  if (companies !== 'all' && !companies.includes(companyId)) throw forbidden(request.t('server.journals.otherCompany'));
}

function assertPeriod(request: FastifyRequest, from: string, to: string): void {
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  if (!(days >= 0 && days <= MAX_JOURNAL_PERIOD_DAYS)) throw badRequest(request.t('server.journals.badPeriod', { days: MAX_JOURNAL_PERIOD_DAYS }));
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The signed-in user's journal export job, or 404 (another user's or another kind's is the same 404). */
async function ownJob(request: FastifyRequest, id: number) {
  const job = await request.server.db.selectFrom('export_jobs')
    .select(['id', 'status', 'progress', 'params', 'row_count', 'error', 'created_at', 'finished_at', 'file_name'])
    .where('id', '=', id).where('user_id', '=', request.user.id).executeTakeFirst();
  const params = job && (typeof job.params === 'string' ? JSON.parse(job.params) : job.params);
  if (!job || !isJournalExport(params)) throw notFound(request.t('server.errors.notFound', { what: 'journal export' }));
  return { job, params };
}

/**
 * Journal exports (issue 35 item 4; docs/ACCOUNTING.md): a job on the export machinery of the
 * statistics export (server/statistics/export-jobs.ts: leased, exactly once across instances),
 * whose result is downloaded rather than mailed; a preview of the lines for the screen.
 */
const journalExports: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.post<{ Body: JournalExportBody }>('/journal_exports', {
    schema: {
      ...doc('Starts a journal export of a company\'s decided documents whose transaction date is in `from`–`to` (at most 366 days): `format` '
        + 'yayoi (弥生会計: 25 columns, no header, Shift_JIS, CRLF), yayoi_online (the same within 弥生会計 オンライン\'s limits), moneyforward '
        + '(マネーフォワード クラウド会計 仕訳帳: 27 columns with header; `encoding` utf-8 or shift_jis) or freee (取引 import). Documents exported '
        + 'before are skipped unless `include_exported`. Answers 202 with the job; `GET /journal_exports/{id}` reports `status` and `progress`, '
        + '`GET /journal_exports/{id}/file` downloads the file. Finance and treasury of the company and group admins only (403). A company '
        + 'without a mapping fails the job with the reason. Three open exports of the user → 429, 32 across the instances → 503.'),
      body: JournalExportBody,
      response: { 202: JournalExportJob, ...errors, 429: errorResponseSchema, 503: errorResponseSchema },
    },
  }, async (request, reply) => {
    const body = request.body;
    assertJournalScope(request, body.company_id);
    assertPeriod(request, body.from, body.to);
    if (!(await app.db.selectFrom('companies').select('id').where('id', '=', body.company_id).executeTakeFirst())) {
      throw notFound(request.t('server.errors.notFound', { what: request.t('server.entities.company') }));
    }
    const params: JournalExportParams = {
      kind: 'journal', lang: request.lang, format: body.format, companyId: body.company_id, from: body.from, to: body.to,
      includeExported: body.include_exported === true, ...(body.encoding ? { encoding: body.encoding } : {}),
    };
    // The access-log entry (export.journal: job, format, period) is written by the central route table (server/plugins/access-log.ts).
    const created = await queueExport(app.db, request.user.id, request.t, (trx) => trx.insertInto('export_jobs')
      .values({ user_id: request.user.id, params: JSON.stringify(params) })
      .returning(['id', 'status', 'progress', 'created_at']).executeTakeFirstOrThrow());
    app.exportJobs.kick();
    return reply.code(202).send({ ...created, format: body.format, file_name: null, row_count: null, error: null, created_at: iso(created.created_at)!, finished_at: null });
  });

  app.get<{ Querystring: JournalPreviewQuery }>('/journal_exports/preview', {
    schema: {
      ...doc('The journals an export of the period would write, as lines (debit and credit: account, sub-account, department, counterparty, '
        + 'tax class key, amount, tax, インボイス deduction), with the documents that give none and why (`problems`), those exported and '
        + 'edited since that need a correcting journal (`corrections`) and suppliers past the cap (`limit`) of purchases without a qualified invoice '
        + 'in one of the company\'s tax periods (its fiscal year `year`, `from`–`to`: `warnings`). Same permission as the export.'),
      querystring: JournalPreviewQuery,
      response: { 200: JournalPreview, ...errors },
    },
  }, async (request): Promise<JournalPreview> => {
    const q = request.query;
    assertJournalScope(request, q.company_id);
    assertPeriod(request, q.from, q.to);
    const mapping = await storedMapping(app.db, q.company_id);
    if (!mapping) return { journals: [], problems: [], corrections: [], warnings: [], has_mapping: false };
    const includeExported = q.include_exported === '1' || q.include_exported === 'true';
    const run = await journalRun(app.db, request.definitions, { companyId: q.company_id, from: q.from, to: q.to, includeExported }, mapping, { record: false });
    const t = request.t;
    const posting = (p: (typeof run.journals)[number]['rows'][number]['debit']) => (p ? {
      account: p.account, sub_account: p.subAccount, department: p.department, counterparty: p.counterparty, tax_class: p.taxClass, amount: p.amount, tax: p.tax, deduction: p.deduction,
    } : null);
    return {
      has_mapping: true,
      journals: run.journals.map((j) => ({
        buffer_id: j.documentId, code: j.code, module_code: j.moduleCode, date: j.date, currency: j.currency, total: j.total, memo: j.memo,
        lines: j.rows.map((r) => ({ debit: posting(r.debit), credit: posting(r.credit) })),
      })),
      problems: run.problems.map((p) => ({ buffer_id: p.documentId, code: p.code, problem: p.problem, message: t(`server.journals.problems.${p.problem}`) })),
      corrections: run.corrections.map((c) => ({ buffer_id: c.documentId, code: c.code, exported_at: c.exportedAt, format: c.format })),
      warnings: run.warnings.map((w) => ({ ...w, message: t('server.journals.transitionalLimit', { supplier: w.supplier, from: w.from, to: w.to, total: w.total.toLocaleString('en'), limit: w.limit.toLocaleString('en') }) })),
    };
  });

  app.get<{ Params: IdParams }>('/journal_exports/:id', {
    schema: { ...doc('A journal export job of the signed-in user: `status` (queued, running, done, failed), `progress` 0–100, the failure\'s message.'), params: IdParams, response: { 200: JournalExportJob, ...errors } },
  }, async (request): Promise<JournalExportJob> => {
    const { job, params } = await ownJob(request, request.params.id);
    return {
      id: job.id, status: job.status, progress: job.progress, format: params.format, file_name: job.file_name, row_count: job.row_count, error: job.error,
      created_at: iso(job.created_at)!, finished_at: iso(job.finished_at),
    };
  });

  app.get<{ Params: IdParams }>('/journal_exports/:id/file', {
    schema: {
      ...doc('The file of a finished journal export of the signed-in user (as an attachment, in the format\'s encoding); 409 while it is not done.'),
      params: IdParams,
      response: { 200: { type: 'string', format: 'binary', description: 'The journal file' }, ...errors, 409: errorResponseSchema },
    },
  }, async (request, reply) => {
    const { job } = await ownJob(request, request.params.id);
    if (job.status !== 'done') throw conflict(request.t('server.journals.notReady'));
    const file = await app.db.selectFrom('export_jobs').select(['file_bytes', 'file_name', 'file_type']).where('id', '=', job.id).executeTakeFirstOrThrow();
    const name = file.file_name ?? `journals-${job.id}.csv`;
    return reply.header('content-type', file.file_type ?? 'text/csv')
      .header('content-disposition', `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
      .send(Buffer.from(file.file_bytes ?? new Uint8Array()));
  });
};

export default journalExports;
