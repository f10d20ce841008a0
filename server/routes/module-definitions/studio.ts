import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { LANGS, createTranslate, type DefinitionFiles, type DefinitionSet } from '../../../src/engine';
import type { ModuleSource } from '../../definitions/module-source';
import { disabledCodes, latestSources } from '../../definitions/module-source-repository';
import { problemViolation, type SentenceContext } from '../../definitions/problem-violation';
import { publishSources } from '../../definitions/publish-sources';
import { checkDraft, judgeBody, setDisabled } from '../../definitions/studio-actions';
import { AppError, badRequest, conflict, errorResponseSchema, forbidden, notFound } from '../../lib/errors';
import {
  Published, PublishedVersionCollection, StudioCheck, StudioCheckSetBody, StudioCodeParams, StudioJudgeBody, StudioJudgement, StudioModuleCollection,
  StudioModule, StudioModuleState, StudioSource, StudioSourceQuery,
} from '../../../src/wire/studio';

const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, errorResponseSchema]));
const doc = (summary: string, description?: string) => ({ summary, description: description ?? summary, tags: ['module studio'] });
/** The checker's problems become sentences in the request's language, over the definitions they were found in. */
const sentences = (request: FastifyRequest, files: DefinitionFiles): SentenceContext => ({ files, lang: request.lang, t: createTranslate(files.locales, request.lang) });

/**
 * The module studio's API (group admins only: a group company member who is company
 * authorizer; others 403): read a module's source, publish new modules and versions through
 * the checker, list versions, disable/re-enable, and check a draft or judge a body with it.
 */
