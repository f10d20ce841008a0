import type { FastifyPluginAsync } from 'fastify';
import { found } from '../../lib/found';
import { collectionSchema, lookupErrors } from '../../lib/http-schemas';
import { collectionOf } from '../../lib/paging';
import { masterProcessesOf, savedApproversOf } from '../../workflow/filing/master-processes';
import {
  DefaultProcess, DefaultProcessParams, MasterProcess, MasterProcessQuery, SavedApprover, SavedApproverQuery,
} from '../../../src/wire/processes';
import { registerResolveRoute } from './resolve-route';

/** Approval processes per module and the signed-in user's remembered approvers. */
const processes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);
  registerResolveRoute(app);

  app.get<{ Querystring: MasterProcessQuery }>('/master_processes', {
    schema: {
      querystring: MasterProcessQuery,
      response: { 200: collectionSchema(MasterProcess), ...lookupErrors },
    },
  }, async (request) => collectionOf(await masterProcessesOf(app.db, request.query.module_code, request.lang)));

  app.get<{ Params: DefaultProcessParams }>('/my-default-process/:moduleCode', {
    schema: {
      params: DefaultProcessParams,
      response: {
        200: DefaultProcess,
        ...lookupErrors,
      },
    },
  }, async (request): Promise<DefaultProcess> => {
    const steps = await masterProcessesOf(app.db, request.params.moduleCode, request.lang);
    found(steps.length > 0 ? steps : null, request.t, 'module');
    return {
      process: steps,
      default_approvers: await savedApproversOf(app.db, request.user.id, request.params.moduleCode, request.lang),
    };
  });

  app.get<{ Querystring: SavedApproverQuery }>('/saved_approvers', {
    schema: {
      querystring: SavedApproverQuery,
      response: { 200: collectionSchema(SavedApprover), ...lookupErrors },
    },
  }, async (request) => collectionOf(await savedApproversOf(app.db, request.user.id, request.query.moduleCode, request.lang)));
};

export default processes;
