import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { DeputyArrangement, DeputyBody, DeputyCollection } from '../../../src/wire/deputies';
import { errorResponseSchema, notFound, validationFailed } from '../../lib/errors';
import { arrangementsOf, deleteArrangement, insertArrangement } from '../../repositories/deputy-repository';
import { checkArrangement, deputyDay } from '../../workflow/people/deputies';
import { doc } from '../route-schemas';
import { IdParams } from '../../../src/wire/common';

const errors = { 401: errorResponseSchema, 404: errorResponseSchema, 422: errorResponseSchema } as const;

/** The signed-in user's arrangements in the wire shape, with each one's state on `day`. */
async function listOf(request: FastifyRequest, day: string): Promise<DeputyArrangement[]> {
  const rows = await arrangementsOf(request.server.db, request.user.id, day);
  return rows.map((r) => ({
    id: r.id,
    principal: { id: r.principal_id, name: r.principal_name },
    deputy: { id: r.deputy_id, name: r.deputy_name },
    from: r.from_date,
    to: r.to_date,
    module_codes: r.module_codes,
    state: r.from_date > day ? 'upcoming' : r.to_date < day ? 'ended' : 'active',
    created_at: new Date(r.created_at).toISOString(),
  }));
}

/**
 * Deputies (代理, issue #20): the signed-in user's own arrangements — who acts on their pending
 * steps, when, for which modules. The rules: server/workflow/people/deputies.ts; the body is checked by
 * the handler (422 with every violation, nothing stored), not by the schema's 400.
 */
const deputies: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/deputies', {
    schema: {
      ...doc('The signed-in user\'s deputy arrangements (as the principal): in effect and upcoming first, by start, then ended ones; `state` says which.'),
      response: { 200: DeputyCollection, 401: errorResponseSchema },
    },
  }, async (request) => {
    const member = await listOf(request, deputyDay());
    return { 'hydra:member': member, 'hydra:totalItems': member.length };
  });

  app.post<{ Body: unknown }>('/deputies', {
    attachValidation: true,
    schema: {
      ...doc('Names a deputy for the signed-in user from `from` to `to` (YYYY-MM-DD, inclusive), optionally for `module_codes` only. While in effect the deputy sees and acts on the user\'s pending steps (never on the deputy\'s own documents), recorded as "deputy on behalf of principal", and gets the mails of those steps too (waiting, sent back, reminder, escalation; each naming the principal, in the deputy\'s language). 422 with violations: deputy is yourself, unknown, disabled or outside the group and your company; a date not YYYY-MM-DD; `from` before today (an arrangement starts today at the earliest); `to` before `from` or before today; an unknown module; the same deputy already named for an overlapping period and module.'),
      body: DeputyBody,
      response: { 201: DeputyArrangement, ...errors },
    },
  }, async (request, reply) => {
    const t = request.definitions.translate(request.lang);
    const checked = await checkArrangement(app.db, request.definitions, request.user.id, request.body, t);
    if ('violations' in checked) throw validationFailed(checked.violations);
    const { person_id: deputy_id, ...period } = checked.value;
    const id = await insertArrangement(app.db, { principal_id: request.user.id, deputy_id, ...period });
    const created = (await listOf(request, deputyDay())).find((a) => a.id === id)!;
    return reply.code(201).send(created);
  });

  app.delete<{ Params: IdParams }>('/deputies/:id', {
    schema: {
      ...doc('Deletes one of the signed-in user\'s arrangements (it ends at once). 404 for an unknown id or someone else\'s arrangement.'),
      params: IdParams,
      response: { 204: { type: 'null', description: 'Deleted' }, 400: errorResponseSchema, ...errors },
    },
  }, async (request, reply) => {
    if (!(await deleteArrangement(app.db, request.params.id, request.user.id))) {
      throw notFound(request.definitions.translate(request.lang)('server.deputies.notFound'));
    }
    return reply.code(204).send();
  });
};

export default deputies;