export const moduleStudio: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('preHandler', async (request) => {
    if (!(request.user.is_ringi_group_member && request.user.is_company_authorizer)) throw forbidden(request.t('server.studio.forbidden'));
  });

  /** Namespaces that are not modules (app, engine, server…) cannot become module codes. */
  const reserved = ({ files, modules }: DefinitionSet) => new Set(Object.keys(files.locales.en ?? {}).filter((ns) => !Object.hasOwn(modules, ns)));

  async function publish(request: FastifyRequest, source: ModuleSource): Promise<Published> {
    if (reserved(request.definitions).has(source.code)) throw badRequest(request.t('server.studio.reserved', { code: source.code }));
    const result = await publishSources(app.definitionStore, [source], { origin: 'studio', userId: request.user.id });
    if ('problems' in result) {
      const context = sentences(request, result.files);
      const violations = result.problems.map((p) => problemViolation(p, source.code, context));
      throw new AppError('VALIDATION_FAILED', request.t('server.studio.refused', { count: violations.length, first: violations[0].message }), { violations });
    }
    return result[0];
  }

  app.get('/module-studio/modules', {
    schema: { ...doc('Every module and sub-form with its latest version and state (the studio list)'), response: { 200: StudioModuleCollection, ...errors(401, 403) } },
  }, async (): Promise<StudioModuleCollection> => {
    const [latest, disabled] = await Promise.all([latestSources(app.db), disabledCodes(app.db)]);
    const members = [...latest.values()].map((row): StudioModule => {
      const ui = (row.source.uiSchema?.['ui:module'] ?? {}) as { kind?: string };
      const title = Object.fromEntries(LANGS.map((lang) => [lang, String((row.source.locales?.[lang] as { title?: unknown } | undefined)?.title ?? row.code)]));
      return { code: row.code, kind: ui.kind === 'subform' ? 'subform' : 'module', version: row.version, disabled: disabled.has(row.code), title };
    });
    return { 'hydra:member': members, 'hydra:totalItems': members.length };
  });

  app.get<{ Params: StudioCodeParams; Querystring: StudioSourceQuery }>('/module-definitions/:code/source', {
    schema: {
      ...doc('A module\'s source: exactly the body that publishes it again', '`?version=n` answers an older published version (for diffs).'),
      params: StudioCodeParams,
      querystring: StudioSourceQuery,
      response: { 200: StudioSource, ...errors(400, 401, 403, 404) },
    },
  }, async (request): Promise<StudioSource> => {
    const { code } = request.params;
    const query = app.db.selectFrom('module_sources').select(['source', 'version']).where('code', '=', code);
    const row = request.query.version
      ? await query.where('version', '=', request.query.version).executeTakeFirst()
      : await query.orderBy('version', 'desc').limit(1).executeTakeFirst();
    if (!row) {
      throw notFound(request.query.version ? request.t('server.studio.unknownVersion', { code, version: request.query.version }) : request.t('server.studio.unknownModule', { code }));
    }
    // Stored only once the checker passed it (publishSources), as the module-source repository reads it too.
    return row.source as unknown as StudioSource;
  });

  app.get<{ Params: StudioCodeParams }>('/module-definitions/:code/versions', {
    schema: { ...doc('Every published version of a module, newest first'), params: StudioCodeParams, response: { 200: PublishedVersionCollection, ...errors(400, 401, 403, 404) } },
  }, async (request): Promise<PublishedVersionCollection> => {
    const rows = await app.db.selectFrom('module_sources').leftJoin('users', 'users.id', 'module_sources.published_by')
      .select(['module_sources.version', 'module_sources.content_hash', 'module_sources.origin', 'module_sources.created_at', 'users.id as user_id', 'users.name as user_name'])
      .where('module_sources.code', '=', request.params.code).orderBy('module_sources.version', 'desc').execute();
    if (rows.length === 0) throw notFound(request.t('server.studio.unknownModule', { code: request.params.code }));
    const members = rows.map((row, index) => ({
      version: row.version, content_hash: row.content_hash, origin: row.origin, created_at: new Date(row.created_at as unknown as string).toISOString(), current: index === 0,
      published_by: row.user_id ? { id: row.user_id, name: row.user_name ?? '' } : null,
    }));
    return { 'hydra:member': members, 'hydra:totalItems': members.length };
  });

  app.post<{ Body: StudioSource }>('/module-definitions', {
    schema: {
      ...doc('Publishes a new module (version 1) after the definition checker', 'Refused with 422 and every problem (`propertyPath` = part + JSON pointer) when the checker finds any.'),
      body: StudioSource, response: { 201: Published, ...errors(400, 401, 403, 409, 422) },
    },
  }, async (request, reply) => {
    const exists = await app.db.selectFrom('module_sources').select('code').where('code', '=', request.body.code).executeTakeFirst();
    if (exists) throw conflict(request.t('server.studio.exists', { code: request.body.code }));
    return reply.code(201).send(await publish(request, request.body));
  });

  app.put<{ Params: StudioCodeParams; Body: StudioSource }>('/module-definitions/:code', {
    schema: {
      ...doc('Publishes a new version of a module after the definition checker', 'Takes effect at once on every instance; documents keep the version they were filed under. `inFlightOlder` counts documents in progress under older versions; `inFlightOldRoute` those of them whose filed approval route differs from the new one (they keep it: filed steps are pinned).'),
      params: StudioCodeParams, body: StudioSource, response: { 200: Published, ...errors(400, 401, 403, 404, 422) },
    },
  }, async (request): Promise<Published> => {
    const { code } = request.params;
    if (request.body.code !== code) throw badRequest(request.t('server.studio.codeMismatch', { body: request.body.code, code }));
    const exists = await app.db.selectFrom('module_sources').select('code').where('code', '=', code).executeTakeFirst();
    if (!exists) throw notFound(request.t('server.studio.unknownModule', { code }));
    return publish(request, request.body);
  });

  for (const [action, disabled] of [['disable', true], ['enable', false]] as const) {
    app.post<{ Params: StudioCodeParams }>(`/module-definitions/:code/${action}`, {
      schema: {
        ...doc(disabled ? 'Disables a module: no new documents; existing ones stay readable and actionable' : 'Re-enables a disabled module'),
        params: StudioCodeParams,
        response: { 200: StudioModuleState, ...errors(400, 401, 403, 404) },
      },
    }, async (request): Promise<StudioModuleState> => {
      const { code } = request.params;
      const exists = await app.db.selectFrom('module_sources').select('code').where('code', '=', code).executeTakeFirst();
      if (!exists) throw notFound(request.t('server.studio.unknownModule', { code }));
      await setDisabled(app.definitionStore, code, disabled);
      return { code, disabled };
    });
  }

  app.post<{ Body: StudioSource }>('/module-definitions/check', {
    schema: {
      ...doc('Checks a draft source without publishing: every problem it would be refused with', 'Each problem: `propertyPath` (part + JSON pointer in the source), `message` (a sentence in the request\'s language, Accept-Language, naming the field by its label, or the check, step or text, and where in the studio to fix it) and `detail` (the checker\'s technical text: pointer, RE2 or meta-schema message). Publishing refuses with the same violations (422).'),
      body: StudioSource,
      response: {
        200: StudioCheck,
        ...errors(400, 401, 403),
      },
    },
  }, async (request): Promise<StudioCheck> => {
    const { problems, warnings, inFlight, inFlightOldRoute, set } = await checkDraft(app.definitionStore, request.body);
    const code = request.body.code;
    const context = sentences(request, set.files);
    return { violations: problems.map((p) => problemViolation(p, code, context)), warnings: warnings.map((p) => problemViolation(p, code, context)), inFlight, inFlightOldRoute };
  });

  app.post<{ Body: StudioCheckSetBody }>('/module-definitions/check-set', {
    schema: {
      ...doc('Checks a draft module together with new item sub-forms it uses (not published yet): every problem the set would be refused with', 'The first source is the module; problems of the others name their code.'),
      body: StudioCheckSetBody,
      response: {
        200: StudioCheck,
        ...errors(400, 401, 403),
      },
    },
  }, async (request): Promise<StudioCheck> => {
    const [draft, ...others] = request.body.sources;
    const { problems, warnings, inFlight, inFlightOldRoute, set } = await checkDraft(app.definitionStore, draft, others);
    const context = sentences(request, set.files);
    return { violations: problems.map((p) => problemViolation(p, draft.code, context)), warnings: warnings.map((p) => problemViolation(p, draft.code, context)), inFlight, inFlightOldRoute };
  });

  app.post<{ Body: StudioJudgeBody }>('/module-definitions/judge', {
    schema: {
      ...doc('Judges a submission body with a draft definition, as `npm run check` does: ordered violations, or the definition\'s problems'),
      body: StudioJudgeBody,
      response: {
        200: StudioJudgement,
        ...errors(400, 401, 403),
      },
    },
  }, async (request): Promise<StudioJudgement> => {
    const { set, ...result } = await judgeBody(app.definitionStore, request.body.source, request.body.body, request.body.lang ?? request.lang);
    const context = sentences(request, set.files);
    return { ...result, definitionProblems: result.definitionProblems.map((p) => problemViolation(p, request.body.source.code, context)) };
  });
};

