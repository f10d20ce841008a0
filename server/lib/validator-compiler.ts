import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

const common: Options = { useDefaults: true, removeAdditional: false, allErrors: false, strict: false };

/** A real calendar day `YYYY-MM-DD` in the years 0001–9999 (what a date filter can mean). */
function isStorableDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match || match[1] === '0000') return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Route validation with two Ajv instances: query strings and path parameters are text on the
 * wire, so they are coerced (`page=2` → 2); JSON bodies are not, so a wrong type is a clear 400
 * instead of a silent conversion (`{"username": ["a"]}` is not the string "a").
 */
export function createValidatorCompiler(): FastifySchemaCompiler<any> {
  const coercing = new Ajv({ ...common, coerceTypes: 'array' });
  const strict = new Ajv({ ...common, coerceTypes: false });
  for (const ajv of [coercing, strict]) {
    addFormats(ajv);
    // PostgreSQL has no year 0: a `date` of 0000-… would pass ajv-formats and then fail the query.
    ajv.addFormat('date', { type: 'string', validate: isStorableDate });
  }
  return ({ schema, httpPart }) => (httpPart === 'body' ? strict : coercing).compile(schema);
}
