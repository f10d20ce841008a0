import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { found } from '../../lib/found';
import { collectionSchema, idParams, idSchema, lookupErrors, pagedQuery, searchText } from '../../lib/http-schemas';
import { paginate, type PageQuery } from '../../lib/paging';
import { findUserDetail, selectUserSummary, usersByName } from '../../repositories/user-repository';
import { eligibleCondition, stepRule } from '../../workflow/eligibility';
import { filingCompany, forwardableUsers, loadFiler } from '../../workflow/filing-checks';
import { userDetailSchema, userSummarySchema } from './schemas';

type Search = { Querystring: PageQuery & { name?: string; masterProcessId?: number; companyId?: number } };

/**
 * User lookups: approver candidates (per approval step), finance users for the forward-document
 * picker (our path: /users/finance), and one user's detail. Both pickers list exactly whom the
 * filing accepts (`workflow/eligibility.ts`, `workflow/filing-checks.ts`): `companyId` (ours) is
 * the document's company, used when the user may file for it, else their own company.
 */
const users: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get<Search>('/users/approver', {
    schema: {
      querystring: pagedQuery({ name: searchText, masterProcessId: idSchema, companyId: idSchema }),
      response: { 200: collectionSchema(userSummarySchema), ...lookupErrors },
    },
  }, async (request) => {
    let query = usersByName(app.db, request.query.name);
    if (request.query.masterProcessId) {
      const step = found(await stepRule(app.db, request.query.masterProcessId), request.t, 'masterProcess');
      const filer = found(await loadFiler(app.db, request.user.id), request.t, 'user');
      const scope = { requesterId: filer.id, companyId: await filingCompany(app.db, filer, request.query.companyId) };
      // The same rule the filing enforces: role flags, company scope, never the requester unless the step allows it.
      query = query.where((eb) => eligibleCondition(eb, step, scope));
    }
    return paginate(query, (q) => selectUserSummary(q, request.lang)
      .orderBy(sql`coalesce(companies.is_group, false)`, 'desc').orderBy('users.name').orderBy('users.id'), request.query);
  });

  app.get<Search>('/users/finance', {
    schema: { querystring: pagedQuery({ name: searchText, companyId: idSchema }), response: { 200: collectionSchema(userSummarySchema), ...lookupErrors } },
  }, async (request) => {
    const filer = found(await loadFiler(app.db, request.user.id), request.t, 'user');
    const companyId = await filingCompany(app.db, filer, request.query.companyId);
    // Forwarding goes only to finance users of the document's company: the filing checks the same.
    const ids = forwardableUsers(app.db, companyId).select('users.id');
    const query = usersByName(app.db, request.query.name).where('users.id', 'in', ids);
    return paginate(query, (q) => selectUserSummary(q, request.lang).orderBy('users.name').orderBy('users.id'), request.query);
  });

  app.get<{ Params: { id: number } }>('/users/:id', {
    schema: { params: idParams, response: { 200: userDetailSchema, ...lookupErrors } },
  }, async (request) => found(await findUserDetail(app.db, request.params.id, request.lang), request.t, 'user'));
};

export default users;
