import type { FastifyPluginAsync } from 'fastify';
import { findModule } from '../../../src/engine';
import { errorResponseSchema, notFound } from '../../lib/errors';
import { idempotencyHooks } from '../idempotency-hooks';
import { codePrefix, peekNextNumber, stampPrefix } from '../../repositories/document-code-repository';
import { Filed, FilingParams, NextCode, NextCodeQuery } from '../../../src/wire/workflow';
import { registerEntityRoutes } from './entity-routes';
import { submitDocument } from './submit-document';

/** An OpenAPI description for a route schema (FastifySchema does not declare the keyword). */
const doc = (description: string) => ({ description });


/**
 * Submissions: `POST /api/buffer/{code}` files the document (`workflow/filing/filing.ts`: the submission
 * pipeline — read, shape, process and bypass permission, compute, validate the computed data,
 * references — and the filing, in one transaction together with the idempotency answer,
 * `submit-document.ts`); any violation is a 422 with every violation of its
 * stage in order and nothing stored. The body schema is the module's (see `/api/docs`), so it is
 * not declared here: Fastify's own validation would coerce types and answer 400 where the spec's
 * messages are due.
 */
export const filingRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: NextCodeQuery }>('/buffer/next_code', {
    onRequest: app.authenticate,
    schema: {
      ...doc('Preview of the next document code (and stamp number, for modules that need one) of a module; not reserved.'),
      querystring: NextCodeQuery,
      response: {
        200: NextCode,
        400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema,
      },
    },
  }, async (request): Promise<NextCode> => {
    const module = findModule(request.definitions, request.query.module_code);
    const t = request.definitions.translate(request.lang);
    if (!module) throw notFound(t('engine.errors.unknownModule', { code: request.query.module_code }));
    const prefix = module.meta.codePrefix ?? module.code.toUpperCase();
    return {
      code: await peekNextNumber(app.db, 'code', codePrefix(prefix)),
      stamp_no: module.meta.needsStampNo ? await peekNextNumber(app.db, 'stamp_no', stampPrefix(prefix)) : null,
    };
  });

  app.post<{ Params: FilingParams; Body: unknown }>('/buffer/:code', {
    onRequest: app.authenticate,
    ...idempotencyHooks,
    schema: {
      ...doc('Files a document of module {code}; each module\'s own body is described under /api/buffer/<code>.'),
      params: FilingParams,
      response: {
        201: Filed,
        400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 413: errorResponseSchema,
        409: errorResponseSchema, 415: errorResponseSchema, 422: errorResponseSchema,
      },
    },
  }, async (request, reply) => {
    const t = request.definitions.translate(request.lang);
    const module = findModule(request.definitions, request.params.code);
    if (!module) throw notFound(t('engine.errors.unknownModule', { code: request.params.code }));
    const filed = await submitDocument(app, request, module, request.body);
    return reply.code(201).send(filed);
  });

  registerEntityRoutes(app);
};
