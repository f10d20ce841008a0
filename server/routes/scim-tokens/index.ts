import type { FastifyPluginAsync } from 'fastify';
import { isGroupAdmin } from '../../entities/permissions';
import { badRequest, errorResponseSchema, forbidden, notFound } from '../../lib/errors';
import { insertScimToken, liveScimTokens, revokeScimToken, scimTokenCompany } from '../../repositories/scim-token-repository';
import { doc } from '../route-schemas';
import { IdParams } from '../../../src/wire/common';
import { ScimTokenBody, ScimTokenCollection, ScimTokenCreated, ScimTokenQuery } from '../../../src/wire/scim-tokens';
import type { AuthUser } from '../../lib/auth-user';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema } as const;

/** Spec 000 §6: a group admin manages every company; a company authorizer their own company only. */
const mayManage = (user: AuthUser, companyId: number) => isGroupAdmin(user) || (user.is_authorizer && user.company_id === companyId);

/**
 * A company's SCIM bearer tokens (issue #34 item 5; docs/IDENTITY.md): the credentials its IdP's
 * provisioning client (Entra ID, Okta) sends to `/scim/v2`. Made, listed and revoked by the
 * company's authorizer or a group admin; the token is answered once and stored as its SHA-256.
 */
const scimTokens: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.post<{ Body: ScimTokenBody }>('/scim_tokens', {
    schema: {
      ...doc('Creates a SCIM bearer token for `company_id` (its authorizer or a group admin only; 403 otherwise, 404 for an unknown company). The answer holds the `token` — shown this once, stored only as its hash.'),
      body: ScimTokenBody,
      response: { 201: ScimTokenCreated, ...errors },
    },
  }, async (request, reply) => {
    const { company_id: companyId, name } = request.body;
    const trimmed = name.trim();
    if (!trimmed) throw badRequest(request.t('server.scimTokens.nameRequired'));
    const company = await app.db.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst();
    if (!company) throw notFound(request.t('server.scimTokens.companyNotFound'));
    if (!mayManage(request.user, companyId)) throw forbidden(request.t('server.scimTokens.scope'));
    const created = await insertScimToken(app.db, companyId, trimmed, request.user.id);
    return reply.code(201).send({ ...created, created_at: new Date(created.created_at).toISOString() });
  });

  app.get<{ Querystring: ScimTokenQuery }>('/scim_tokens', {
    schema: {
      ...doc('The live SCIM tokens the signed-in user manages (a group admin: every company\'s, an authorizer: their company\'s; `company_id` narrows), newest first, never the token itself. 403 for anyone else.'),
      querystring: ScimTokenQuery,
      response: { 200: ScimTokenCollection, ...errors },
    },
  }, async (request) => {
    const user = request.user;
    const wanted = request.query.company_id;
    if (!isGroupAdmin(user) && !user.is_authorizer) throw forbidden(request.t('server.scimTokens.scope'));
    if (wanted !== undefined && !mayManage(user, wanted)) throw forbidden(request.t('server.scimTokens.scope'));
    const companies = wanted !== undefined ? [wanted] : isGroupAdmin(user) ? null : user.company_id !== null ? [user.company_id] : [];
    const rows = await liveScimTokens(app.db, companies);
    const member = rows.map((r) => ({
      id: r.id, name: r.name,
      company: { id: r.company_id, name: r.company_name },
      created_by: { id: r.creator_id, name: r.creator_name },
      created_at: new Date(r.created_at).toISOString(),
      last_used_at: r.last_used_at ? new Date(r.last_used_at).toISOString() : null,
    }));
    return { 'hydra:member': member, 'hydra:totalItems': member.length };
  });

  app.delete<{ Params: IdParams }>('/scim_tokens/:id', {
    schema: {
      ...doc('Revokes a SCIM token at once (the IdP\'s next request gets 401). 404 for an unknown or already revoked token, 403 for a token of a company the user does not manage.'),
      params: IdParams,
      response: { 204: { type: 'null', description: 'Revoked' }, ...errors },
    },
  }, async (request, reply) => {
    const companyId = await scimTokenCompany(app.db, request.params.id);
    if (companyId === null) throw notFound(request.t('server.scimTokens.notFound'));
    if (!mayManage(request.user, companyId)) throw forbidden(request.t('server.scimTokens.scope'));
    if (!(await revokeScimToken(app.db, request.params.id, request.user.id))) throw notFound(request.t('server.scimTokens.notFound'));
    return reply.code(204).send();
  });
};

export default scimTokens;
