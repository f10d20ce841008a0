import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Database, MailAttachment } from '../db/database';
import { mailAttachments } from './outbox';
import { privateDir } from '../security/private-dir';
import { coalescedRounds } from '../lib/coalesced-rounds';

/** After this many failed tries a mail is marked failed and left alone. */
export const MAX_MAIL_ATTEMPTS = 5;
/** How long an instance holds claimed mail; a mail not marked sent by then is taken again. */
export const MAIL_LEASE_SECONDS = 120;
/** Mails one claim takes at most. */
const CLAIM_BATCH = 20;

interface MailRow { id: number; to_address: string; subject: string; text: string; html: string | null; attempts: number; attachments: MailAttachment[] | null }

/** Delivers the outbox: after commits (`kick`) and on an interval. */
export interface Mailer {
  /** Delivers every pending mail now; resolves when this round is done. */
  dispatch(): Promise<void>;
  /** Starts a round in the background (errors are logged, never thrown). */
  kick(): void;
  close(): Promise<void>;
}

type Send = (mail: {
  from: string; to: string; subject: string; text: string; html?: string;
  attachments?: Array<{ filename: string; contentType: string; content: Buffer }>;
}, id: number) => Promise<void>;

/**
 * SMTP when configured; otherwise each mail becomes an .eml file in `<dataDir>/outbox`. SMTP
 * keeps its connections open between mails (nodemailer's pool: up to 5, 100 mails each), so a
 * burst — reminders, a bulk approval's mails — does not open a connection (and its TLS handshake
 * and sign-in) per mail; `pool=false` in `SMTP_URL` sends each on its own connection again.
 */
function createSend(config: Config): { send: Send; close: () => void } {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport({ url: config.smtpUrl, pool: true });
    return { send: async (mail) => { await transport.sendMail(mail); }, close: () => transport.close() };
  }
  const dir = join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (mail, id) => {
      const info = await transport.sendMail(mail);
      // Outbox mails hold password-reset links: readable by the service account only.
      privateDir(dir);
      writeFileSync(join(dir, `${String(id).padStart(6, '0')}.eml`), info.message as Buffer, { mode: 0o600 });
    },
    // Nothing held open.
    close: () => {},
  };
}

/** Creates the outbox dispatcher for an app. */
export function createMailer(config: Config, db: Kysely<Database>, log: FastifyBaseLogger): Mailer {
  const { send, close: closeTransport } = createSend(config);

  /**
   * Claims up to CLAIM_BATCH (20) pending mails for this instance in one statement: rows another instance is
   * claiming are skipped (`for update skip locked`), rows under a live lease are left alone, and
   * the lease lets another instance take a mail over when this one dies mid-send. A mail is sent
   * once unless an instance dies between the send and marking it sent (then at most twice).
   */
  async function claim() {
    const result = await sql<MailRow>`update mail_outbox set attempts = attempts + 1,
        claimed_until = now() + make_interval(secs => ${MAIL_LEASE_SECONDS})
      where id in (select id from mail_outbox where status = 'pending' and (claimed_until is null or claimed_until < now())
        order by id limit ${sql.lit(CLAIM_BATCH)} for update skip locked)
      returning id, to_address, subject, text, html, attempts, attachments`.execute(db);
    return result.rows.sort((a, b) => a.id - b.id);
  }

  async function round(): Promise<void> {
    // A failed mail is released at once; the round stops after that batch so each round (kick or
    // interval) tries a failing mail once instead of spinning through its attempts.
    let failures = 0;
    let more = true;
    while (more && !failures) {
      const batch = await claim();
      // A short batch took every mail there was to take: one queued since has its own kick (and the
      // round it finds under way runs once more after it), so no claim is spent on finding none.
      more = batch.length === CLAIM_BATCH;
      for (const mail of batch) {
        try {
          const attachments = await mailAttachments(db, mail.attachments);
          await send({
            from: config.mailFrom, to: mail.to_address, subject: mail.subject, text: mail.text, html: mail.html ?? undefined,
            ...(attachments.length ? { attachments } : {}),
          }, mail.id);
          await db.updateTable('mail_outbox').set({ status: 'sent', sent_at: new Date(), last_error: null, claimed_until: null })
            .where('id', '=', mail.id).execute();
        } catch (error) {
          failures++;
          const failed = mail.attempts >= MAX_MAIL_ATTEMPTS;
          log.warn({ err: error, mailId: mail.id }, 'mail delivery failed');
          await db.updateTable('mail_outbox')
            .set({ status: failed ? 'failed' : 'pending', last_error: error instanceof Error ? error.message : String(error), claimed_until: null })
            .where('id', '=', mail.id).execute();
        }
      }
    }
  }

  // A round under way runs one more after it, so mail queued meanwhile is not left waiting.
  const rounds = coalescedRounds(round);
  const dispatch = () => rounds.run();

  const timer = config.mailIntervalMs > 0
    ? setInterval(() => { mailer.kick(); }, config.mailIntervalMs).unref()
    : undefined;

  const mailer: Mailer = {
    dispatch,
    kick() {
      dispatch().catch((error) => log.error({ err: error }, 'mail dispatcher failed'));
    },
    async close() {
      if (timer) clearInterval(timer);
      await rounds.idle();
      closeTransport();
    },
  };
  return mailer;
}
