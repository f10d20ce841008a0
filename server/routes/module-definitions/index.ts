import type { FastifyPluginAsync } from 'fastify';
import { ATTACHMENTS_META, LANGS, PROCESS_META, RULES_META, SCHEMA_FILE_META, UI_SCHEMA_META, type CompiledModule, type DefinitionSet } from '../../../src/engine';
import { findVersion } from '../../definitions/definition-version-repository';
import { errorResponseSchema, notFound } from '../../lib/errors';
import { moduleStudio } from './studio';
import { DefinitionParams, DefinitionQuery, MetaSchema, MetaSchemaParams, ServedModule, ServedModuleCollection, type MetaSchemaPart } from '../../../src/wire/module-definitions';

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
      response: { 200: ServedModuleCollection, 401: errorResponseSchema },
    },
  }, async (request): Promise<ServedModuleCollection> => {
    const members = topLevel(request.definitions);
    return { 'hydra:member': members, 'hydra:totalItems': members.length };
  });

  const metaSchemas: Record<MetaSchemaPart, MetaSchema> = { schema: SCHEMA_FILE_META, uiSchema: UI_SCHEMA_META, rules: RULES_META, process: PROCESS_META, attachments: ATTACHMENTS_META };
  app.get<{ Params: MetaSchemaParams }>('/module-definitions/meta-schemas/:part', {
    onRequest: app.authenticate,
    schema: {
      ...({ summary: 'The meta-schema of one part of a module definition (for editors\' completion and checks)' } as object),
      params: MetaSchemaParams,
      response: { 200: MetaSchema, 400: errorResponseSchema, 401: errorResponseSchema },
    },
  }, async (request): Promise<MetaSchema> => metaSchemas[request.params.part]);

  app.get<{ Params: DefinitionParams; Querystring: DefinitionQuery }>('/module-definitions/:code', {
    onRequest: app.authenticate,
    schema: {
      params: DefinitionParams,
      querystring: DefinitionQuery,
      response: { 200: ServedModule, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
    },
  }, async (request): Promise<ServedModule> => {
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
