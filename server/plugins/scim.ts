import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { AppError } from '../lib/errors';
import { serverTranslate } from '../lib/i18n';
import { isDatabaseUnavailable } from '../lib/dependency-unavailable';
import { companyOfScimToken } from '../repositories/scim-token-repository';
import { ScimError, scimBadRequest, scimNotFound } from '../auth/scim/scim-error';
import { parseScimFilter, type FilterTerm } from '../auth/scim/scim-filter';
import { applyPatch, draftFromBody } from '../auth/scim/scim-user';
import { createUser, draftOf, markDeleted, findUser, listUsers, updateUser, userIdOf, userResource, USER_FILTER_ATTRIBUTES } from '../auth/scim/scim-users';
import { findGroup, groupResource, GROUP_FILTER_ATTRIBUTES, listGroups, patchGroup, putGroup } from '../auth/scim/scim-groups';
import { listResponse, MAX_COUNT, resourceTypes, schemas, serviceProviderConfig } from '../auth/scim/scim-discovery';
import { deactivateUser } from '../workflow/people/deactivation';
import { accessOrigin, recordAccess, type AccessEvent } from '../auth/access-log';
import type { WorkflowContext } from '../workflow/core/workflow-context';

/** Where SCIM lives (outside `/api`: its own bearer tokens, its own media type and error shape). */
export const SCIM_PREFIX = '/scim/v2';
const SCIM_TYPE = 'application/scim+json; charset=utf-8';
/** SCIM bodies above 1 MiB are refused (as every JSON body of the API). */
const JSON_BODY_LIMIT = 1024 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    /** The company of the request's SCIM token (set by the SCIM plugin's onRequest). */
    scimCompanyId: number;
    /** The id of the request's SCIM token (kept in its access-log entries). */
    scimTokenId: number;
  }
}

type Query = Record<string, string | undefined>;

/** `startIndex` (1-based, < 1 → 1) and `count` (< 0 → 0, above MAX_COUNT → MAX_COUNT; default MAX_COUNT), RFC 7644 §3.4.2.4. */
function paging(query: Query): { startIndex: number; count: number } {
  const number = (value: string | undefined, name: string) => {
    if (value === undefined || value === '') return undefined;
    if (!/^-?\d{1,10}$/.test(value)) throw scimBadRequest(`${name} must be an integer`, 'invalidValue');
    return Number(value);
  };
  const start = number(query.startIndex, 'startIndex') ?? 1;
  const count = number(query.count, 'count') ?? MAX_COUNT;
  return { startIndex: Math.max(1, start), count: Math.min(MAX_COUNT, Math.max(0, count)) };
}

function filterTerms(query: Query, attributes: Parameters<typeof parseScimFilter>[1]): FilterTerm[] {
  if (query.filter === undefined || query.filter.trim() === '') return [];
  const parsed = parseScimFilter(query.filter, attributes);
  if ('error' in parsed) throw new ScimError(400, `Invalid filter: ${parsed.error}`, 'invalidFilter');
  return parsed.terms;
}

/** Parses a SCIM JSON body (either media type); a broken one is `invalidSyntax`. */
function parseJson(_request: FastifyRequest, body: string, done: (err: Error | null, value?: unknown) => void) {
  if (body.length === 0) return done(scimBadRequest('the request body is empty', 'invalidSyntax'));
  try {
    done(null, JSON.parse(body));
  } catch {
    done(scimBadRequest('the request body is not valid JSON', 'invalidSyntax'));
  }
}

/** Any thrown error as a SCIM error (RFC 7644 §3.12); 5xx detail is hidden. */
function toScimError(error: FastifyError): ScimError {
  if (error instanceof ScimError) return error;
  if (isDatabaseUnavailable(error)) return new ScimError(503, 'The service is unavailable; try again later');
  if (error instanceof AppError) return new ScimError(error.statusCode, error.message, error.statusCode === 400 ? 'invalidValue' : undefined);
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new ScimError(413, 'The request body is too large');
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new ScimError(415, 'Send application/scim+json or application/json');
  if (typeof error.code === 'string' && /^(22[0-9A-Z]{3}|54001)$/.test(error.code)) return scimBadRequest('a value is out of range');
  if (error.code === '23505') return new ScimError(409, 'a unique value is already taken', 'uniqueness');
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  return new ScimError(status, status === 500 ? 'Something went wrong on the server; try again later' : error.message);
}

/**
 * SCIM 2.0 provisioning at `/scim/v2` (RFC 7643/7644; issue #34 items 5 and 6; docs/IDENTITY.md):
 * ServiceProviderConfig, Schemas, ResourceTypes, Users (list with filter and paging, create,
 * read, PUT, PATCH, DELETE = deactivate) and Groups (= the company's departments; members).
 * Every request needs a company's SCIM token (`Authorization: Bearer …`, made under Admin →
 * SCIM tokens): it reaches that company's users and departments only — another company's are
 * not found. Answers are `application/scim+json`; failures the SCIM error shape.
 */
