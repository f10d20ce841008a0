import { sql, type Kysely, type QueryCreator } from 'kysely';
import type { Database } from '../../db/database';
import { validationFailed } from '../../lib/errors';
import { announceEntry, isStaleDocument, writeApprovalLog } from '../core/approval-log';
import { applyEntityChange } from '../entity-changes/apply-entity-change';
import { callOnDocument, documentState, loadDocumentState, lockedAtVersion, requesterRecipients, type DocumentRow, type DocumentState, type StepOfUser, type StepState } from '../core/document-state';
import { deputyDay, mailStepWaiting } from '../people/deputies';
import { scopeCompany } from '../core/eligibility';
import { rememberEmailPush } from '../mail/email-push-preference';
import { mailDocumentEvent } from '../mail/notifications';
import { DocumentStatus, StepStatus, type LogAction } from '../core/status';
import { actingFor, isTreasuryStep, nextStep, refuseStepAction } from '../core/transitions';
import { readTreasuryData } from './treasury-data';
import { readStepFields } from '../core/step-fields';
import { giveNumbers } from '../filing/numbering';
import { settleBudgets } from '../../budgets/budget-ledger';
import { findModule } from '../../../src/engine';
import { linkFiles } from '../../files/link-files';
import { illegalTransition, refusalError, stepNotFound } from '../core/workflow-error';
import type { WorkflowContext } from '../core/workflow-context';
import { actorNamed } from '../../records/record-actor';
import type { StepActionBody, StepActionResult } from '../../../src/wire/workflow';
import { refuseChangedSinceRead, storeActionAnswer, type ReadVersion } from './read-version';

/** The document read without its lock (`actOnStep`): taken as the lock by the transaction's first write, at the version read (`lockedAtVersion`). */
type ReadAt = Pick<DocumentState, 'id' | 'version'> | undefined;

/** A condition of a transaction's first write: the document's row locked at the version read (none: already locked). */
const lockedAsRead = (readAt: ReadAt) => (readAt ? lockedAtVersion(readAt) : sql<boolean>`true`);

/**
 * Marks the step handled only if it is still the pending active step: together with the
 * document lock this is the second half of the race guard (0 rows = someone was first). The
 * decision's first write: it names its actor for the history entries (`actorNamed`).
 */
function closeStepQuery(q: QueryCreator<Database>, step: StepState, status: number, ctx: WorkflowContext, onBehalfOf: number | null, data?: unknown, readAt?: ReadAt) {
  return q.updateTable('approvals')
    .set({ status, active: false, approver_id: ctx.userId, on_behalf_of: onBehalfOf, approved_at: new Date(), ...(data ? { data: JSON.stringify(data) } : {}) })
    .where(lockedAsRead(readAt))
    .where('id', '=', step.id).where('status', '=', StepStatus.PENDING).where('active', '=', true)
    .where(actorNamed(ctx.userId, status === StepStatus.REJECTED ? 'reject' : isTreasuryStep(step) ? 'treasury' : 'approve', onBehalfOf))
    .returning('id');
}

const stepNotActive = (ctx: WorkflowContext) => illegalTransition(ctx.t('server.workflow.errors.stepNotActive'));

/**
 * One approver's approval within a 合議 (`all`) or quorum step: recorded once (a candidate who
 * already decided is refused before, and the update only takes an undecided row); true while the
 * step still waits for others (logged, the step stays active), false when this approval is the
 * last one needed (the caller closes the step as an ordinary approval). Runs under the document
 * lock, so concurrent approvers count one after the other and the step advances once.
 */
async function recordPartialApproval(trx: Kysely<Database>, documentId: number, step: StepState, ctx: WorkflowContext, onBehalfOf: number | null, detail?: Record<string, unknown>): Promise<boolean> {
  // A deputy's approval counts as the principal's decision (the principal's candidacy is marked).
  const marked = await trx.updateTable('approval_candidates').set({ decision: 1, decided_at: new Date(), decided_by: ctx.userId })
    .where('approval_id', '=', step.id).where('user_id', '=', onBehalfOf ?? ctx.userId).where('decision', 'is', null)
    .where(actorNamed(ctx.userId, 'approve', onBehalfOf))
    .executeTakeFirst();
  if (marked.numUpdatedRows !== 1n) throw illegalTransition(ctx.t('server.routes.alreadyDecided'));
  if (step.decided.length + 1 >= step.required) return false;
  // The document changed (an edit made against the state before this decision is refused: 409).
  await writeApprovalLog(trx, { documentId, approvalId: step.id, userId: ctx.userId, action: 'approve', onBehalfOf, detail, touch: {} });
  return true;
}

