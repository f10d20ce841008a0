import type { Kysely } from 'kysely';
import type { DefinitionSet, Lang, Translate } from '../../../src/engine';
import type { Database } from '../../db/database';
import { AppError, forbidden, notFound, validationFailed } from '../../lib/errors';
import type { MailActionBody, MailActionReason, MailActionView } from '../../../src/wire/mail-actions';
import type { StepActionResult } from '../../../src/wire/workflow';
import { documentItems } from '../lists/document-items';
import { loadDocumentState, type DocumentState } from '../core/document-state';
import { findMailActionToken, type MailActionToken } from './mail-action-tokens';
import { nextUserNotified } from './next-user-notified';
import { stepName } from './notifications';
import { actOnStep } from '../decisions/step-action';
import { actingFor, isTreasuryStep, refuseStepAction } from '../core/transitions';
import { canSeeDocument } from '../core/visibility';
import type { WorkflowContext } from '../core/workflow-context';
import { illegalTransition } from '../core/workflow-error';

/** Why a mail link does not act now: the reason the page shows, the status the POST answers, the message key. */
export interface MailActionRefusal {
  reason: MailActionReason;
  status: 403 | 409;
  key: string;
}

const STEP_VOIDED = 'server.workflow.errors.stepVoided';

/**
 * Does the mail link `token` act for `userId` now? Judged from the live state, in this order: the
 * link was mailed to this user (403 `not_yours`: a forwarded mail never acts); not expired (72 h),
 * not used; then the app's own rule (`refuseStepAction`: still a candidate or deputy in effect of
 * the active pending step of a document on process, not voided by an edit, not decided by this
 * person); and the step has stayed active since the link was issued (a send back or step back
 * and return kills it). A disabled user is no candidate any more (and cannot sign in).
 */
export function refuseMailAction(token: MailActionToken, userId: number, doc: DocumentState | null): MailActionRefusal | null {
  if (token.user_id !== userId) return { reason: 'not_yours', status: 403, key: 'server.mailActions.notYours' };
  if (token.expired) return { reason: 'expired', status: 409, key: 'server.mailActions.expired' };
  if (token.used_at) return { reason: 'used', status: 409, key: 'server.mailActions.used' };
  if (!doc) return { reason: 'decided', status: 409, key: 'server.workflow.errors.notOnProcess' };
  const refusal = refuseStepAction(doc, token.approval_id, userId);
  if (refusal?.status === 403) return { reason: 'not_allowed', status: 403, key: refusal.key };
  if (refusal) return { reason: refusal.key === STEP_VOIDED ? 'edited' : 'decided', status: 409, key: refusal.key };
  if (token.stale) return { reason: 'decided', status: 409, key: 'server.mailActions.stale' };
  return null;
}

/** The reply of a refusal: 403 `FORBIDDEN` or 409 (`ILLEGAL_TRANSITION` for the workflow's own refusals, else `CONFLICT`), with `reason`. */
function refusalReply(refusal: MailActionRefusal, t: Translate): AppError {
  const message = t(refusal.key);
  if (refusal.status === 403) return new AppError('FORBIDDEN', message, { reason: refusal.reason });
  if (refusal.reason === 'expired' || refusal.reason === 'used') return new AppError('CONFLICT', message, { reason: refusal.reason });
  const error = illegalTransition(message);
  return new AppError(error.code, message, { reason: refusal.reason });
}

const unknownLink = (t: Translate) => notFound(t('server.mailActions.unknown'));

/**
 * `GET /api/mail-actions/{token}`: what the confirm page shows — never changes anything, however
 * often it is read (mail scanners open every link). The document and step only to the user the
 * link was mailed to (who can see the document); to anyone else just "not yours".
 */
export async function mailActionView(db: Kysely<Database>, definitions: DefinitionSet, token: string, userId: number, lang: Lang): Promise<MailActionView> {
  const t = definitions.translate(lang);
  const found = await findMailActionToken(db, token);
  if (!found) throw unknownLink(t);
  const doc = await loadDocumentState(db, found.buffer_id);
  const refusal = refuseMailAction(found, userId, doc);
  const base = {
    usable: refusal === null, reason: refusal?.reason ?? null, message: refusal ? t(refusal.key) : null,
    approve: found.approve, expires_at: found.expires_at.toISOString(),
  };
  const hidden = { step: null, buffer: null, on_behalf_of: null, needs_app_to_approve: false };
  if (refusal?.reason === 'not_yours' || !(await canSeeDocument(db, found.buffer_id, userId))) return { ...base, ...hidden };
  const [buffer] = await documentItems(db, definitions, [found.buffer_id], lang);
  const step = doc?.steps.find((s) => s.id === found.approval_id);
  const principal = step ? actingFor(step, userId) ?? null : null;
  const onBehalfOf = principal !== null ? await db.selectFrom('users').select(['id', 'name']).where('id', '=', principal).executeTakeFirst() ?? null : null;
  return {
    ...base,
    step: { id: found.approval_id, name: (await stepName(db, found.approval_id))?.[lang] ?? '' },
    buffer: buffer ?? null,
    on_behalf_of: onBehalfOf,
    needs_app_to_approve: step ? isTreasuryStep(step) : false,
  };
}

/**
 * `POST /api/mail-actions/{token}`: the confirm page's button. Acts through THE step action
 * (`actOnStep`, the app's own transaction, rules, mails and history) with the link's checks
 * re-run under the document's lock (`guard`), the token marked used in that transaction, and the
 * log entry marked `via: "mail"` with the comment. A rejection needs a comment (422 at `comment`).
 * The next step's approvers are mailed as the app's dialog would propose (`nextUserNotified`).
 */
export async function actByMail(db: Kysely<Database>, token: string, body: MailActionBody, ctx: WorkflowContext): Promise<StepActionResult> {
  const found = await findMailActionToken(db, token);
  if (!found) throw unknownLink(ctx.t);
  // A forwarded mail: refused before anything about the document is read.
  if (found.user_id !== ctx.userId) throw forbidden(ctx.t('server.mailActions.notYours'));
  const comment = body.comment?.trim() ?? '';
  const notify = (await nextUserNotified(db, found.buffer_id, ctx.userId)).is_notified;
  return actOnStep(db, found.buffer_id, found.approval_id, { approve: body.approve, send_email_push: notify }, ctx, {
    logDetail: { via: 'mail', ...(comment ? { comment } : {}) },
    guard: async (trx, doc) => {
      // Read again under the lock: a parallel use of the same link waits here and then sees it used.
      const live = await findMailActionToken(trx, token);
      const refusal = live ? refuseMailAction(live, ctx.userId, doc) : { reason: 'decided' as const, status: 409 as const, key: 'server.mailActions.unknown' };
      if (refusal) throw refusalReply(refusal, ctx.t);
      if (!body.approve && !comment) throw validationFailed([{ propertyPath: 'comment', message: ctx.t('server.mailActions.commentRequired') }]);
      await trx.updateTable('mail_action_tokens').set({ used_at: new Date() }).where('id', '=', found.id).execute();
    },
  });
}
