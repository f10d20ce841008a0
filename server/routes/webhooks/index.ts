import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Translate } from '../../../src/engine';
import { WEBHOOK_EVENT_TYPES } from '../../../src/engine/webhooks/webhook-events';
import { IdParams } from '../../../src/wire/common';
import {
  WebhookBody, WebhookCollection, WebhookDeliveryCollection, WebhookDeliveryQuery, WebhookQuery, WebhookResent, WebhookSecret,
} from '../../../src/wire/webhooks';
import { isGroupAdmin } from '../../entities/permissions';
import { conflict, errorResponseSchema, forbidden, notFound, validationFailed, type Violation } from '../../lib/errors';
import type { AuthUser } from '../../lib/auth-user';
import { checkWebhookUrl, RefusedUrl } from '../../webhooks/public-address';
import {
  createEndpoint, deleteEndpoint, deliveriesOf, findDelivery, findEndpoint, listEndpoints, resendMessage, rotateSecret,
} from '../../webhooks/webhook-endpoints';
import { doc } from '../route-schemas';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema } as const;

/**
 * THE rule of who manages a company's webhooks: a group admin every company's, a company
 * authorizer their own company's (as for the organisation's settings, spec 000 §6); nobody else.
 */
export function webhookCompanies(user: AuthUser): 'all' | number[] {
  if (isGroupAdmin(user)) return 'all';
  return user.is_authorizer && user.company_id !== null ? [user.company_id] : [];
}

const manages = (companies: 'all' | number[], companyId: number) => companies === 'all' || companies.includes(companyId);

/** The companies the reader manages; 403 for someone who manages none. */
function managedBy(request: FastifyRequest): 'all' | number[] {
  const companies = webhookCompanies(request.user);
  if (companies !== 'all' && !companies.length) throw forbidden(request.t('server.webhooks.roles'));
  return companies;
}

/** An endpoint the reader manages; an unknown one, or another company's, is the same 404. */
async function managedEndpoint(request: FastifyRequest, id: number) {
  const companies = managedBy(request);
  const endpoint = await findEndpoint(request.server.db, id);
  if (!endpoint || !manages(companies, endpoint.company_id)) throw notFound(request.t('server.webhooks.notFound'));
  return endpoint;
}

const URL_MESSAGES: Record<RefusedUrl['reason'], string> = {
  url: 'server.webhooks.urlInvalid', scheme: 'server.webhooks.urlScheme', resolve: 'server.webhooks.urlUnresolved',
  loopback: 'server.webhooks.urlLoopback', private: 'server.webhooks.urlPrivate', 'link-local': 'server.webhooks.urlLinkLocal', reserved: 'server.webhooks.urlReserved',
};

/** The violations of a new endpoint's URL, events and description (every one, in the body's order). */
async function endpointViolations(body: Record<string, unknown>, allowPrivate: boolean, t: Translate): Promise<{ violations: Violation[]; events: string[] }> {
  const violations: Violation[] = [];
  const { url, events, description } = body;
  if (typeof url !== 'string' || !url.trim()) violations.push({ propertyPath: 'url', message: t('server.webhooks.urlRequired') });
  else if (url.length > 2000) violations.push({ propertyPath: 'url', message: t('server.webhooks.urlTooLong') });
  else {
    try {
      await checkWebhookUrl(url.trim(), allowPrivate);
    } catch (error) {
      if (!(error instanceof RefusedUrl)) throw error;
      const host = (() => { try { return new URL(url.trim()).hostname; } catch { return ''; } })();
      violations.push({ propertyPath: 'url', message: t(URL_MESSAGES[error.reason], { address: error.address ?? '', host }) });
    }
  }
  const chosen: string[] = [];
  if (!Array.isArray(events) || !events.length) violations.push({ propertyPath: 'events', message: t('server.webhooks.eventsRequired') });
  else {
    events.forEach((type, i) => {
      if (typeof type !== 'string' || !WEBHOOK_EVENT_TYPES.includes(type)) {
        violations.push({ propertyPath: `events[${i}]`, message: t('server.webhooks.eventUnknown', { type: String(type), types: WEBHOOK_EVENT_TYPES.join(', ') }) });
      } else if (!chosen.includes(type)) chosen.push(type);
    });
  }
  if (description !== undefined && description !== null && (typeof description !== 'string' || description.length > 200)) {
    violations.push({ propertyPath: 'description', message: t('server.webhooks.descriptionTooLong') });
  }
  return { violations, events: chosen };
}

/**
 * Signed webhooks (issue #35 item 6; server/webhooks/README.md): a company's endpoints, their
 * secrets, and their delivery log. Managed by the company's authorizers and group admins.
 */