/**
 * The decision that ends the document (a final approval, a rejection) as one statement: the step's
 * close (`readAt`: taking the document's lock at the version read), the document's end (its status,
 * `data` the step kept), its budgets settled (consumed, or given back) and the timeline entry with
 * its webhook read. Refused when the close matched nothing (someone was first): the transaction
 * rolls the statement back.
 */
async function endDocument(trx: Kysely<Database>, doc: DocumentState, step: StepState, closed: { status: number; data?: unknown; readAt?: ReadAt }, ctx: WorkflowContext, action: LogAction, onBehalfOf: number | null, end: number, data?: Record<string, unknown>, detail?: Record<string, unknown>): Promise<void> {
  const ended = await writeApprovalLog(trx, {
    documentId: doc.id, approvalId: step.id, userId: ctx.userId, action, onBehalfOf, detail, touch: { status: end, data },
    close: (q) => closeStepQuery(q, step, closed.status, ctx, onBehalfOf, closed.data, closed.readAt),
    also: (q) => settleBudgets(q, doc.id, end === DocumentStatus.COMPLETED ? 'consume' : 'release'),
  });
  if (!ended) throw stepNotActive(ctx);
}

/**
 * 決裁番号 of a document the final approval completed (issue #36: in that transaction, by the
 * module's rule in force now, never skipped), given LAST: from the counter's row on, every final
 * approval of the company's shared sequence waits for this commit, so only the number's write and
 * the reply's claim come after it. Nothing before reads it (the mails and webhooks carry the code).
 */
async function giveDecisionNumber(trx: Kysely<Database>, doc: DocumentState, ctx: WorkflowContext): Promise<void> {
  // The company as the document's state read it.
  await giveNumbers(trx, findModule(ctx.definitions, doc.module_code), ['decision'], doc.company_id, doc.id, undefined, doc.numbering ?? undefined);
}

/** The mail of the document's end to its requester and whoever filed for them, addressed as the document's state read them. */
function mailEnd(trx: Kysely<Database>, kind: 'completed' | 'rejected', doc: DocumentState, ctx: WorkflowContext) {
  return mailDocumentEvent(trx, kind, doc, requesterRecipients(doc), ctx, null, {}, doc.requesters ? { known: { people: doc.requesters, urgent: doc.urgent } } : {});
}

/**
 * Closes the step (approve or treasury, `closed` its status and the data it keeps) and moves the
 * document on: to the next step — the close, the log entry, the document's touch and the next
 * step's activation in one statement — or completed.
 */
async function passStep(trx: Kysely<Database>, doc: DocumentState, step: StepState, closed: { status: number; data?: unknown; readAt?: ReadAt }, body: StepActionBody, ctx: WorkflowContext, action: LogAction, onBehalfOf: number | null, data?: Record<string, unknown>, detail?: Record<string, unknown>) {
  const next = nextStep(doc, step);
  if (!next) {
    await endDocument(trx, doc, step, closed, ctx, action, onBehalfOf, DocumentStatus.COMPLETED, data, detail);
    // An entity module's change takes effect here, in the final approval's transaction.
    if (findModule(ctx.definitions, doc.module_code)?.meta.entity) await applyEntityChange(trx, doc.id, ctx);
    await mailEnd(trx, 'completed', doc, ctx);
    return DocumentStatus.COMPLETED;
  }
  // On to the next step: the log's statement also closes this one, makes the next active, touches
  // the document (with the step's data) and remembers the approver's choice of mailing the next approvers.
  const notify = body.send_email_push;
  const logged = await writeApprovalLog(trx, {
    documentId: doc.id, approvalId: step.id, userId: ctx.userId, action, onBehalfOf, detail, touch: { data, activate: next.id },
    close: (q) => closeStepQuery(q, step, closed.status, ctx, onBehalfOf, closed.data, closed.readAt),
    also: notify !== undefined ? (q) => rememberEmailPush(q, ctx.userId, notify) : undefined,
  });
  if (!logged) throw stepNotActive(ctx);
  // The next step's approvers and their deputies in effect.
  if (notify === true) await mailStepWaiting(trx, doc, next.candidates, ctx, next);
  return DocumentStatus.ON_PROCESS;
}

