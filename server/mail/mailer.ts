import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Database } from '../db/database';

/** After this many failed tries a mail is marked failed and left alone. */
export const MAX_MAIL_ATTEMPTS = 5;

/** Delivers the outbox: after commits (`kick`) and on an interval. */
export interface Mailer {
  /** Delivers every pending mail now; resolves when this round is done. */
  dispatch(): Promise<void>;
  /** Starts a round in the background (errors are logged, never thrown). */
  kick(): void;
  close(): Promise<void>;
}

type Send = (mail: { from: string; to: string; subject: string; text: string; html?: string }, id: number) => Promise<void>;

/** SMTP when configured; otherwise each mail becomes an .eml file in `<dataDir>/outbox`. */
function createSend(config: Config): Send {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return async (mail) => { await transport.sendMail(mail); };
  }
  const dir = join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return async (mail, id) => {
    const info = await transport.sendMail(mail);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${String(id).padStart(6, '0')}.eml`), info.message as Buffer);
  };
}

/** Creates the outbox dispatcher for an app. */
export function createMailer(config: Config, db: Kysely<Database>, log: FastifyBaseLogger): Mailer {
  const send = createSend(config);
  let running: Promise<void> | undefined;
  let again = false;

  async function round(): Promise<void> {
    const pending = await db.selectFrom('mail_outbox').selectAll()
      .where('status', '=', 'pending').orderBy('id').limit(50).execute();
    for (const mail of pending) {
      // Claim by bumping the attempt count: another server node that read the same row loses.
      const claim = await db.updateTable('mail_outbox').set({ attempts: mail.attempts + 1 })
        .where('id', '=', mail.id).where('attempts', '=', mail.attempts).where('status', '=', 'pending')
        .executeTakeFirst();
      if (claim.numUpdatedRows !== 1n) continue;
      try {
        await send({ from: config.mailFrom, to: mail.to_address, subject: mail.subject, text: mail.text, html: mail.html ?? undefined }, mail.id);
        await db.updateTable('mail_outbox').set({ status: 'sent', sent_at: new Date(), last_error: null })
          .where('id', '=', mail.id).execute();
      } catch (error) {
        const failed = mail.attempts + 1 >= MAX_MAIL_ATTEMPTS;
        log.warn({ err: error, mailId: mail.id }, 'mail delivery failed');
        await db.updateTable('mail_outbox')
          .set({ status: failed ? 'failed' : 'pending', last_error: error instanceof Error ? error.message : String(error) })
          .where('id', '=', mail.id).execute();
      }
    }
  }

  async function dispatch(): Promise<void> {
    if (running) {
      // A round is under way; run one more after it so mail queued meanwhile is not left waiting.
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await round();
      } while (again);
    })().finally(() => { running = undefined; });
    return running;
  }

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
      await running?.catch(() => undefined);
    },
  };
  return mailer;
}
