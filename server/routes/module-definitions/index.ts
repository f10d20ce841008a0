import type { FastifyPluginAsync } from 'fastify';
import { ATTACHMENTS_META, LANGS, PROCESS_META, RULES_META, SCHEMA_FILE_META, UI_SCHEMA_META, type CompiledModule, type DefinitionSet } from '../../../src/engine';
import { findVersion } from '../../definitions/definition-version-repository';
import { collectionSchema } from '../../lib/http-schemas';
import { errorResponseSchema, notFound } from '../../lib/errors';
import { moduleStudio } from './studio';

/** A compiled module as served (its own schema is open: definitions are data). */
const moduleSchema = {
  type: 'object',
  required: ['code', 'kind', 'version', 'schema', 'uiSchema', 'rules', 'meta', 'subForms', 'translations'],
  properties: {
    code: { type: 'string' }, kind: { type: 'string', enum: ['module', 'subform'] }, version: { type: 'string' },
    schema: { type: 'object', additionalProperties: true }, uiSchema: { type: 'object', additionalProperties: true },
    rules: { type: 'object', additionalProperties: true }, meta: { type: 'object', additionalProperties: true },
    subForms: { type: 'object', additionalProperties: true }, translations: { type: 'object', additionalProperties: true },
    // The route's steps (conditions, approver rules): the process card asks for the route again only when a field they read changes.
    process: { type: 'array', items: { type: 'object', additionalProperties: true } },
  },
  additionalProperties: false,
} as const;

const langs = LANGS.join(', ');

/**
 * The compiled module definitions the web app renders from (with their en/ja/zh translations,
 * so a module added on the server shows without rebuilding the app). Sub-forms come inside
 * their parent (and alone by code). `?version=` returns an older stored version, the one a document was filed under.
 */
const moduleDefinitions: FastifyPluginAsync = async (app) => {
  // The studio's calls (`/module-definitions/...` writes, checks, sources, versions, and the
  // studio list `/module-studio/modules`): group admins only, in their own encapsulated plugin.
  await app.register(moduleStudio);

  const topLevel = (definitions: DefinitionSet): CompiledModule[] =>
    Object.values(definitions.modules)
      .filter((m) => m.kind === 'module' && !definitions.disabled.has(m.code))
      .sort((a, b) => (a.meta.launcher?.order ?? 999) - (b.meta.launcher?.order ?? 999) || a.code.localeCompare(b.code));

  app.get('/module-definitions', {
    onRequest: app.authenticate,
    schema: {
      description: `Every module that takes new documents (not disabled), compiled (translations in ${langs}).`,
      response: { 200: collectionSchema(moduleSchema), 401: errorResponseSchema },
    },
  }, async (request) => {
    const members = topLevel(request.definitions);
    return { 'hydra:member': members, 'hydra:totalItems': members.length };
  });

  const metaSchemas: Record<string, unknown> = { schema: SCHEMA_FILE_META, uiSchema: UI_SCHEMA_META, rules: RULES_META, process: PROCESS_META, attachments: ATTACHMENTS_META };
  app.get<{ Params: { part: string } }>('/module-definitions/meta-schemas/:part', {
    onRequest: app.authenticate,
    schema: {
      ...({ summary: 'The meta-schema of one part of a module definition (for editors\' completion and checks)' } as object),
      params: { type: 'object', required: ['part'], properties: { part: { type: 'string', enum: Object.keys(metaSchemas) } } },
      response: { 200: { type: 'object', additionalProperties: true }, 400: errorResponseSchema, 401: errorResponseSchema },
    },
  }, async (request) => metaSchemas[request.params.part]);

  app.get<{ Params: { code: string }; Querystring: { version?: string } }>('/module-definitions/:code', {
    onRequest: app.authenticate,
    schema: {
      params: { type: 'object', required: ['code'], properties: { code: { type: 'string', maxLength: 64 } } },
      querystring: { type: 'object', properties: { version: { type: 'string', pattern: '^[0-9a-f]{1,64}$' } } },
      response: { 200: moduleSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
    },
  }, async (request) => {
    const { definitions } = request;
    const t = definitions.translate(request.lang);
    const { code } = request.params;
    const { version } = request.query;
    // Sub-forms are served too: an item page may be opened from a definition fetched alone.
    const current = Object.hasOwn(definitions.modules, code) ? definitions.modules[code] : null;
    if (current && (!version || version === current.version)) return current;
    const stored = version ? await findVersion(app.db, code, version) : null;
    if (stored) return stored;
    throw notFound(version && current ? t('engine.errors.unknownVersion', { code, version }) : t('engine.errors.unknownModule', { code }));
  });
};

export default moduleDefinitions;
