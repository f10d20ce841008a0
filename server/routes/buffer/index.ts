import type { FastifyPluginAsync } from 'fastify';
import {
  computeFormData, labelKey, readSubmitPayload, validateSubmission, type MasterProcessStep,
} from '../../../src/engine';
import { findModule, loadDefinitions } from '../../definitions/definitions';
import { errorResponseSchema, notFound, validationFailed } from '../../lib/errors';
import { idempotencyHooks } from '../../workflow/idempotency';
import { onDocumentFiled } from '../../workflow/on-document-filed';
import { codePrefix, peekNextNumber, stampPrefix } from './document-code';
import { fileBuffer } from './file-buffer';
import { referenceViolations } from './reference-violations';

const codeParams = {
  type: 'object', required: ['code'],
  properties: { code: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,63}$' } },
} as const;

/** An OpenAPI description for a route schema (FastifySchema does not declare the keyword). */
const doc = (description: string) => ({ description });

/** `{id, code, status}` of a filed document. */
export const filedSchema = {
  type: 'object', required: ['id', 'code', 'status'],
  properties: { id: { type: 'integer' }, code: { type: 'string' }, status: { type: 'integer' } },
} as const;

/**
 * Submissions: `POST /api/buffer/{code}` validates the body with the module's definition
 * (JSON Schema, then the ordered rules, then the ids it points at) and files it; any violation
 * is a 422 with every violation in order and nothing stored. The body schema is the module's
 * (see `/api/docs`), so it is not declared here: Fastify's own validation would coerce types
 * and answer 400 where the spec's messages are due.
 */
const buffer: FastifyPluginAsync = async (app) => {
  const definitions = await loadDefinitions();
  for (const p of definitions.problems) app.log.warn({ file: p.file, pointer: p.pointer }, `module definition problem: ${p.message}`);

  async function stepsOf(moduleCode: string): Promise<MasterProcessStep[]> {
    const rows = await app.db.selectFrom('master_processes')
      .select(['id', 'optional', 'position'])
      .where('module_code', '=', moduleCode)
      .orderBy('position')
      .execute();
    return rows.map((r) => ({ id: r.id, optional: r.optional, position: r.position }));
  }

  app.get<{ Querystring: { module_code: string } }>('/buffer/next_code', {
    onRequest: app.authenticate,
    schema: {
      ...doc('Preview of the next document code (and stamp number, for modules that need one) of a module; not reserved.'),
      querystring: { type: 'object', required: ['module_code'], properties: { module_code: codeParams.properties.code } },
      response: {
        200: { type: 'object', required: ['code', 'stamp_no'], properties: { code: { type: 'string' }, stamp_no: { type: ['string', 'null'] } } },
        400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema,
      },
    },
  }, async (request) => {
    const module = findModule(definitions, request.query.module_code);
    const t = definitions.translate(request.lang);
    if (!module) throw notFound(t('engine.errors.unknownModule', { code: request.query.module_code }));
    const prefix = module.meta.codePrefix ?? module.code.toUpperCase();
    return {
      code: await peekNextNumber(app.db, 'code', codePrefix(prefix)),
      stamp_no: module.meta.needsStampNo ? await peekNextNumber(app.db, 'stamp_no', stampPrefix(prefix)) : null,
    };
  });

  app.post<{ Params: { code: string }; Body: unknown }>('/buffer/:code', {
    onRequest: app.authenticate,
    ...idempotencyHooks,
    schema: {
      ...doc('Files a document of module {code}; each module\'s own body is described under /api/buffer/<code>.'),
      params: codeParams,
      response: {
        201: filedSchema,
        400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 413: errorResponseSchema,
        409: errorResponseSchema, 415: errorResponseSchema, 422: errorResponseSchema,
      },
    },
  }, async (request, reply) => {
    const t = definitions.translate(request.lang);
    const module = findModule(definitions, request.params.code);
    if (!module) throw notFound(t('engine.errors.unknownModule', { code: request.params.code }));
    const steps = await stepsOf(module.code);
    const violations = validateSubmission(module, request.body, { steps }, t);
    if (violations.length) throw validationFailed(violations.map(({ propertyPath, message }) => ({ propertyPath, message })));
    const currencies = await app.db.selectFrom('currencies').select(['id', 'code']).execute();
    const data = computeFormData(module, readSubmitPayload(module, request.body as Record<string, unknown>), { steps, currencies });
    const label = (field: string) => t(labelKey(module, field));
    const references = await referenceViolations(app.db, data, steps, t, label, request.user.id);
    if (references.length) throw validationFailed(references.map(({ propertyPath, message }) => ({ propertyPath, message })));
    const ctx = { userId: request.user.id, lang: request.lang, t, appUrl: app.config.appUrl };
    const filed = await fileBuffer(app.db, module, data, steps, request.user.id, (trx, buffer) => onDocumentFiled(trx, buffer.id, ctx));
    app.mailer.kick();
    return reply.code(201).send(filed);
  });
};

export default buffer;
