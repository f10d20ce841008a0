import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { findModule } from '../../../src/engine';
import type { HistoriesRecorded } from '../../../src/wire/workflow';
import { loadDocumentState } from '../core/document-state';
import { recordHistories } from '../filing/histories';
import { refuseEdit } from '../core/transitions';
import { illegalTransition, refusalError } from '../core/workflow-error';
import type { WorkflowContext } from '../core/workflow-context';

/**
 * `POST /api/buffer/{id}/histories` (spec path): records explicit history entries — each key of
 * `data` with its value and the document's current value as the old one — without changing the
 * document. Allowed to whoever may edit it (same rule as the edit).
 */
export async function recordExplicitHistories(db: Kysely<Database>, documentId: number, data: Record<string, unknown>, ctx: WorkflowContext): Promise<HistoriesRecorded> {
  const { definitions } = ctx;
  return db.transaction().execute(async (trx) => {
    const doc = await loadDocumentState(trx, documentId, true);
    if (!doc) throw illegalTransition(ctx.t('server.workflow.errors.notOnProcess'));
    const refusal = refuseEdit(doc, ctx.userId, findModule(definitions, doc.module_code)?.meta.editable === true);
    if (refusal) throw refusalError(refusal, ctx.t);
    const changes = Object.entries(data).map(([field, value]) => ({ field, old_value: doc.data[field] ?? null, value: value ?? null }));
    await recordHistories(trx, doc.id, ctx.userId, changes);
    return { id: doc.id, recorded: changes.length };
  });
}
