import type { Translate } from '../../../src/engine';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { Refusal } from './transitions';

/**
 * 409 `ILLEGAL_TRANSITION` for an action the document's state does not allow, so a client can
 * tell a workflow refusal from other conflicts.
 */
export function illegalTransition(message: string): AppError {
  return new AppError('ILLEGAL_TRANSITION', message);
}

/** The reply for a refusal of the transition rules. */
export function refusalError(refusal: Refusal, t: Translate): AppError {
  return refusal.status === 403 ? forbidden(t(refusal.key)) : illegalTransition(t(refusal.key));
}

/** 404 for an approval step that does not exist or that the user may not see (no existence leak). */
export function stepNotFound(t: Translate): AppError {
  return notFound(t('server.errors.notFound', { what: t('server.workflow.entities.approval') }));
}
