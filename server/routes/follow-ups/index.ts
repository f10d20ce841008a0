import type { FastifyPluginAsync } from 'fastify';
import { PendingFollowUpCollection, PendingFollowUpQuery } from '../../../src/wire/follow-ups';
import { errorResponseSchema } from '../../lib/errors';
import { pendingFollowUps } from '../../follow-ups/pending-follow-ups';
import { doc } from '../route-schemas';
import { statisticsContext } from '../request-context';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema } as const;

/**
 * Follow-up documents (関連書類, issue #36 item 5; README.md here, docs/MODULES.md "Follow-up
 * documents"): the decided documents still waiting for theirs. A document's own links and a
 * follow-up's start are `/buffers/{id}/…` (routes/buffers/follow-ups.ts).
 */
const followUps: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get<{ Querystring: PendingFollowUpQuery }>('/follow_ups/pending', {
    schema: {
      ...doc('Completed documents still waiting for a follow-up their definition names (none on process or completed), oldest decision '
        + 'first: the reader\'s own (`scope=mine`), or their company\'s (`scope=company`: the company\'s authorizer, finance and '
        + 'treasury; group admins every company; others 403). Each names the follow-ups it waits for.'),
      querystring: PendingFollowUpQuery,
      response: { 200: PendingFollowUpCollection, ...errors },
    },
  }, async (request) => pendingFollowUps(app.db, statisticsContext(request), request.query));
};

export default followUps;
