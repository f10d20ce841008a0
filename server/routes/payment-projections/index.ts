import type { FastifyPluginAsync } from 'fastify';
import dayjs from 'dayjs';
import { perSet } from '../../definitions/per-set';
import { errorResponseSchema } from '../../lib/errors';
import { companyScope } from '../../statistics/access';
import { statisticFacts } from '../../statistics/facts';
import { paymentProjection } from '../../statistics/projection';
import { DEFAULT_DATE_FILTER, Projection, ProjectionQuery } from '../../../src/wire/statistics';
import { doc } from '../route-schemas';
import { requireArea, statisticsContext } from '../request-context';


/**
 * Payment projection (spec 001 §2, §7): `GET /payment_projections?company=&dateFilter=`, cards
 * per paying bank for the period, and every bucket's totals per currency for the chart.
 * Authorizer, finance or treasury; the own company unless a group admin (403 otherwise).
 */
const paymentProjections: FastifyPluginAsync = async (app) => {
  const factsOf = perSet(statisticFacts);
  app.addHook('onRequest', app.authenticate);

  app.get<{ Querystring: ProjectionQuery }>('/payment_projections', {
    onRequest: requireArea('statistic'),
    schema: {
      ...doc('Unpaid items (documents on process or approved whose paid date is empty) of the modules whose definition has '
        + '`statistics.projection`, by the paying company bank account: cards (bank name, branch, type, pending transaction count, '
        + 'totals per currency) for `dateFilter` (passed, today, upToToday, tomorrow1Week = 1–7 days, next2week = 8–14, next3week = 15–30; '
        + 'default today), and `buckets` (those plus pendingPayment = every unpaid item) × currency for the chart. Across currencies, '
        + 'each card\'s `reporting_amounts` and `reporting_buckets` sum the items in their company\'s reporting currency at the rate '
        + 'each document stored when filed (`data.exchange`); items of documents filed without a conversion are counted '
        + '(`unconverted_count`; a reporting bucket with `currency` null), not summed. `company` defaults to the user\'s own.'),
      querystring: ProjectionQuery,
      response: {
        200: Projection,
        400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema,
      },
    },
  }, async (request): Promise<Projection> => {
    const company = request.query.company ?? request.user.company_id ?? undefined;
    const companies = companyScope(statisticsContext(request), company);
    // The schema's default fills an absent dateFilter; its type cannot say so.
    const period = request.query.dateFilter ?? DEFAULT_DATE_FILTER;
    return paymentProjection(app.db, factsOf(request.definitions), companies, period, dayjs().format('YYYY-MM-DD'));
  });
};

export default paymentProjections;
