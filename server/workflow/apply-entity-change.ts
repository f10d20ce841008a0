import type { Kysely } from 'kysely';
import type { EntityOperation } from '../../src/engine';
import type { Database } from '../db/database';
import { findModule } from '../../src/engine';
import { entityHandler } from './entity-handler';
import { illegalTransition } from './workflow-error';
import type { WorkflowContext } from './workflow-context';

/**
 * Applies what a just-completed document does to organisation data, inside the transaction that
 * completed it (final approval, or filing without steps). Documents of modules without
 * `ui:module.entity` change nothing. A created entity's id is stored as the document's
 * `target_id`. Rejected or withdrawn documents never get here, so they change nothing.
 */
export async function applyEntityChange(trx: Kysely<Database>, bufferId: number, ctx: WorkflowContext): Promise<void> {
  const buffer = await trx.selectFrom('buffers')
    .select(['id', 'module_code', 'action', 'target_id', 'data', 'requester_id'])
    .where('id', '=', bufferId).executeTakeFirst();
  if (!buffer) return;
  const module = findModule(ctx.definitions, buffer.module_code);
  const entity = module?.meta.entity;
  if (!entity) return;
  const handler = entityHandler(entity.kind);
  if (!handler) throw illegalTransition(ctx.t('server.admin.errors.noEntityHandler', { kind: entity.kind }));
  const { approvals: _approvals, ...data } = (buffer.data ?? {}) as Record<string, unknown>;
  const id = await handler.apply(trx, {
    operation: buffer.action as EntityOperation, targetId: buffer.target_id, data, bufferId: buffer.id, requesterId: buffer.requester_id,
  }, ctx);
  if (buffer.target_id !== id) await trx.updateTable('buffers').set({ target_id: id }).where('id', '=', buffer.id).execute();
}