const scim: FastifyPluginAsync = async (app) => {
  const db: Kysely<Database> = app.db;
  const base = `${app.config.appUrl}${SCIM_PREFIX}`;
  const ctx = (request: FastifyRequest): WorkflowContext => ({
    userId: 0, lang: 'ja', t: serverTranslate('ja'), appUrl: app.config.appUrl, definitions: request.definitions,
  });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(['application/scim+json', 'application/json'], { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT }, parseJson);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const scimError = toScimError(error);
    if (scimError.status >= 500) request.log.error({ err: error }, 'SCIM request failed');
    else request.log.info({ status: scimError.status, scimType: scimError.scimType, detail: scimError.detail }, 'SCIM request refused');
    if (scimError.status === 401) reply.header('www-authenticate', 'Bearer realm="scim"');
    return reply.status(scimError.status).type(SCIM_TYPE).send(JSON.stringify(scimError.body()));
  });

  app.addHook('onRequest', async (request) => {
    const match = /^Bearer\s+(\S{1,200})$/i.exec(request.headers.authorization ?? '');
    const found = match ? await companyOfScimToken(db, match[1]) : null;
    if (!found) {
      await recordAccess(db, { event: 'sign_in', method: 'scim-token', success: false, reason: match ? 'invalid_token' : 'no_token', ...accessOrigin(request), detail: { path: request.url.split('?')[0].slice(0, 200) } });
      throw new ScimError(401, 'A valid SCIM bearer token of a company is required');
    }
    request.scimCompanyId = found.companyId;
    request.scimTokenId = found.tokenId;
    // A token's use is a sign-in entry at most once a minute (when its last use is noted), not per request.
    if (found.touched) await recordAccess(db, { event: 'sign_in', method: 'scim-token', companyId: found.companyId, ...accessOrigin(request), detail: { token_id: found.tokenId } });
  });

  /** The access-log entry of a SCIM change (in its transaction): the provisioned user is the entry's user; the token is in `detail`. */
  const logChange = (trx: Kysely<Database>, request: FastifyRequest, event: AccessEvent, userId: number | null, detail: Record<string, unknown> = {}) =>
    recordAccess(trx, {
      event, userId, companyId: request.scimCompanyId, method: 'scim-token', ...accessOrigin(request),
      detail: { token_id: request.scimTokenId, ...detail },
    });
  /** A PUT or PATCH's event: the change of `active`, or an update. */
  const changeEvent = (wasDisabled: boolean, isDisabled: boolean): AccessEvent =>
    wasDisabled === isDisabled ? 'scim.user_update' : isDisabled ? 'scim.user_deactivate' : 'scim.user_reactivate';

  const send = (reply: FastifyReply, status: number, body: unknown) => reply.status(status).type(SCIM_TYPE).send(JSON.stringify(body));

  app.get('/ServiceProviderConfig', async (_request, reply) => send(reply, 200, serviceProviderConfig(base, `${app.config.appUrl}/api/docs`)));
  app.get('/Schemas', async (_request, reply) => { const all = schemas(base); return send(reply, 200, listResponse(all, all.length, 1)); });
  app.get<{ Params: { id: string } }>('/Schemas/:id', async (request, reply) => {
    const schema = schemas(base).find((s) => s.id === request.params.id);
    if (!schema) throw scimNotFound(`There is no schema ${request.params.id.slice(0, 120)}`);
    return send(reply, 200, schema);
  });
  app.get('/ResourceTypes', async (_request, reply) => { const all = resourceTypes(base); return send(reply, 200, listResponse(all, all.length, 1)); });
  app.get<{ Params: { id: string } }>('/ResourceTypes/:id', async (request, reply) => {
    const type = resourceTypes(base).find((s) => s.id === request.params.id);
    if (!type) throw scimNotFound(`There is no resource type ${request.params.id.slice(0, 120)}`);
    return send(reply, 200, type);
  });

  // ---- Users
  const userNotFound = (id: string) => scimNotFound(`User ${id.slice(0, 40)} not found`);
  /** The company's user `id`, locked for the transaction's write, or 404. */
  const lockedUser = async (trx: Kysely<Database>, companyId: number, id: string) => {
    const userId = userIdOf(id);
    const locked = userId === null ? undefined
      : await trx.selectFrom('users').select('id').where('id', '=', userId).where('company_id', '=', companyId).forUpdate().executeTakeFirst();
    const row = locked ? await findUser(trx, companyId, locked.id) : undefined;
    if (!row) throw userNotFound(id);
    return row;
  };

  app.get<{ Querystring: Query }>('/Users', async (request, reply) => {
    const terms = filterTerms(request.query, USER_FILTER_ATTRIBUTES);
    const { startIndex, count } = paging(request.query);
    const { total, rows } = await listUsers(db, request.scimCompanyId, terms, startIndex, count);
    return send(reply, 200, listResponse(rows.map((r) => userResource(r, base)), total, startIndex));
  });

  app.get<{ Params: { id: string } }>('/Users/:id', async (request, reply) => {
    const userId = userIdOf(request.params.id);
    const row = userId === null ? undefined : await findUser(db, request.scimCompanyId, userId);
    if (!row) throw userNotFound(request.params.id);
    return send(reply, 200, userResource(row, base));
  });

  app.post('/Users', async (request, reply) => {
    const draft = draftFromBody(request.body);
    const row = await db.transaction().execute(async (trx) => {
      const id = await createUser(trx, request.scimCompanyId, draft, ctx(request));
      await logChange(trx, request, 'scim.user_create', id);
      return (await findUser(trx, request.scimCompanyId, id))!;
    });
    return send(reply.header('location', `${base}/Users/${row.id}`), 201, userResource(row, base));
  });

  app.put<{ Params: { id: string } }>('/Users/:id', async (request, reply) => {
    const row = await db.transaction().execute(async (trx) => {
      const current = await lockedUser(trx, request.scimCompanyId, request.params.id);
      await updateUser(trx, request.scimCompanyId, current, draftFromBody(request.body, draftOf(current)), ctx(request));
      const updated = (await findUser(trx, request.scimCompanyId, current.id))!;
      await logChange(trx, request, changeEvent(current.disabled, updated.disabled), current.id, { operation: 'PUT' });
      return updated;
    });
    return send(reply, 200, userResource(row, base));
  });

  app.patch<{ Params: { id: string } }>('/Users/:id', async (request, reply) => {
    const row = await db.transaction().execute(async (trx) => {
      const current = await lockedUser(trx, request.scimCompanyId, request.params.id);
      await updateUser(trx, request.scimCompanyId, current, applyPatch(draftOf(current), request.body), ctx(request));
      const updated = (await findUser(trx, request.scimCompanyId, current.id))!;
      await logChange(trx, request, changeEvent(current.disabled, updated.disabled), current.id, { operation: 'PATCH' });
      return updated;
    });
    return send(reply, 200, userResource(row, base));
  });

  // DELETE deactivates: the person's record and every entry they wrote stay (電子帳簿保存法).
  app.delete<{ Params: { id: string } }>('/Users/:id', async (request, reply) => {
    await db.transaction().execute(async (trx) => {
      const current = await lockedUser(trx, request.scimCompanyId, request.params.id);
      await deactivateUser(trx, current.id, ctx(request));
      await markDeleted(trx, current.id);
      await logChange(trx, request, 'scim.user_delete', current.id);
    });
    return reply.status(204).send();
  });

  // ---- Groups (departments)
  const groupNotFound = (id: string) => scimNotFound(`Group ${id.slice(0, 40)} not found`);
  const withMembers = (query: Query) => !(query.excludedAttributes ?? '').toLowerCase().split(',').map((s) => s.trim()).includes('members');
  const groupOf = async (trx: Kysely<Database>, companyId: number, id: string) => {
    const groupId = userIdOf(id);
    const row = groupId === null ? undefined : await findGroup(trx, companyId, groupId);
    if (!row) throw groupNotFound(id);
    return row;
  };

  app.get<{ Querystring: Query }>('/Groups', async (request, reply) => {
    const terms = filterTerms(request.query, GROUP_FILTER_ATTRIBUTES);
    const { startIndex, count } = paging(request.query);
    const { total, rows } = await listGroups(db, request.scimCompanyId, terms, startIndex, count);
    const resources = [];
    for (const row of rows) resources.push(await groupResource(db, request.scimCompanyId, row, base, withMembers(request.query)));
    return send(reply, 200, listResponse(resources, total, startIndex));
  });

  app.get<{ Params: { id: string }; Querystring: Query }>('/Groups/:id', async (request, reply) => {
    const row = await groupOf(db, request.scimCompanyId, request.params.id);
    return send(reply, 200, await groupResource(db, request.scimCompanyId, row, base, withMembers(request.query)));
  });

  for (const method of ['PATCH', 'PUT'] as const) {
    app.route<{ Params: { id: string } }>({
      method, url: '/Groups/:id',
      handler: async (request, reply) => {
        const resource = await db.transaction().execute(async (trx) => {
          const row = await groupOf(trx, request.scimCompanyId, request.params.id);
          if (method === 'PATCH') await patchGroup(trx, request.scimCompanyId, row, request.body);
          else await putGroup(trx, request.scimCompanyId, row, request.body);
          await logChange(trx, request, 'scim.group_change', null, { operation: method, group_id: row.id });
          return groupResource(trx, request.scimCompanyId, row, base, true);
        });
        return send(reply, 200, resource);
      },
    });
  }

  const organisationOnly = async () => {
    throw new ScimError(403, 'Departments are created and deleted in Ringi\'s company form (with its approval), not by SCIM; link the IdP group to an existing department by its name');
  };
  app.post('/Groups', organisationOnly);
  app.delete('/Groups/:id', organisationOnly);

  app.all('/*', async (request) => {
    throw scimNotFound(`There is no SCIM endpoint ${request.method} ${request.url.split('?')[0].slice(0, 120)}`);
  });
};

export default scim;
