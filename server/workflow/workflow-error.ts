import type { Translate } from '../../src/engine';
import { AppError, forbidden } from '../lib/errors';
import type { Refusal } from './transitions';

/**
 * 409 for an action the document's state does not allow. The reply's `code` is
 * `ILLEGAL_TRANSITION` (the extra field overrides CONFLICT in `{message, code, ...extra}`), so
 * a client can tell a workflow refusal from other conflicts; the HTTP status stays 409.
 */
export function illegalTransition(message: string): AppError {
  return new AppError('CONFLICT', message, { code: 'ILLEGAL_TRANSITION' });
}

/** The reply for a refusal of the transition rules. */
export function refusalError(refusal: Refusal, t: Translate): AppError {
  return refusal.status === 403 ? forbidden(t(refusal.key)) : illegalTransition(t(refusal.key));
}
