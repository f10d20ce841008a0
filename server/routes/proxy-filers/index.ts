import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ProxyFiler, ProxyFilerBody, ProxyFilerCollection } from '../../../src/wire/proxy-filers';
import { IdParams } from '../../../src/wire/common';
import { errorResponseSchema, notFound, validationFailed } from '../../lib/errors';
import { deleteProxyFiler, insertProxyFiler, overlappingProxyFilers, proxyFilersOf } from '../../repositories/proxy-filer-repository';
import { checkArrangement, deputyDay, type ArrangementKind } from '../../workflow/people/deputies';
import { doc } from '../route-schemas';

const errors = { 401: errorResponseSchema, 404: errorResponseSchema, 422: errorResponseSchema } as const;

/** A permission to file for the principal: the deputies' arrangement with the filer in the deputy's place (one check for both). */
export const PROXY_FILER_ARRANGEMENT: ArrangementKind = { person: 'filer_id', word: 'filer', messages: 'proxyFilers', filableOnly: true, overlapping: overlappingProxyFilers };

/** Permissions in the wire shape, with each one's state on `day`. */
async function listOf(request: FastifyRequest, who: { principalId: number } | { filerId: number }, day: string): Promise<ProxyFiler[]> {
  const rows = await proxyFilersOf(request.server.db, who, day);
  return rows.map((r) => ({
    id: r.id,
    principal: { id: r.principal_id, name: r.principal_name },
    filer: { id: r.filer_id, name: r.filer_name },
    from: r.from_date,
    to: r.to_date,
    module_codes: r.module_codes,
    state: r.from_date > day ? 'upcoming' : r.to_date < day ? 'ended' : 'active',
    created_at: new Date(r.created_at).toISOString(),
  }));
}

/**
 * Filing for someone (代理申請, issue #36 item 3): the signed-in user's permissions as principal —
 * who may file documents for them, when, for which modules — and whom they may file for today.
 * Filing itself: `POST /buffer/{code}` with `filed_for` (server/workflow/filing/filing.ts).
 */
const proxyFilers: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/proxy_filers', {
    schema: {
      ...doc('The signed-in user\'s permissions to file for them (as principal): in effect and upcoming first, by start, then ended ones; `state` says which. `filing_for`: the permissions in effect today naming the signed-in user as the filer (whom the form offers under "File for").'),
      response: { 200: ProxyFilerCollection, 401: errorResponseSchema },
    },
  }, async (request) => {
    const day = deputyDay();
    const member = await listOf(request, { principalId: request.user.id }, day);
    const filingFor = (await listOf(request, { filerId: request.user.id }, day)).filter((p) => p.state === 'active');
    return { 'hydra:member': member, 'hydra:totalItems': member.length, filing_for: filingFor };
  });

  app.post<{ Body: unknown }>('/proxy_filers', {
    attachValidation: true,
    schema: {
      ...doc('Allows `filer_id` to file documents for the signed-in user from `from` to `to` (YYYY-MM-DD, inclusive), optionally for `module_codes` only. While in effect the filer may send `filed_for: <your id>` with a filing: the document is yours (route, lists, mails), the history says it was filed by them for you, and both of you get its mails. 422 with violations: filer is yourself, unknown, disabled or outside the group and your company; a date not YYYY-MM-DD; `from` before today; `to` before `from` or before today; an unknown module or an entity module (organisation changes are never filed for someone); the same filer already allowed for an overlapping period and module.'),
      body: ProxyFilerBody,
      response: { 201: ProxyFiler, ...errors },
    },
  }, async (request, reply) => {
    const t = request.definitions.translate(request.lang);
    const checked = await checkArrangement(app.db, request.definitions, request.user.id, request.body, t, PROXY_FILER_ARRANGEMENT);
    if ('violations' in checked) throw validationFailed(checked.violations);
    const { person_id: filer_id, ...period } = checked.value;
    const id = await insertProxyFiler(app.db, { principal_id: request.user.id, filer_id, ...period });
    const created = (await listOf(request, { principalId: request.user.id }, deputyDay())).find((p) => p.id === id)!;
    return reply.code(201).send(created);
  });

  app.delete<{ Params: IdParams }>('/proxy_filers/:id', {
    schema: {
      ...doc('Withdraws one of the signed-in user\'s permissions (it ends at once: the filer can no longer file for you; documents already filed stay yours). 404 for an unknown id or someone else\'s permission.'),
      params: IdParams,
      response: { 204: { type: 'null', description: 'Deleted' }, 400: errorResponseSchema, ...errors },
    },
  }, async (request, reply) => {
    if (!(await deleteProxyFiler(app.db, request.params.id, request.user.id))) {
      throw notFound(request.definitions.translate(request.lang)('server.proxyFilers.notFound'));
    }
    return reply.code(204).send();
  });
};

export default proxyFilers;
