import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Translate } from '../../src/engine';
import type { Database } from '../db/database';
import { enqueueMail } from '../mail/outbox';
import { digest } from './password-reset';

/** An invitation link is valid for seven days and once. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Queues the invitation of a user created by an approved request: a single-use link to set a
 * password (the reset-password page and `POST /reset_password` take it like a reset token).
 * Runs in the caller's transaction, so the mail exists exactly when the user does.
 */
export async function inviteUser(trx: Kysely<Database>, user: { id: number; name: string; email: string }, appUrl: string, t: Translate): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await trx.insertInto('password_reset_tokens').values({
    user_id: user.id, token_hash: digest(token), expires_at: new Date(Date.now() + INVITATION_LIFETIME_MS),
  }).execute();
  await enqueueMail(trx, {
    to: user.email,
    subject: t('server.admin.mail.invitationSubject'),
    text: t('server.admin.mail.invitationText', { name: user.name, link: `${appUrl}/reset-password?token=${token}` }),
  });
}
