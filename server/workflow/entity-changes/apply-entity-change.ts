import type { Kysely } from 'kysely';
import type { EntityOperation } from '../../../src/engine';
import type { Database } from '../../db/database';
import { findModule } from '../../../src/engine';
import { entityHandler } from './entity-handler';
import { illegalTransition } from '../core/workflow-error';
import { recordAccess, type AccessEvent } from '../../auth/access-log';
import type { WorkflowContext } from '../core/workflow-context';

/**
 * Applies what a just-completed document does to organisation data, inside the transaction that
 * completed it (final approval, or filing without steps). Documents of modules without
 * `ui:module.entity` change nothing. A created entity's id is stored as the document's
 * `target_id`. Rejected or withdrawn documents never get here, so they change nothing.
 */
export async function applyEntityChange(trx: Kysely<Database>, documentId: number, ctx: WorkflowContext): Promise<void> {
  const doc = await trx.selectFrom('buffers')
    .select(['id', 'module_code', 'action', 'target_id', 'data', 'requester_id'])
    .where('id', '=', documentId).executeTakeFirst();
  if (!doc) return;
  const module = findModule(ctx.definitions, doc.module_code);
  const entity = module?.meta.entity;
  if (!entity) return;
  const handler = entityHandler(entity.kind);
  if (!handler) throw illegalTransition(ctx.t('server.admin.errors.noEntityHandler', { kind: entity.kind }));
  const { approvals: _approvals, ...data } = (doc.data ?? {}) as Record<string, unknown>;
  const id = await handler.apply(trx, {
    operation: doc.action as EntityOperation, targetId: doc.target_id, data, documentId: doc.id, requesterId: doc.requester_id,
  }, ctx);
  if (doc.target_id !== id) await trx.updateTable('buffers').set({ target_id: id }).where('id', '=', doc.id).execute();
  // The access log's admin-change entry, kept or lost with the change: the approver who applied
  // it is the entry's user; the entry belongs to the changed user's or company's company.
  const event: AccessEvent = entity.kind === 'user' ? 'admin.user_change' : entity.kind === 'company' ? 'admin.company_change' : 'admin.organisation_change';
  const companyId = entity.kind === 'company' ? id
    : entity.kind === 'user' ? (await trx.selectFrom('users').select('company_id').where('id', '=', id).executeTakeFirst())?.company_id ?? null
      : undefined;
  await recordAccess(trx, {
    event, userId: ctx.userId || null, ...(companyId !== undefined ? { companyId } : {}),
    ip: ctx.origin?.ip ?? null, userAgent: ctx.origin?.userAgent ?? null,
    detail: { kind: entity.kind, operation: doc.action, entity_id: id, document_id: doc.id, requester_id: doc.requester_id },
  });
}
