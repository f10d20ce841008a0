import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

const common: Options = { useDefaults: true, removeAdditional: false, allErrors: false, strict: false };

/**
 * Route validation with two Ajv instances: query strings and path parameters are text on the
 * wire, so they are coerced (`page=2` → 2); JSON bodies are not, so a wrong type is a clear 400
 * instead of a silent conversion (`{"username": ["a"]}` is not the string "a").
 */
export function createValidatorCompiler(): FastifySchemaCompiler<any> {
  const coercing = new Ajv({ ...common, coerceTypes: 'array' });
  const strict = new Ajv({ ...common, coerceTypes: false });
  addFormats(coercing);
  addFormats(strict);
  return ({ schema, httpPart }) => (httpPart === 'body' ? strict : coercing).compile(schema);
}
