import type { FastifyPluginAsync } from 'fastify';
import { findModule, loadDefinitions } from '../../definitions/definitions';
import { badRequest, errorResponseSchema, notFound } from '../../lib/errors';
import { peekNextNumber, stampPrefix } from '../buffer/document-code';

/** An OpenAPI description for a route schema (FastifySchema does not declare the keyword). */
const doc = (description: string) => ({ description });

const moduleCode = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[a-z][a-z0-9-]{0,63}$' } as const;

/**
 * `GET /api/stamp_statistics/next_code?module_code=` (spec 001 §4: the stamp number shown on
 * the contract and seal forms): a preview of the next stamp number of a module whose definition
 * has `needsStampNo`, numbered exactly as filing numbers it (`buffer/document-code.ts`); not
 * reserved. Other modules have no stamp number: 400.
 */
const stampStatistics: FastifyPluginAsync = async (app) => {
  const definitions = await loadDefinitions();

  app.get<{ Querystring: { module_code: string } }>('/stamp_statistics/next_code', {
    onRequest: app.authenticate,
    schema: {
      ...doc('Preview of the next stamp number of a module that needs one (contract-supplier, contract-customer, corporate-seal); not reserved. 400 for other modules.'),
      querystring: { type: 'object', required: ['module_code'], additionalProperties: false, properties: { module_code: moduleCode } },
      response: {
        200: { type: 'object', required: ['stamp_no'], properties: { stamp_no: { type: 'string' } } },
        400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema,
      },
    },
  }, async (request) => {
    const { module_code } = request.query;
    const module = findModule(definitions, module_code);
    if (!module || module.kind !== 'module') throw notFound(definitions.translate(request.lang)('engine.errors.unknownModule', { code: module_code }));
    if (!module.meta.needsStampNo) throw badRequest(request.t('server.errors.invalidRequest', { detail: `module_code ${module_code}: no stamp number` }));
    const prefix = module.meta.codePrefix ?? module.code.toUpperCase();
    return { stamp_no: await peekNextNumber(app.db, 'stamp_no', stampPrefix(prefix)) };
  });
};

export default stampStatistics;
