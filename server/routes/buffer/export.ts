import type { FastifyPluginAsync } from 'fastify';
import { perSet } from '../../definitions/per-set';
import { badRequest, errorResponseSchema, notFound } from '../../lib/errors';
import { companyScope } from '../../statistics/access';
import { queueExport } from '../../statistics/export-jobs';
import type { ExportParams } from '../../statistics/export-report';
import { statisticFacts } from '../../statistics/facts';
import { parsePeriod } from '../../statistics/search-filter';
import { doc } from '../route-schemas';
import { ExportQuery, StatisticExportJob } from '../../../src/wire/export';
import { IdParams } from '../../../src/wire/common';
import { requireArea, statisticsContext } from '../request-context';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema, 503: errorResponseSchema } as const;
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * Export (spec 001 §2, §3 "Export filter", §5, §7): `GET /buffer/export` checks the filter in
 * the spec's order (module, company, period, file type), answers 202 with a job, and makes the
 * report in the background (any instance claims the job; one a stopped instance left is resumed) — a PDF with an embedded CJK font or an XLSX with typed cells — which
 * is mailed to the requester through the outbox as an attachment. `GET /buffer/export/jobs/{id}`
 * reports the job's progress (own jobs only). Authorizer, finance or treasury; company-scoped.
 */
export const exportRoutes: FastifyPluginAsync = async (app) => {
  const factsOf = perSet(statisticFacts);
  app.addHook('onRequest', app.authenticate);

  app.get<{ Querystring: ExportQuery }>('/buffer/export', {
    onRequest: requireArea('statistic'),
    schema: {
      ...doc('Starts an export job: `moduleCode` (a module whose definition has `statistics.export`), `companyId` (the own company unless a '
        + 'group admin), `period` (`from~to`, inclusive), `dateType` completion (default: completed in the period) or payment (a payment '
        + 'date in the period), `fileType` pdf (default) or xlsx. Answers 202 with the job; the report is mailed to the requester as an '
        + 'attachment. Missing or bad filter → 400 with the form\'s message; three of the user\'s exports already queued or running → 429 '
        + '(one is already being prepared; Retry-After); a full export queue → 503.'),
      querystring: ExportQuery,
      response: { 202: StatisticExportJob, ...errors },
    },
  }, async (request, reply) => {
    const q = request.query;
    const t = request.t;
    if (!q.moduleCode) throw badRequest(t('server.export.moduleRequired'));
    const moduleFacts = factsOf(request.definitions).get(q.moduleCode);
    if (!moduleFacts?.export) throw badRequest(t('server.statistics.unknownModule', { code: q.moduleCode }));
    if (!q.companyId) throw badRequest(t('server.export.companyRequired'));
    companyScope(statisticsContext(request), q.companyId);
    if (!q.period?.trim()) throw badRequest(t('server.statistics.periodRequired'));
    const period = parsePeriod(statisticsContext(request), { page: 1, itemsPerPage: 1, completionDate: q.period });
    if (!q.fileType) throw badRequest(t('server.export.fileTypeRequired'));
    const params: ExportParams = {
      moduleCode: q.moduleCode, companyId: q.companyId, from: period.from, to: period.to,
      dateType: q.dateType ?? 'completion', fileType: q.fileType, lang: request.lang,
    };
    const created = await queueExport(app.db, request.user.id, t, (trx) => trx.insertInto('export_jobs')
      .values({ user_id: request.user.id, params: JSON.stringify(params) })
      .returning(['id', 'status', 'progress', 'created_at']).executeTakeFirstOrThrow());
    app.exportJobs.kick();
    return reply.code(202).send({ ...created, file_type: params.fileType, row_count: null, error: null, created_at: iso(created.created_at)!, finished_at: null } satisfies StatisticExportJob);
  });

  app.get<{ Params: IdParams }>('/buffer/export/jobs/:id', {
    onRequest: requireArea('statistic'),
    schema: { ...doc('An export job of the signed-in user: status (queued, running, done, failed), progress 0–100, row count, the failure\'s message.'), params: IdParams, response: { 200: StatisticExportJob, ...errors } },
  }, async (request) => {
    const row = await app.db.selectFrom('export_jobs').select(['id', 'status', 'progress', 'params', 'row_count', 'error', 'created_at', 'finished_at'])
      .where('id', '=', request.params.id).where('user_id', '=', request.user.id).executeTakeFirst();
    if (!row) throw notFound(request.t('server.errors.notFound', { what: request.t('server.export.job') }));
    const { params, ...rest } = row;
    return { ...rest, file_type: String((params as Record<string, unknown>).fileType), created_at: iso(row.created_at)!, finished_at: iso(row.finished_at) } satisfies StatisticExportJob;
  });
};

