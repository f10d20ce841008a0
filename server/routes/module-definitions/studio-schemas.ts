import { Published, PublishedVersion, StudioModule } from '../../../src/wire/studio';

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
export const publishedSchema = Published;

/** One published version. */
export const versionSchema = PublishedVersion;

/** One module as the studio lists it. */
export const studioModuleSchema = StudioModule;