/** What another entry point (the mail link) adds to the app's step action; the action itself is the same. */
export interface StepActionOptions {
  /**
   * The entry point's own checks, run under the document's lock before the transition rules (the
   * mail link: its token still works for this user; a rejection has a comment). Throws to refuse.
   */
  guard?: (trx: Kysely<Database>, doc: DocumentState) => Promise<void>;
  /** Kept on the action's log entry (`approval_logs.detail`): `{ via: 'mail', comment? }`. */
  logDetail?: Record<string, unknown>;
  /** The version the approver read and the request's idempotency claim (`POST /approvals/{id}/action`). */
  read?: ReadVersion;
}

/**
 * `POST /api/approvals/{id}/action`: approve (true), reject (false) or complete the treasury step
 * (null with `data`, or true with `data`, on a `p-treasury` step), re-checking on the document as
 * it stands that the user is a candidate of this step and that it is still the active pending
 * step. Logs the action and queues the mails of the rules in README.md. The mail link
 * (`mail-actions.ts`) and bulk approval act through here too, with `options`. `documentId` null:
 * the step's document is found under the acting user's visibility rule (an unknown or invisible
 * step is 404, as the route's own check answers); given, the caller checked it.
 *
 * A decision runs in one transaction under the document's lock, so concurrent actions on a
 * document wait for each other and each re-check sees what the one before committed. A plain
 * approval (`mayPassWithoutLock`) reads the document first without the lock: when it only moves
 * the document on to its next step the database reads, decides and writes it in one call and no
 * transaction (`passInDatabase`); a final approval's transaction takes the lock with its first
 * write, only while the row is still the version read — else it is all taken again from a read
 * under the lock.
 */
export async function actOnStep(db: Kysely<Database>, documentId: number | null, stepId: number, body: StepActionBody, ctx: WorkflowContext, options: StepActionOptions = {}): Promise<StepActionResult> {
  const detail = options.logDetail;
  const read = options.read ?? {};
  const target = documentId ?? { step: stepId, visibleTo: ctx.userId };
  if (mayPassWithoutLock(body, options)) {
    const tried = await passInDatabase(db, target, stepId, body, ctx, options);
    if ('passed' in tried) return tried.passed;
    const { first } = tried;
    if (first) {
      const refusal = refuseStepAction(first, stepId, ctx.userId);
      if (refusal) throw refusalError(refusal, ctx.t);
      // A 合議 or quorum step counts the others' decisions: read under the lock, never on an earlier read.
      if (first.steps.find((s) => s.id === stepId)!.required === 1) {
        try {
          return await inTransaction(first);
        } catch (error) {
          if (!isStaleDocument(error)) throw error;
        }
      }
    } else if (first === null && documentId === null) throw stepNotFound(ctx.t);
  }
  return inTransaction(undefined);

  /** The decision in one transaction: on `first` (read without the lock, its version checked by the first write) or on a read under the lock. */
  function inTransaction(first: DocumentState | undefined): Promise<StepActionResult> {
    let decided: DocumentState | undefined;
    return db.transaction().execute(async (trx) => {
      const result = await decide(trx, first ?? await loadDocumentState(trx, target, true), first);
      if (decided && result.buffer.status === DocumentStatus.COMPLETED) await giveDecisionNumber(trx, decided, ctx);
      return storeActionAnswer(trx, read, result);
    });
    async function decide(trx: Kysely<Database>, doc: DocumentState | null, readAt: ReadAt): Promise<StepActionResult> {
      if (!doc && documentId === null) throw stepNotFound(ctx.t);
      if (!doc) throw illegalTransition(ctx.t('server.workflow.errors.notOnProcess'));
      decided = doc;
      if (options.guard) await options.guard(trx, doc);
      const refusal = refuseStepAction(doc, stepId, ctx.userId);
      if (refusal) throw refusalError(refusal, ctx.t);
      await refuseChangedSinceRead(trx, doc.id, read.expectedUpdatedAt, ctx.t);
      const step = doc.steps.find((s) => s.id === stepId)!;
      // A deputy acts for the principal: both are recorded (approver / log user, on_behalf_of).
      const onBehalfOf = actingFor(step, ctx.userId) ?? null;
      // Fields a step fills (the signer's signed files): only this step's, only with its approval.
      const module = findModule(ctx.definitions, doc.module_code) ?? undefined;
      const filled = await readStepFields(trx, ctx.definitions, module, step.process_code, body.data, ctx.t, ctx.userId);
      if ('violations' in filled) throw validationFailed(filled.violations);

      if (body.approve === false) {
        await endDocument(trx, doc, step, { status: StepStatus.REJECTED }, ctx, 'reject', onBehalfOf, DocumentStatus.REJECTED, undefined, detail);
        await mailEnd(trx, 'rejected', doc, ctx);
        return { id: step.id, status: StepStatus.REJECTED, buffer: { id: doc.id, status: DocumentStatus.REJECTED } };
      }
      if (isTreasuryStep(step)) {
        const formCode = findModule(ctx.definitions, doc.module_code)?.process?.find((s) => s.code === step.process_code)?.form;
        const treasury = await readTreasuryData(trx, ctx.definitions, formCode, body.data, ctx.t, { companyId: await scopeCompany(trx, doc.requester_id, doc.data.company_id), userId: ctx.userId });
        if ('violations' in treasury) throw validationFailed(treasury.violations);
        const status = await passStep(trx, doc, step, { status: StepStatus.DONE, data: treasury.value }, body, ctx, 'treasury', onBehalfOf, { ...doc.data, ...treasury.value }, detail);
        return { id: step.id, status: StepStatus.DONE, buffer: { id: doc.id, status } };
      }
      if (body.approve !== true) {
        throw validationFailed([{ propertyPath: 'approve', message: ctx.t('server.workflow.errors.approveRequired') }]);
      }
      const fields = Object.keys(filled.value).length ? filled.value : undefined;
      if (step.required > 1 && await recordPartialApproval(trx, doc.id, step, ctx, onBehalfOf, detail)) {
        return { id: step.id, status: StepStatus.PENDING, buffer: { id: doc.id, status: DocumentStatus.ON_PROCESS } };
      }
      // The close is the first write: it takes the document's lock at the version read (`readAt`; none: already locked).
      const status = await passStep(trx, doc, step, { status: StepStatus.DONE, data: fields, readAt }, body, ctx, 'approve', onBehalfOf, fields && { ...doc.data, ...fields }, detail);
      if (fields && module) await linkFiles(trx, module, doc.id, fields);
      return { id: step.id, status: StepStatus.DONE, buffer: { id: doc.id, status } };
    }
  }
}

