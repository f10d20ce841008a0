import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { found } from '../../lib/found';
import { collectionSchema, idParams, idSchema, lookupErrors, pagedQuery, searchText } from '../../lib/http-schemas';
import { paginate, type PageQuery } from '../../lib/paging';
import { findUserDetail, selectUserSummary, usersByName } from '../../repositories/user-repository';
import { userDetailSchema, userSummarySchema } from './schemas';

type Search = { Querystring: PageQuery & { name?: string; masterProcessId?: number } };

/**
 * User lookups: approver candidates (per approval step), finance users for the forward-document
 * picker (our path: /users/finance), and one user's detail.
 */
const users: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get<Search>('/users/approver', {
    schema: {
      querystring: pagedQuery({ name: searchText, masterProcessId: idSchema }),
      response: { 200: collectionSchema(userSummarySchema), ...lookupErrors },
    },
  }, async (request) => {
    let query = usersByName(app.db, request.query.name);
    if (request.query.masterProcessId) {
      const step = found(await app.db.selectFrom('master_processes')
        .innerJoin('processes', 'processes.id', 'master_processes.process_id')
        .select('processes.approver_role')
        .where('master_processes.id', '=', request.query.masterProcessId).executeTakeFirst(), request.t, 'masterProcess');
      // A step of a role-bound process (treasury, finance, …) is offered only to users with that flag.
      if (step.approver_role) query = query.where(`users.is_${step.approver_role}`, '=', true);
    }
    return paginate(query, (q) => selectUserSummary(q, request.lang)
      .orderBy(sql`coalesce(companies.is_group, false)`, 'desc').orderBy('users.name').orderBy('users.id'), request.query);
  });

  app.get<Search>('/users/finance', {
    schema: { querystring: pagedQuery({ name: searchText }), response: { 200: collectionSchema(userSummarySchema), ...lookupErrors } },
  }, async (request) => {
    const query = usersByName(app.db, request.query.name).where('users.is_finance', '=', true);
    return paginate(query, (q) => selectUserSummary(q, request.lang).orderBy('users.name').orderBy('users.id'), request.query);
  });

  app.get<{ Params: { id: number } }>('/users/:id', {
    schema: { params: idParams, response: { 200: userDetailSchema, ...lookupErrors } },
  }, async (request) => found(await findUserDetail(app.db, request.params.id, request.lang), request.t, 'user'));
};

export default users;
