import type { FastifyPluginAsync } from 'fastify';
import { perSet } from '../../definitions/per-set';
import { errorResponseSchema } from '../../lib/errors';
import { collectionSchema } from '../../lib/http-schemas';
import { SEARCH_COUNT_CAP, searchDocuments } from '../../statistics/document-search';
import { statisticFacts } from '../../statistics/facts';
import { documentItemSchema, doc } from '../route-schemas';
import { DocumentSearchQuery } from '../../../src/wire/document-search';
import { requireArea, statisticsContext } from '../request-context';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema } as const;

/**
 * Document search of the Statistic area (spec 001 §2, §3, §7): applications of the user's
 * companies by period, amount, currency, company and vendor. Authorizer, finance or treasury
 * only (spec 000 §6); company-scoped (server/statistics/access.ts). The file search and the
 * zip are routes/statistic-search's (`/buffer_files/*`).
 */
export const statisticSearchRoutes: FastifyPluginAsync = async (app) => {
  const factsOf = perSet(statisticFacts);
  app.addHook('onRequest', app.authenticate);

  app.get<{ Querystring: DocumentSearchQuery }>('/buffer/statistic_search', {
    onRequest: requireArea('statistic'),
    schema: {
      ...doc('Documents of the user\'s companies in a period (exactly one of createdAt, estPaymentDate, completionDate as `from~to`), '
        + 'optionally by module, currency, amount (`>=100`, or inputAmount + condition gte/eq/lte), company (companyName: id or name) and vendor; '
        + 'sorted by sort[code|createdAt|updatedAt|amount] (default createdAt desc); 5 per page. Which field is the amount, vendor or '
        + 'payment date of a module comes from its definition (`ui:module.statistics`). `hydra:totalItems` counts at most '
        + `${SEARCH_COUNT_CAP + 1} matches: ${SEARCH_COUNT_CAP + 1} means more than ${SEARCH_COUNT_CAP} (shown as "${SEARCH_COUNT_CAP}+").`),
      querystring: DocumentSearchQuery,
      response: { 200: collectionSchema(documentItemSchema), ...errors },
    },
  }, async (request) => searchDocuments(app.db, statisticsContext(request), request.query, factsOf(request.definitions)));
};
