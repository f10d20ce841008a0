import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Translate } from '../../src/engine';
import type { Database } from '../db/database';
import { badRequest } from '../lib/errors';
import { enqueueMail } from '../mail/outbox';
import { hashPassword } from './password';
import { endAllSessions } from '../repositories/session-repository';

/** A reset link is valid for one hour and once. */
export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;
export const MIN_PASSWORD_LENGTH = 8;

/** Only the SHA-256 of a token is stored: a database leak does not leak working links. */
export const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Queues a reset mail when an enabled account has this address; otherwise does nothing, so the
 * caller's answer is the same either way.
 */
export async function requestPasswordReset(db: Kysely<Database>, appUrl: string, t: Translate, email: string): Promise<void> {
  const user = await db.selectFrom('users').select(['id', 'name', 'email'])
    .where(sql`lower(email)`, '=', email.trim().toLowerCase()).where('disabled', '=', false)
    .executeTakeFirst();
  if (user) await mailResetLink(db, appUrl, t, user, 'reset');
}

/**
 * Issues a single-use reset link for the user and queues its mail in one transaction (a new link
 * replaces older unused ones). `reset`: forgot-password asked for it; `locked`: the account has just
 * locked after too many wrong passwords (the lock dialog tells the user to look for this mail).
 */
export async function mailResetLink(
  db: Kysely<Database>, appUrl: string, t: Translate, user: { id: number; name: string; email: string },
  why: 'reset' | 'locked', values: Record<string, unknown> = {},
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const link = `${appUrl}/reset-password?token=${token}`;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('password_reset_tokens').where('user_id', '=', user.id).where('used_at', 'is', null).execute();
    await trx.insertInto('password_reset_tokens').values({
      user_id: user.id, token_hash: digest(token), expires_at: new Date(Date.now() + RESET_TOKEN_LIFETIME_MS),
    }).execute();
    await enqueueMail(trx, {
      to: user.email,
      subject: t(why === 'locked' ? 'server.mail.lockedSubject' : 'server.mail.resetSubject'),
      text: t(why === 'locked' ? 'server.mail.lockedText' : 'server.mail.resetText', { ...values, name: user.name, link }),
    });
  });
}

/**
 * Sets a new password with a reset token: burns the token, clears the lock and the failed count,
 * and ends existing sessions (tokens issued before the change stop working).
 */
export async function resetPassword(db: Kysely<Database>, t: Translate, token: string, password: string): Promise<void> {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw badRequest(t('server.auth.passwordTooShort', { min: MIN_PASSWORD_LENGTH }));
  }
  const invalid = () => badRequest(t('server.auth.resetTokenInvalid'));
  // A link mailed before the account was disabled or deleted ends with the account (issue #19).
  const found = await db.selectFrom('password_reset_tokens')
    .innerJoin('users', 'users.id', 'password_reset_tokens.user_id')
    .select(['password_reset_tokens.id', 'password_reset_tokens.user_id'])
    .where('token_hash', '=', digest(token)).where('used_at', 'is', null).where('expires_at', '>', new Date())
    .where('users.disabled', '=', false)
    .executeTakeFirst();
  if (!found) throw invalid();
  const hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const burnt = await trx.updateTable('password_reset_tokens').set({ used_at: new Date() })
      .where('id', '=', found.id).where('used_at', 'is', null).executeTakeFirst();
    // Two requests with one token: only the first one wins.
    if (burnt.numUpdatedRows !== 1n) throw invalid();
    await trx.updateTable('users')
      .set({ password_hash: hash, failed_attempts: 0, locked_at: null, password_changed_at: new Date(), updated_at: new Date() })
      .where('id', '=', found.user_id).execute();
    // Its signed-in devices end too (the password version already refuses their tokens; the list says why).
    await endAllSessions(trx, found.user_id, 'password', null);
  });
}