const webhooks: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get<{ Querystring: WebhookQuery }>('/webhooks', {
    schema: {
      ...doc('The webhook endpoints the reader manages (a group admin: every company\'s; a company authorizer: their own company\'s), oldest first; `company_id` narrows to one company. Secrets are never answered here. 403 for anyone else.'),
      querystring: WebhookQuery,
      response: { 200: WebhookCollection, 400: errorResponseSchema, ...errors },
    },
  }, async (request) => {
    const member = await listEndpoints(app.db, managedBy(request), request.query.company_id);
    return { 'hydra:member': member, 'hydra:totalItems': member.length };
  });

  app.post<{ Body: Record<string, unknown> }>('/webhooks', {
    // The handler checks the body itself: 422 with a violation per field, never the schema's 400.
    attachValidation: true,
    schema: {
      ...doc('Adds a webhook endpoint for a company: its events are POSTed to `url`, signed per Standard Webhooks 1.0 (see the `webhooks` section of this description). Answers the id and the signing secret (`whsec_…`), shown only this once. `url` must be https on a public address: private, loopback and link-local addresses (IPv4, IPv6, IPv4-mapped IPv6), also behind a host name, are refused with 422 unless the server runs with WEBHOOK_ALLOW_PRIVATE=1 (which also allows http). 403: the reader manages no company, or not this one. 422 with a violation per field: unknown company, bad or refused URL, no or unknown events, a description over 200 characters.'),
      body: WebhookBody,
      response: { 201: WebhookSecret, 422: errorResponseSchema, ...errors },
    },
  }, async (request, reply) => {
    const companies = managedBy(request);
    const body = request.body as unknown;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw validationFailed([{ propertyPath: '', message: request.t('server.webhooks.body') }]);
    }
    const violations: Violation[] = [];
    const companyId = request.body.company_id;
    if (typeof companyId !== 'number' || !Number.isInteger(companyId) || companyId < 1) {
      violations.push({ propertyPath: 'company_id', message: request.t('server.webhooks.companyRequired') });
    } else if (!(await app.db.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst())) {
      violations.push({ propertyPath: 'company_id', message: request.t('server.webhooks.companyUnknown') });
    } else if (!manages(companies, companyId)) throw forbidden(request.t('server.webhooks.otherCompany'));
    const checked = await endpointViolations(request.body, app.config.webhookAllowPrivate ?? false, request.t);
    violations.push(...checked.violations);
    if (violations.length) throw validationFailed(violations);
    const description = typeof request.body.description === 'string' && request.body.description.trim() ? request.body.description.trim() : null;
    const created = await createEndpoint(app.db, app.webhooks.secretsKey, {
      company_id: companyId as number, url: (request.body.url as string).trim(), events: checked.events, description, created_by: request.user.id,
    });
    return reply.code(201).send(created);
  });

  app.delete<{ Params: IdParams }>('/webhooks/:id', {
    schema: {
      ...doc('Deletes a webhook endpoint, its queued messages and its delivery log. 404 for an unknown endpoint or one the reader does not manage.'),
      params: IdParams,
      response: { 204: { type: 'null', description: 'Deleted' }, 400: errorResponseSchema, ...errors },
    },
  }, async (request, reply) => {
    await managedEndpoint(request, request.params.id);
    await deleteEndpoint(app.db, request.params.id);
    return reply.code(204).send();
  });

  app.post<{ Params: IdParams }>('/webhooks/:id/rotate_secret', {
    schema: {
      ...doc('Gives the endpoint a new signing secret, answered this once. For 24 hours (`previous_secret_expires_at`) every message carries two signatures, the new secret\'s and the old one\'s, space-separated in `webhook-signature`, so the receiver can switch without losing a message. 404 as for DELETE.'),
      params: IdParams,
      response: { 200: WebhookSecret, 400: errorResponseSchema, ...errors },
    },
  }, async (request) => {
    await managedEndpoint(request, request.params.id);
    return rotateSecret(app.db, app.webhooks.secretsKey, request.params.id);
  });

  app.get<{ Params: IdParams; Querystring: WebhookDeliveryQuery }>('/webhooks/:id/deliveries', {
    schema: {
      ...doc('The endpoint\'s delivery log, newest first, kept 30 days: one entry per attempt with the request (headers and body), the answer\'s status and first 1,024 bytes, the error when none came, the latency, the attempt number, its outcome and where the message stands now. `page` (1) and `itemsPerPage` (20, at most 100). 404 as for DELETE.'),
      params: IdParams,
      querystring: WebhookDeliveryQuery,
      response: { 200: WebhookDeliveryCollection, 400: errorResponseSchema, ...errors },
    },
  }, async (request) => {
    await managedEndpoint(request, request.params.id);
    const { rows, total } = await deliveriesOf(app.db, request.params.id, request.query.page ?? 1, request.query.itemsPerPage ?? 20);
    return { 'hydra:member': rows, 'hydra:totalItems': total };
  });

  app.post<{ Params: IdParams }>('/webhooks/deliveries/:id/resend', {
    schema: {
      ...doc('Sends the delivery\'s message again now (same `webhook-id` and body, a new timestamp and signature), whatever its state — delivered, retrying or dead-lettered. 202: queued (the log shows the attempt). 404 for an unknown delivery or one of an endpoint the reader does not manage; 409 when the endpoint was disabled by a 410 answer.'),
      params: IdParams,
      response: { 202: WebhookResent, 400: errorResponseSchema, 409: errorResponseSchema, ...errors },
    },
  }, async (request, reply) => {
    const companies = managedBy(request);
    const delivery = await findDelivery(app.db, request.params.id);
    const endpoint = delivery && await findEndpoint(app.db, delivery.endpoint_id);
    if (!delivery || !endpoint || !manages(companies, endpoint.company_id)) throw notFound(request.t('server.webhooks.deliveryNotFound'));
    if (endpoint.disabled_at) throw conflict(request.t('server.webhooks.disabled'));
    await resendMessage(app.db, Number(delivery.message_id));
    return reply.code(202).send({ message_id: Number(delivery.message_id), status: 'pending' as const });
  });
};

export default webhooks;
