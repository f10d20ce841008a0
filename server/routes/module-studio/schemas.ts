import { errorResponseSchema } from '../../lib/errors';

const open = { type: 'object', additionalProperties: true } as const;

/** A module code: lower-case words joined by hyphens. */
export const moduleCode = { type: 'string', minLength: 2, maxLength: 50, pattern: '^[a-z][a-z0-9]*(-[a-z0-9]+)*$' } as const;

/** `{ code, schema, uiSchema, rules, locales, process, attachments }`: what the source route answers and publishing takes. */
export const sourceSchema = {
  type: 'object',
  required: ['code', 'schema', 'uiSchema', 'rules', 'locales', 'process', 'attachments'],
  additionalProperties: false,
  properties: {
    code: moduleCode,
    schema: open,
    uiSchema: open,
    rules: open,
    locales: { type: 'object', required: ['en', 'ja', 'zh'], additionalProperties: false, properties: { en: open, ja: open, zh: open } },
    process: { type: ['object', 'null'], additionalProperties: true },
    attachments: { type: ['object', 'null'], additionalProperties: true },
  },
} as const;

/** The answer of a publish. */
export const publishedSchema = {
  type: 'object',
  required: ['code', 'version', 'definitionVersion', 'created', 'inFlightOlder'],
  properties: {
    code: { type: 'string' },
    version: { type: 'integer', description: 'Version number of the module (1, 2, …)' },
    definitionVersion: { type: 'string', description: 'Content hash a document filed now records' },
    created: { type: 'boolean', description: 'False when the body equals the latest version (nothing stored)' },
    inFlightOlder: { type: 'integer', description: 'Documents in progress filed under an older version' },
  },
} as const;

/** One published version. */
export const versionSchema = {
  type: 'object',
  required: ['version', 'content_hash', 'origin', 'created_at', 'current'],
  properties: {
    version: { type: 'integer' }, content_hash: { type: 'string' }, origin: { type: 'string', enum: ['files', 'studio'] },
    published_by: { type: ['object', 'null'], properties: { id: { type: 'integer' }, name: { type: 'string' } } },
    created_at: { type: 'string', format: 'date-time' }, current: { type: 'boolean' },
  },
} as const;

/** One module as the studio lists it. */
export const studioModuleSchema = {
  type: 'object',
  required: ['code', 'kind', 'version', 'disabled', 'title'],
  properties: {
    code: { type: 'string' }, kind: { type: 'string', enum: ['module', 'subform'] }, version: { type: 'integer' },
    disabled: { type: 'boolean' }, title: { type: 'object', additionalProperties: { type: 'string' } },
  },
} as const;

/** 422 of a refused publish: every problem as `{ propertyPath, message }`. */
export const violationsSchema = {
  ...errorResponseSchema,
  properties: {
    ...errorResponseSchema.properties,
    violations: { type: 'array', items: { type: 'object', required: ['propertyPath', 'message'], properties: { propertyPath: { type: 'string' }, message: { type: 'string' } } } },
  },
} as const;
