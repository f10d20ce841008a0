import type { FastifyPluginAsync } from 'fastify';
import { findModule } from '../../../src/engine';
import { perSet } from '../../definitions/per-set';
import { badRequest, errorResponseSchema, notFound } from '../../lib/errors';
import { companyScope } from '../../statistics/access';
import { statisticFacts } from '../../statistics/facts';
import { stampCount, stampRows, stampStatistics as listStampStatistics, stampWhere } from '../../statistics/stamp-statistics';
import { NextStampNumber, NextStampNumberQuery, StampCollection, StampFilterQuery, StampQuery } from '../../../src/wire/stamp-statistics';
import { stampWorkbook } from '../../statistics/stamp-workbook';
import { peekNextNumber, stampPrefix } from '../../repositories/document-code-repository';
import { requireArea, statisticsContext } from '../request-context';

/** An OpenAPI description for a route schema (FastifySchema does not declare the keyword). */
const doc = (description: string) => ({ description });

/** The most rows one export holds; a larger result asks for a narrower filter. */
export const MAX_STAMP_EXPORT_ROWS = 10000;

const areaErrors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema } as const;

/**
 * `GET /api/stamp_statistics/next_code?module_code=` (spec 001 §4: the stamp number shown on
 * the contract and seal forms): a preview of the next stamp number of a module whose definition
 * has `needsStampNo`, numbered exactly as filing numbers it (`repositories/document-code-repository.ts`); not
 * reserved. Other modules have no stamp number: 400.
 *
 * `GET /api/stamp_statistics` and `/stamp_statistics/export` (spec 000 §2, §6; spec 001 §7): the
 * stamped documents by applicant, contract party, currency, amount and period, as pages of 10 or
 * as one XLSX workbook; authorizer, legal or treasury only, company-scoped like every statistic.
 */
const stampStatistics: FastifyPluginAsync = async (app) => {

  app.get<{ Querystring: NextStampNumberQuery }>('/stamp_statistics/next_code', {
    onRequest: app.authenticate,
    schema: {
      ...doc('Preview of the next stamp number of a module that needs one (contract-supplier, contract-customer, corporate-seal); not reserved. 400 for other modules.'),
      querystring: NextStampNumberQuery,
      response: {
        200: NextStampNumber,
        400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema,
      },
    },
  }, async (request): Promise<NextStampNumber> => {
    const { module_code } = request.query;
    const module = findModule(request.definitions, module_code);
    if (!module || module.kind !== 'module') throw notFound(request.definitions.translate(request.lang)('engine.errors.unknownModule', { code: module_code }));
    if (!module.meta.needsStampNo) throw badRequest(request.t('server.errors.invalidRequest', { detail: `module_code ${module_code}: no stamp number` }));
    const prefix = module.meta.codePrefix ?? module.code.toUpperCase();
    return { stamp_no: await peekNextNumber(app.db, 'stamp_no', stampPrefix(prefix)) };
  });

  const factsOf = perSet(statisticFacts);

  app.get<{ Querystring: StampQuery }>('/stamp_statistics', {
    onRequest: [app.authenticate, requireArea('stamp')],
    schema: {
      ...doc('Stamp statistics (spec 000 §2, §3 filter keys, §9 page size 10): documents of the modules whose definition has '
        + '`statistics.stamp`, of the user\'s company (every company for a group admin), newest first. Filters: `applicant.id` '
        + '(repeated or `applicant.id[]`), `contract_party.id`, `currency` (code or id), `amount[gte]`, `amount[lte]`, and one period '
        + '`completionDate`, `paymentDate` or `contractDate` with `[after]` and/or `[before]` (inclusive days; both = between). '
        + 'A document without a currency (a corporate seal) is kept by the currency filter. '
        + 'Authorizer, legal or treasury only (403). Two period types, after later than before, or an unknown `currency`: 400.'),
      querystring: StampQuery,
      response: { 200: StampCollection, ...areaErrors },
    },
  }, async (request) => {
    const ctx = statisticsContext(request);
    return listStampStatistics(app.db, ctx, request.query, factsOf(request.definitions), companyScope(ctx));
  });

  app.get<{ Querystring: StampFilterQuery }>('/stamp_statistics/export', {
    onRequest: [app.authenticate, requireArea('stamp')],
    schema: {
      ...doc(`The stamp statistics of the same filters as an XLSX workbook (typed number and date cells, headers in the request's `
        + `language), at most ${MAX_STAMP_EXPORT_ROWS} rows: a larger result is a 400 asking for a narrower filter, and so is an unknown currency.`),
      querystring: StampFilterQuery,
      response: { 200: { type: 'string', format: 'binary' }, ...areaErrors },
    },
  }, async (request, reply) => {
    const query: StampQuery = { ...request.query, page: 1, itemsPerPage: MAX_STAMP_EXPORT_ROWS };
    const facts = factsOf(request.definitions);
    const ctx = statisticsContext(request);
    const where = await stampWhere(app.db, ctx, query, facts, companyScope(ctx));
    const total = await stampCount(app.db, ctx, where);
    if (total > MAX_STAMP_EXPORT_ROWS) throw badRequest(request.t('server.stampStatistics.tooMany', { count: total, max: MAX_STAMP_EXPORT_ROWS }));
    const rows = await stampRows(app.db, ctx, where, facts, MAX_STAMP_EXPORT_ROWS, 0);
    const t = request.definitions.translate(request.lang);
    const header = (key: string) => request.t(`server.stampStatistics.columns.${key}`);
    const body = await stampWorkbook(rows, {
      sheet: request.t('server.stampStatistics.sheet'),
      headers: Object.fromEntries(['code', 'stamp_no', 'module', 'status', 'applicant', 'contract_party', 'currency', 'amount', 'contract_date', 'created_at', 'completed_at']
        .map((key) => [key, header(key)])) as Parameters<typeof stampWorkbook>[1]['headers'],
      moduleTitle: (code) => {
        const module = findModule(request.definitions, code);
        return module ? t(module.meta.title) : code;
      },
      statusLabel: (status) => request.t(`server.stampStatistics.status.${status}`),
    });
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="stamp-statistics-${new Date().toISOString().slice(0, 10)}.xlsx"`)
      .send(body);
  });
};

export default stampStatistics;
