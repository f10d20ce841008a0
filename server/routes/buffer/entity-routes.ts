import type { FastifyInstance } from 'fastify';
import { findModule, type EntityOperation } from '../../../src/engine';
import { errorResponseSchema, notFound } from '../../lib/errors';
import { entityHandler } from '../../workflow/entity-changes/entity-handler';
import { idempotencyHooks } from '../idempotency-hooks';
import { EntityRequestParams, Filed } from '../../../src/wire/workflow';
import { submitDocument } from './submit-document';

const responses = {
  201: Filed,
  400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema,
  409: errorResponseSchema, 413: errorResponseSchema, 415: errorResponseSchema, 422: errorResponseSchema,
} as const;

/**
 * `POST /buffer/{code}/{id}/edit` and `/buffer/{code}/{id}/delete` for entity modules
 * (`ui:module.entity`): file a request to change or delete organisation entity {id} through the
 * module's approval chain. The body is the module's form payload (for a delete only its approval
 * fields count: the entity is filed as it is now). The change is applied when the document
 * completes; another request on the same entity still on process → 409.
 */
export function registerEntityRoutes(app: FastifyInstance): void {
  for (const operation of ['edit', 'delete'] as const satisfies EntityOperation[]) {
    app.post<{ Params: EntityRequestParams; Body: unknown }>(`/buffer/:code/:id/${operation}`, {
      onRequest: app.authenticate,
      ...idempotencyHooks,
      schema: {
        ...describe(
          operation === 'edit' ? 'Request an edit of an organisation entity' : 'Request the deletion of an organisation entity',
          `Files a document of entity module {code} asking to ${operation} entity {id}; applied when the approval completes.`,
        ),
        params: EntityRequestParams,
        response: responses,
      },
    }, async (request, reply) => {
      const t = request.definitions.translate(request.lang);
      const module = findModule(request.definitions, request.params.code);
      const entity = module?.meta.entity;
      if (!module || !entity || !entity.operations.includes(operation)) {
        throw notFound(t('server.admin.errors.operationUnknown', { code: request.params.code, operation }));
      }
      const handler = entityHandler(entity.kind);
      const current = handler ? await handler.load(app.db, request.params.id) : null;
      if (!current) throw notFound(t('server.errors.notFound', { what: t(module.meta.title) }));
      let body = request.body;
      if (operation === 'delete') {
        // The document records the entity as it is; the requester's body gives the approval fields.
        const wrapper = body && typeof body === 'object' && !Array.isArray(body) ? body as Record<string, unknown> : {};
        const key = module.meta.bodyKey;
        body = key ? { ...wrapper, [key]: current } : { ...current, ...pickWrapper(wrapper) };
      }
      const filed = await submitDocument(app, request, module, body, { operation, targetId: request.params.id, ...(operation === 'edit' ? { current } : {}) });
      return reply.code(201).send(filed);
    });
  }
}

/** OpenAPI summary and description (FastifySchema does not declare the keywords). */
function describe(summary: string, description: string): object {
  return { summary, description };
}

/** The approval wrapper fields of a body (the rest of a delete's body is ignored). */
function pickWrapper(body: Record<string, unknown>) {
  const { approvals, save_approvers, send_notification_first_approval, bypass } = body;
  return Object.fromEntries(Object.entries({ approvals, save_approvers, send_notification_first_approval, bypass }).filter(([, v]) => v !== undefined));
}
