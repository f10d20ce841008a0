import type { FastifyPluginAsync } from 'fastify';
import { errorResponseSchema } from '../../lib/errors';
import { documentView } from '../../workflow/document-view';
import { ListQuery } from '../../../src/wire/list-query';
import { myBuffers } from '../../workflow/lists';
import { assertVisible } from '../../workflow/route-helpers';
import { bufferCollectionSchema, doc, documentViewSchema } from '../../workflow/schemas';
import { IdParams } from '../../../src/wire/common';

type Id = { Params: IdParams };

/**
 * The applicant's list and one document: `GET /my-buffers`, `GET /buffers/{id}` (the `/buffer/*`
 * actions on a document are routes/buffer's). Transitions and errors: server/workflow/README.md.
 */
const buffers: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get<{ Querystring: ListQuery }>('/my-buffers', {
    schema: { ...doc('Documents the current user filed; paged (itemsPerPage 5), filtered, searched and sorted.'), querystring: ListQuery, response: { 200: bufferCollectionSchema, 400: errorResponseSchema, 401: errorResponseSchema } },
  }, async (request) => myBuffers(app.db, request.definitions, request.user.id, request.query, request.lang));

  app.get<Id>('/buffers/:id', {
    schema: { ...doc('One document with its steps (timeline), logs and `can`; 404 unless the user filed it, is or was its approver, or it was forwarded to them.'), params: IdParams, response: { 200: documentViewSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema } },
  }, async (request) => {
    await assertVisible(request, request.params.id);
    return documentView(app.db, request.definitions, request.params.id, request.user.id, request.lang);
  });
};

export default buffers;
