import type { FastifyPluginAsync } from 'fastify';
import { errorResponseSchema, notFound } from '../../lib/errors';
import { endSession, liveSessions } from '../../repositories/session-repository';
import { doc } from '../route-schemas';
import { SessionParams, UserSessionCollection } from '../../../src/wire/sessions';

/**
 * The signed-in user's devices (issue #34 item 7; docs/IDENTITY.md "Sessions"): each live
 * sign-in with its browser, address and last use, and ending any of them (this one included: its
 * next request is refused, like every ended session's, on every instance).
 */
const sessions: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/sessions', {
    schema: {
      ...doc('The signed-in user\'s live sessions (signed-in devices), last used first; `current` marks this request\'s.'),
      response: { 200: UserSessionCollection, 401: errorResponseSchema },
    },
  }, async (request) => {
    const rows = await liveSessions(app.db, request.user.id);
    const member = rows.map((r) => ({
      id: r.id, created_at: new Date(r.created_at).toISOString(), last_used_at: new Date(r.last_used_at).toISOString(),
      ip: r.ip, user_agent: r.user_agent, current: r.id === request.sessionId,
    }));
    return { 'hydra:member': member, 'hydra:totalItems': member.length };
  });

  app.delete<{ Params: SessionParams }>('/sessions/:id', {
    schema: {
      ...doc('Ends one of the signed-in user\'s sessions at once (its token is refused from its next request on). 404 for an unknown, ended or someone else\'s session.'),
      params: SessionParams,
      response: { 204: { type: 'null', description: 'Ended' }, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
    },
  }, async (request, reply) => {
    if (!(await endSession(app.db, request.user.id, request.params.id, 'user', request.user.id))) throw notFound(request.t('server.sessions.notFound'));
    return reply.code(204).send();
  });
};

export default sessions;