/**
 * A plain approval: approve, nothing filled, no mail to the next approvers, from an entry point
 * with no checks of its own (the mail link's, bulk approval's), no idempotency key or version
 * read to hold it to (an offline decision). It may pass without the lock (`passInDatabase`).
 */
function mayPassWithoutLock(body: StepActionBody, options: StepActionOptions): boolean {
  return body.approve === true && body.data === undefined && body.send_email_push !== true && !options.guard
    && !options.read?.claim && options.read?.expectedUpdatedAt === undefined;
}

/**
 * The common decision (a plain approval, the user's to take) that moves the document on to its
 * next step with one approval passing the step: read, decided and written by ONE call of
 * `ringi_pass_step` (migration 1416) — no transaction around it, no lock held while anything is
 * decided. The database passes the step only where `refuseStepAction`, `actingFor` and `nextStep`
 * would on the state it read (and no webhook endpoint of the company waits for the events: those
 * are queued in the transaction's path); its write holds only while the document's row is still the
 * version read. Every change a decision depends on writes that row under the document's lock
 * (another decision, an edit's restart, a send back, a withdrawal all touch it), so a call that
 * finds another version fails whole (`first` undefined), and the decision is taken again under the lock.
 * Otherwise `first` is the state read (null: unknown, or a step the user may not see), on which
 * the caller decides as on any read.
 */
async function passInDatabase(db: Kysely<Database>, target: number | StepOfUser, stepId: number, body: StepActionBody, ctx: WorkflowContext, options: StepActionOptions): Promise<{ passed: StepActionResult } | { first: DocumentState | null | undefined }> {
  const day = deputyDay();
  const remember = body.send_email_push ?? null;
  const detail = options.logDetail ? JSON.stringify(options.logDetail) : null;
  let answer: { passed: number } | { state: DocumentRow } | null | undefined;
  try {
    answer = await callOnDocument(db, target, (id) => sql<typeof answer>`ringi_pass_step(${id}, ${stepId}::integer, ${ctx.userId}::integer, ${day}::date, ${new Date()}::timestamptz, ${remember}::boolean, ${detail}::jsonb)`);
  } catch (error) {
    if (isStaleDocument(error)) return { first: undefined };
    throw error;
  }
  if (!answer) return { first: null };
  if ('state' in answer) return { first: documentState(answer.state) };
  await announceEntry(db, { id: answer.passed, kind: 'approve', step: stepId });
  return { passed: { id: stepId, status: StepStatus.DONE, buffer: { id: answer.passed, status: DocumentStatus.ON_PROCESS } } };
}
