import type { Kysely } from 'kysely';
import type { Database } from '../db/database';

/** A mail to send: plain text (already translated by the caller), optional HTML. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Queues a mail in the outbox. Pass the caller's transaction so the mail exists exactly when
 * the change that causes it is committed; call `app.mailer.kick()` after the commit.
 */
export async function enqueueMail(db: Kysely<Database>, mail: OutgoingMail): Promise<number> {
  const { id } = await db.insertInto('mail_outbox')
    .values({ to_address: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
