import type { Kysely } from 'kysely';
import { findModule } from '../../../src/engine';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/errors';
import type { BulkApproveBody, BulkApproveItemResult } from '../../../src/wire/bulk-approvals';
import type { DocumentState, StepState } from '../core/document-state';
import { storeAnswer, storedAnswer, type IdempotencyClaim } from '../core/idempotency';
import { nextUserNotified } from '../mail/next-user-notified';
import { actOnStep } from './step-action';
import { stepFieldsOf } from '../core/step-fields';
import { isTreasuryStep, refuseStepAction } from '../core/transitions';
import { canSeeDocument } from '../core/visibility';
import type { WorkflowContext } from '../core/workflow-context';
import { refusalError } from '../core/workflow-error';

/** A step whose approver must give input in the app: left alone (`skipped`) with this reason. */
class NeedsInput extends Error {}

/**
 * Does passing this step need input a batch cannot give? The treasury form (account, payment
 * date, deal slip), a step sub-form (`form`), or fields the approver fills (`fills`: the signer's
 * signed files). Read from the module's definition, never from a module code.
 */
export function stepNeedsInput(doc: DocumentState, step: StepState, ctx: WorkflowContext): boolean {
  if (isTreasuryStep(step)) return true;
  const module = findModule(ctx.definitions, doc.module_code) ?? undefined;
  const own = module?.process?.find((s) => s.code === step.process_code);
  return Boolean(own?.form) || stepFieldsOf(module, step.process_code).length > 0;
}

/** The claim of one item of a batch sent with an `Idempotency-Key`: the batch's key and hash, plus the item. */
const itemClaim = (claim: IdempotencyClaim, id: number): IdempotencyClaim => ({ ...claim, key: `${claim.key}#${id}` });

/**
 * Approves one step of a batch through THE step action (`actOnStep`: its lock, rules, deputies,
 * mails, history), with the batch's own check under the lock (`guard`): first the app's rule (not
 * the user's step: 403 → failed; decided by someone else, ended, voided: 409 → skipped), then a
 * step that needs input (skipped). With a claim, the item's answer is stored in its transaction
 * (a replay of the batch answers `done` for it without acting again).
 */
async function approveOne(db: Kysely<Database>, id: number, body: BulkApproveBody, ctx: WorkflowContext, claim?: IdempotencyClaim): Promise<BulkApproveItemResult> {
  const done: BulkApproveItemResult = { id, status: 'done' };
  const mine = claim && itemClaim(claim, id);
  if (mine) {
    const stored = await storedAnswer(db, mine);
    if (stored) return stored.request_hash === mine.hash ? done : { id, status: 'failed', message: ctx.t('server.workflow.idempotency.mismatch') };
  }
  const step = await db.selectFrom('approvals').select('buffer_id').where('id', '=', id).executeTakeFirst();
  // Unknown or invisible alike (no existence leak), as the single action's 404.
  if (!step || !(await canSeeDocument(db, step.buffer_id, ctx.userId))) {
    return { id, status: 'failed', message: ctx.t('server.errors.notFound', { what: ctx.t('server.workflow.entities.approval') }) };
  }
  const comment = body.comment?.trim() ?? '';
  try {
    const notify = (await nextUserNotified(db, step.buffer_id, ctx.userId)).is_notified;
    await actOnStep(db, step.buffer_id, id, { approve: true, send_email_push: notify }, ctx, {
      logDetail: { via: 'bulk', ...(comment ? { comment } : {}) },
      guard: async (trx, doc) => {
        const refusal = refuseStepAction(doc, id, ctx.userId);
        if (refusal) throw refusalError(refusal, ctx.t);
        if (stepNeedsInput(doc, doc.steps.find((s) => s.id === id)!, ctx)) throw new NeedsInput();
        if (mine) await storeAnswer(trx, mine, 200, done);
      },
    });
    return done;
  } catch (error) {
    if (error instanceof NeedsInput) return { id, status: 'skipped', message: ctx.t('server.bulkApprove.needsInput') };
    if (error instanceof AppError) {
      const skipped = error.code === 'ILLEGAL_TRANSITION' || error.code === 'CONFLICT';
      return { id, status: skipped ? 'skipped' : 'failed', message: error.message };
    }
    // Another batch with the same key stored this item first: its answer stands.
    if (mine && (error as { code?: unknown } | null)?.code === '23505' && await storedAnswer(db, mine)) return done;
    throw error;
  }
}

/**
 * `POST /api/approvals/bulk` (一括承認): each id checked and recorded on its own, in the order
 * sent, through the single approval's path; one item's refusal never stops the others. A failure
 * the app did not expect (a database error) is reported on its item and the batch goes on.
 */
export async function bulkApprove(db: Kysely<Database>, body: BulkApproveBody, ctx: WorkflowContext, claim?: IdempotencyClaim, log?: (error: unknown) => void): Promise<BulkApproveItemResult[]> {
  const results: BulkApproveItemResult[] = [];
  for (const id of body.ids) {
    try {
      results.push(await approveOne(db, id, body, ctx, claim));
    } catch (error) {
      log?.(error);
      results.push({ id, status: 'failed', message: ctx.t('server.bulkApprove.unexpected') });
    }
  }
  return results;
}
