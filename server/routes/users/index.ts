import type { FastifyPluginAsync } from 'fastify';
import { found } from '../../lib/found';
import { collectionSchema, lookupErrors, pagedCollectionSchema, summary } from '../../lib/http-schemas';
import { paginate } from '../../lib/paging';
import { keysetPaginate } from '../../repositories/keyset-paginate';
import type { KeyTerm } from '../../lib/keyset';
import { findUserDetail, selectUserSummary, usersByName } from '../../repositories/user-repository';
import { APPROVER_ORDER, approverCandidatePage, pickerScope } from '../../workflow/filing/approver-candidates';
import { filingPrincipal } from '../../workflow/filing/proxy-principal';
import { filingPost } from '../../workflow/filing/filing-post';
import { findModule } from '../../../src/engine';
import { stepRule } from '../../workflow/core/eligibility';
import { filingCompany, forwardableUsers, loadFiler } from '../../workflow/filing/filing-checks';
import { ApproverQuery, FinanceUserQuery, PicUserQuery, UserDetail, UserSummary } from '../../../src/wire/users';
import { IdParams } from '../../../src/wire/common';
import { EndedSessions } from '../../../src/wire/sessions';
import { errorResponseSchema, forbidden, notFound } from '../../lib/errors';
import { isGroupAdmin } from '../../entities/permissions';
import { endAllSessions } from '../../repositories/session-repository';
import { doc } from '../route-schemas';

/** The finance picker's order: by name, id breaks ties. */
const BY_NAME: KeyTerm[] = APPROVER_ORDER.slice(1);

/**
 * User lookups: approver candidates (per approval step), finance users for the forward-document
 * picker (our path: /users/finance), persons-in-charge candidates (also the user multi-select's
 * list: /users/pic), and one user's detail. Both pickers list exactly whom the
 * filing accepts (`workflow/core/eligibility.ts`, `workflow/filing/filing-checks.ts`): `companyId` (ours) is
 * the document's company, used when the user may file for it, else their own company.
 */
const users: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get<{ Querystring: ApproverQuery }>('/users/approver', {
    schema: {
      querystring: ApproverQuery,
      response: { 200: pagedCollectionSchema(UserSummary), ...lookupErrors, 403: errorResponseSchema, 422: errorResponseSchema },
    },
  }, async (request) => {
    if (!request.query.masterProcessId) return approverCandidatePage(app.db, request.lang, request.query);
    const step = found(await stepRule(app.db, request.query.masterProcessId), request.t, 'masterProcess');
    // Filed for someone (代理申請): the principal's candidates, only while they allow the caller for the step's module.
    let requesterId = request.user.id;
    if (request.query.filed_for !== undefined && request.query.filed_for !== request.user.id) {
      const { module_code } = await app.db.selectFrom('master_processes').select('module_code').where('id', '=', step.id).executeTakeFirstOrThrow();
      const module = found(findModule(request.definitions, module_code), request.t, 'masterProcess');
      requesterId = await filingPrincipal(app.db, module, request.query.filed_for, request.user.id, request.definitions.translate(request.lang));
    }
    // 兼務: a document without a company of its own is the chosen post's company's (422 for a post not the requester's).
    let companyId = request.query.companyId;
    if (companyId === undefined && request.query.filed_as_department_id !== undefined) {
      const post = await filingPost(app.db, requesterId, request.query.filed_as_department_id, request.definitions.translate(request.lang));
      if (post?.chosen) companyId = post.company_id;
    }
    const scope = found(await pickerScope(app.db, requesterId, companyId), request.t, 'user');
    // The same rule the filing enforces: role flags, company scope, never the requester unless the step allows it.
    return approverCandidatePage(app.db, request.lang, request.query, { step, scope });
  });

  app.get<{ Querystring: FinanceUserQuery }>('/users/finance', {
    schema: { querystring: FinanceUserQuery, response: { 200: pagedCollectionSchema(UserSummary), ...lookupErrors } },
  }, async (request) => {
    const filer = found(await loadFiler(app.db, request.user.id), request.t, 'user');
    const companyId = await filingCompany(app.db, filer, request.query.companyId);
    // Forwarding goes only to finance users of the document's company: the filing checks the same.
    const ids = forwardableUsers(app.db, companyId).select('users.id');
    const query = usersByName(app.db, request.query.name).where('users.id', 'in', ids);
    return keysetPaginate(app.db, query, (q) => selectUserSummary(q, request.lang), BY_NAME, request.query);
  });

  app.delete<{ Params: IdParams }>('/users/:id/sessions', {
    schema: {
      ...summary('End a user\'s sessions'), ...doc('Ends every session of a user at once (issue #34 item 7): a group admin for anyone, a company authorizer for a user of their own company (403 otherwise; 404 for an unknown user). Their tokens are refused from their next request on, on every instance.'),
      params: IdParams,
      response: { 200: EndedSessions, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema },
    },
  }, async (request) => {
    const target = await app.db.selectFrom('users').select(['id', 'company_id']).where('id', '=', request.params.id).executeTakeFirst();
    if (!target) throw notFound(request.t('server.sessions.userNotFound'));
    const admin = isGroupAdmin(request.user) || (request.user.is_authorizer && target.company_id !== null && target.company_id === request.user.company_id);
    if (!admin) throw forbidden(request.t('server.sessions.scope'));
    return { ended: await endAllSessions(app.db, target.id, 'admin', request.user.id) };
  });

  app.get<{ Params: IdParams }>('/users/:id', {
    schema: { params: IdParams, response: { 200: UserDetail, ...lookupErrors } },
  }, async (request) => found(await findUserDetail(app.db, request.params.id, request.lang), request.t, 'user'));

  app.get<{ Querystring: PicUserQuery }>('/users/pic', {
    schema: {
      ...summary('Users to choose as person in charge or in a user multi-select (search by name or e-mail)'),
      querystring: PicUserQuery, response: { 200: collectionSchema(UserSummary), ...lookupErrors },
    },
  }, async (request) => {
    let query = usersByName(app.db, request.query.name);
    if (request.query.companyId) query = query.where('users.company_id', '=', request.query.companyId);
    return paginate(query, (q) => selectUserSummary(q, request.lang).orderBy('users.name').orderBy('users.id'), request.query);
  });
};

export default users;
