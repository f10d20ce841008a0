import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { findModule, type CompiledModule, type DefinitionSet, type Lang } from '../../../src/engine';
import { filingPrincipal } from '../../workflow/filing/proxy-principal';
import { AppError, conflict, errorResponseSchema, notFound } from '../../lib/errors';
import { Draft, DraftBody, DraftQuery } from '../../../src/wire/drafts';

/** An OpenAPI description for a route schema (FastifySchema does not declare the keyword). */
const doc = (description: string) => ({ description });

/** Largest draft `data`, as UTF-8 JSON (spec: a draft is a form's data, never a file). */
export const DRAFT_MAX_BYTES = 1024 * 1024;

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, 422: errorResponseSchema } as const;

/**
 * Drafts (spec 000 §4 "Shared form behaviour"): one per user and module, saved when a form is
 * left without submitting and read back on the next open. Only the signed-in user's own draft is
 * ever read, written or cleared. DELETE is our path (the spec's client only overwrites).
 * 代理申請 (issue #36): `filed_for` names the principal a filing is for; the user's draft for them
 * is kept apart from their own and from their draft for anyone else (one row each).
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
    return module;
  };
  /**
   * Whose filing the draft is for (代理申請): null for the user's own; a principal only while they
   * allow the user to file this module for them (403 naming them otherwise, as filing refuses).
   */
  const draftFor = async (request: FastifyRequest, module: CompiledModule, filedFor: number | null | undefined): Promise<number | null> => {
    const principal = await filingPrincipal(app.db, module, filedFor, request.user.id, request.definitions.translate(request.lang));
    return principal === request.user.id ? null : principal;
  };
  /** The row of the user's draft for `filedFor` (null: their own). */
  const whose = (filedFor: number | null) => (filedFor === null ? sql<SqlBool>`filed_for is null` : sql<SqlBool>`filed_for = ${filedFor}`);

  app.get<{ Querystring: DraftQuery }>('/buffer_temporaries', {
    schema: {
      ...doc('The signed-in user\'s draft of a module: `{module_code, data, updated_at}`; 204 (empty) when there is none — no draft is not an error. 404 for an unknown module, 409 for a disabled one. With `filed_for`: the draft of a filing for that principal (kept apart from the user\'s own), 403 naming them unless they allow the user to file this module for them today.'),
      querystring: DraftQuery, response: { 200: Draft, 204: { type: 'null' }, ...errors },
    },
  }, async (request, reply): Promise<Draft | FastifyReply> => {
    const { module_code } = request.query;
    const filedFor = await draftFor(request, assertModule(request.definitions, module_code, request.lang), request.query.filed_for);
    const row = await app.db.selectFrom('buffer_temporaries')
      .select(['module_code', 'data', 'updated_at'])
      .where('user_id', '=', request.user.id).where('module_code', '=', module_code).where(whose(filedFor))
      .executeTakeFirst();
    if (!row) return reply.status(204).send();
    return { module_code: row.module_code, data: row.data, updated_at: new Date(row.updated_at).toISOString() };
  });

  app.post<{ Body: DraftBody }>('/buffer_temporaries', {
    // A body a little above the data limit still arrives, so an oversized draft gets this route's 400.
    bodyLimit: DRAFT_MAX_BYTES + 4096,
    schema: {
      ...doc('Saves (replaces) the signed-in user\'s draft of a module. `data` is the form data, a JSON object of at most 1 MiB. 409 for a disabled module. With `filed_for`: the draft of a filing for that principal (403 unless they allow it today).'),
      body: DraftBody,
      response: { 200: Draft, ...errors, 413: errorResponseSchema },
    },
  }, async (request): Promise<Draft> => {
    const { module_code, data } = request.body;
    const filedFor = await draftFor(request, assertModule(request.definitions, module_code, request.lang), request.body.filed_for);
    if (Buffer.byteLength(JSON.stringify(data), 'utf8') > DRAFT_MAX_BYTES) {
      throw new AppError('BAD_REQUEST', request.t('server.errors.payloadTooLarge'));
    }
    // One draft per user, module and principal (migration 1280's unique index on coalesce(filed_for, 0)).
    const { rows: [row] } = await sql<{ module_code: string; data: Record<string, unknown>; updated_at: Date }>`
      insert into buffer_temporaries (user_id, module_code, data, filed_for)
      values (${request.user.id}, ${module_code}, ${JSON.stringify(data)}::jsonb, ${filedFor})
      on conflict (user_id, module_code, (coalesce(filed_for, 0))) do update set data = excluded.data, updated_at = now()
      returning module_code, data, updated_at`.execute(app.db);
    return { module_code: row.module_code, data: row.data, updated_at: new Date(row.updated_at).toISOString() };
  });

  app.delete<{ Querystring: DraftQuery }>('/buffer_temporaries', {
    schema: {
      ...doc('Our path: clears the signed-in user\'s draft of a module (after a submit or a confirmed reset). Idempotent: 204 whether or not a draft existed. With `filed_for`: the draft for that principal only (no permission needed to clear it).'),
      querystring: DraftQuery, response: { 204: { type: 'null' }, ...errors },
    },
  }, async (request, reply) => {
    assertModule(request.definitions, request.query.module_code, request.lang, true);
    // Clearing needs no permission: a withdrawn one must not keep a draft the filer cannot remove.
    const filedFor = request.query.filed_for === request.user.id ? null : (request.query.filed_for ?? null);
    await app.db.deleteFrom('buffer_temporaries')
      .where('user_id', '=', request.user.id).where('module_code', '=', request.query.module_code).where(whose(filedFor))
      .execute();
    return reply.status(204).send();
  });
};

export default drafts;
