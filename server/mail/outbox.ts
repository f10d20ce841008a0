import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database, MailAttachment } from '../db/database';
import { noteQueued } from '../lib/outbox-kicks';

/** A file sent with a mail. */
export interface OutgoingAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/** A mail to send: plain text (already translated by the caller), optional HTML and attachments. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: OutgoingAttachment[];
}

/**
 * Queues a mail in the outbox. Pass the caller's transaction so the mail exists exactly when
 * the change that causes it is committed; a request's mail is sent after its response
 * (`plugins/outbox-kicks.ts`), other callers call `app.mailer.kick()` after the commit. Attachment
 * bytes go to `file_contents` (read by whichever instance sends the mail).
 */
export async function enqueueMail(db: Kysely<Database>, mail: OutgoingMail): Promise<number> {
  const attachments: MailAttachment[] = [];
  for (const file of mail.attachments ?? []) {
    const storageKey = `mail/${randomUUID()}`;
    await db.insertInto('file_contents').values({ storage_key: storageKey, bytes: Buffer.from(file.content) }).execute();
    attachments.push({ filename: file.filename, contentType: file.contentType, storageKey });
  }
  const { id } = await db.insertInto('mail_outbox')
    .values({
      to_address: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null,
      attachments: attachments.length ? JSON.stringify(attachments) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  noteQueued('mail');
  return id;
}

/**
 * A plain-text mail without attachments as a part `mail` of a caller's `with` clause, so one
 * statement queues it with what goes with it (a waiting mail's tokens and pushes,
 * `workflow/mail/notifications.ts`). In the caller's transaction like `enqueueMail`; the caller
 * notes it (`noteQueued('mail')`).
 */
export function outboxPart(mail: Pick<OutgoingMail, 'to' | 'subject' | 'text'>): RawBuilder<unknown> {
  return sql`mail as (insert into mail_outbox (to_address, subject, text) values (${mail.to}, ${mail.subject}, ${mail.text}) returning id)`;
}

/** The attachments of an outbox mail with their bytes (missing bytes are an error: the mail is retried). */
export async function mailAttachments(db: Kysely<Database>, attachments: MailAttachment[] | null): Promise<Array<{ filename: string; contentType: string; content: Buffer }>> {
  const out = [];
  for (const a of attachments ?? []) {
    const row = await db.selectFrom('file_contents').select('bytes').where('storage_key', '=', a.storageKey).executeTakeFirst();
    if (!row) throw new Error(`attachment ${a.filename} has no stored bytes`);
    out.push({ filename: a.filename, contentType: a.contentType, content: Buffer.from(row.bytes) });
  }
  return out;
}
