import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { findModule, type DefinitionSet, type Lang } from '../../../src/engine';
import { AppError, conflict, errorResponseSchema, notFound } from '../../lib/errors';
import { Draft, DraftBody, DraftQuery } from '../../../src/wire/drafts';

/** An OpenAPI description for a route schema (FastifySchema does not declare the keyword). */
const doc = (description: string) => ({ description });

/** Largest draft `data`, as UTF-8 JSON (spec: a draft is a form's data, never a file). */
export const DRAFT_MAX_BYTES = 1024 * 1024;

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema } as const;

/**
 * Drafts (spec 000 §4 "Shared form behaviour"): one per user and module, saved when a form is
 * left without submitting and read back on the next open. Only the signed-in user's own draft is
 * ever read, written or cleared. DELETE is our path (the spec's client only overwrites).
 */
const drafts: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);

  /**
   * The module of a draft must be a form users file (not a sub-form, not unknown: 404) and, to
   * read or save a draft, take new documents (a disabled module: 409, like filing). Clearing a
   * draft stays allowed.
   */
  const assertModule = (definitions: DefinitionSet, code: string, lang: Lang, clearing = false) => {
    const module = findModule(definitions, code);
    if (!module || module.kind !== 'module') throw notFound(definitions.translate(lang)('engine.errors.unknownModule', { code }));
    if (!clearing && definitions.disabled.has(code)) throw conflict(definitions.translate(lang)('server.studio.disabled', { code }));
  };

  app.get<{ Querystring: DraftQuery }>('/buffer_temporaries', {
    schema: {
      ...doc('The signed-in user\'s draft of a module: `{module_code, data, updated_at}`; 204 (empty) when there is none — no draft is not an error. 404 for an unknown module, 409 for a disabled one.'),
      querystring: DraftQuery, response: { 200: Draft, 204: { type: 'null' }, ...errors },
    },
  }, async (request, reply): Promise<Draft | FastifyReply> => {
    const { module_code } = request.query;
    assertModule(request.definitions, module_code, request.lang);
    const row = await app.db.selectFrom('buffer_temporaries')
      .select(['module_code', 'data', 'updated_at'])
      .where('user_id', '=', request.user.id).where('module_code', '=', module_code)
      .executeTakeFirst();
    if (!row) return reply.status(204).send();
    return { module_code: row.module_code, data: row.data, updated_at: new Date(row.updated_at).toISOString() };
  });

  app.post<{ Body: DraftBody }>('/buffer_temporaries', {
    // A body a little above the data limit still arrives, so an oversized draft gets this route's 400.
    bodyLimit: DRAFT_MAX_BYTES + 4096,
    schema: {
      ...doc('Saves (replaces) the signed-in user\'s draft of a module. `data` is the form data, a JSON object of at most 1 MiB. 409 for a disabled module.'),
      body: DraftBody,
      response: { 200: Draft, ...errors, 413: errorResponseSchema },
    },
  }, async (request): Promise<Draft> => {
    const { module_code, data } = request.body;
    assertModule(request.definitions, module_code, request.lang);
    if (Buffer.byteLength(JSON.stringify(data), 'utf8') > DRAFT_MAX_BYTES) {
      throw new AppError('BAD_REQUEST', request.t('server.errors.payloadTooLarge'));
    }
    const row = await app.db.insertInto('buffer_temporaries')
      .values({ user_id: request.user.id, module_code, data: JSON.stringify(data) })
      .onConflict((oc) => oc.columns(['user_id', 'module_code']).doUpdateSet({ data: (eb) => eb.ref('excluded.data'), updated_at: sql`now()` }))
      .returning(['module_code', 'data', 'updated_at'])
      .executeTakeFirstOrThrow();
    return { module_code: row.module_code, data: row.data, updated_at: new Date(row.updated_at).toISOString() };
  });

  app.delete<{ Querystring: DraftQuery }>('/buffer_temporaries', {
    schema: {
      ...doc('Our path: clears the signed-in user\'s draft of a module (after a submit or a confirmed reset). Idempotent: 204 whether or not a draft existed.'),
      querystring: DraftQuery, response: { 204: { type: 'null' }, ...errors },
    },
  }, async (request, reply) => {
    assertModule(request.definitions, request.query.module_code, request.lang, true);
    await app.db.deleteFrom('buffer_temporaries')
      .where('user_id', '=', request.user.id).where('module_code', '=', request.query.module_code)
      .execute();
    return reply.status(204).send();
  });
};

export default drafts;
