import type { FastifyInstance } from 'fastify';
import { errorResponseSchema, notFound } from '../../lib/errors';
import { pagedCollectionSchema } from '../../lib/http-schemas';
import { paginate, type Collection } from '../../lib/paging';
import { documentItems } from '../../workflow/lists/document-items';
import { markCirculationRead } from '../../workflow/decisions/circulation-read';
import { doc } from '../route-schemas';
import { CirculatedItem, CirculatedQuery, CirculationRead } from '../../../src/wire/workflow';
import { IdParams } from '../../../src/wire/common';

/**
 * Circulation (回覧, issue #20): `GET /buffer/circulated` lists the documents circulated to the
 * signed-in user (newest first, unread ones marked by `read_at: null`); `POST
 * /buffer/{id}/circulation/read` marks one read (again: the first time stays), and so does opening
 * it (`GET /buffers/{id}`, issue #31 item 5). A document not
 * circulated to the user, or none at all, is the same 404 there, with a translated message that
 * says so (`server.workflow.errors.notCirculated`). The document itself waits for nobody on the list. The
 * shapes are the wire's (src/wire/workflow.ts).
 */
export function registerCirculationRoutes(app: FastifyInstance): void {
  app.get<{ Querystring: CirculatedQuery }>('/buffer/circulated', {
    schema: {
      ...doc('Documents circulated to the current user for information (hydra, newest first), each with `read_at`; `unread=1` lists only the unread ones (`hydra:totalItems` is then the unread count).'),
      querystring: CirculatedQuery,
      response: { 200: pagedCollectionSchema(CirculatedItem), 400: errorResponseSchema, 401: errorResponseSchema },
    },
  }, async (request): Promise<Collection<CirculatedItem>> => {
    const page = await paginate(
      app.db.selectFrom('circulations').where('user_id', '=', request.user.id)
        .$if(request.query.unread === '1' || request.query.unread === 'true', (q) => q.where('read_at', 'is', null)),
      (q) => q.select(['buffer_id', 'read_at']).orderBy('created_at', 'desc').orderBy('buffer_id', 'desc'),
      request.query,
    );
    const items = await documentItems(app.db, request.definitions, page['hydra:member'].map((r) => r.buffer_id), request.lang);
    const readAt = new Map(page['hydra:member'].map((r) => [r.buffer_id, r.read_at]));
    return {
      ...page,
      'hydra:member': items.map((item) => ({ ...item, read_at: readAt.get(item.id) ? new Date(readAt.get(item.id)!).toISOString() : null })),
    };
  });

  app.post<{ Params: IdParams }>('/buffer/:id/circulation/read', {
    schema: {
      ...doc('Marks a document circulated to the current user as read; 404 (in the request\'s language: "No document with this number was circulated to you") if it was not circulated to them or does not exist.'),
      params: IdParams,
      response: { 200: CirculationRead, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
    },
  }, async (request): Promise<CirculationRead> => {
    const readAt = await markCirculationRead(app.db, request.params.id, request.user.id);
    if (!readAt) throw notFound(request.t('server.workflow.errors.notCirculated'));
    return { id: request.params.id, read_at: readAt.toISOString() };
  });
}
