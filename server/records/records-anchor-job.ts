import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { basename } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Lang } from '../../src/engine';
import type { Database } from '../db/database';
import { serverTranslate } from '../lib/i18n';
import { enqueueMail } from '../mail/outbox';
import { writeAnchor, type Anchor } from './records-anchor';

/** The job's name in `job_leases`. */
export const ANCHOR_JOB = 'records-anchor';
/** How long an instance holds the anchor job while it writes. */
const ANCHOR_LEASE_SECONDS = 600;
/** How often an instance looks whether the next anchor is due. */
const CHECK_MS = 15 * 60_000;

/** What the anchor job needs from the app. */
export interface RecordsAnchorDeps {
  db: Kysely<Database>;
  key: Buffer;
  dataDir: string;
  /** Who gets the anchor mail; absent = the group admins (an authorizer of a group company: `seesAllCompanies`). */
  contacts?: string[];
  log: FastifyBaseLogger;
  kickMail: () => void;
}

/** The anchor job of an app (`app.recordsAnchor`). */
export interface RecordsAnchorRunner {
  /**
   * Writes an anchor now, unless another instance is writing one or (with `due`) the last one is
   * younger than the interval; returns it, or null when nothing was written.
   */
  run(options?: { now?: Date; due?: boolean }): Promise<Anchor | null>;
  /** Stops the timer and waits for the anchor under way. */
  close(): Promise<void>;
}

/** The addresses and languages the anchor mail goes to. */
async function recipients(db: Kysely<Database>, contacts: string[] | undefined): Promise<Array<{ to: string; lang: Lang }>> {
  if (contacts?.length) return contacts.map((to) => ({ to, lang: 'ja' as Lang }));
  const admins = await sql<{ email: string; language: Lang | null }>`select u.email, u.language from users u join companies c on c.id = u.company_id
    where c.is_group and u.is_authorizer and not u.disabled order by u.id`.execute(db);
  return admins.rows.map((a) => ({ to: a.email, lang: a.language ?? 'ja' }));
}

/**
 * Runs the anchor of the records store (server/records/records-anchor.ts) every `hours` (0 =
 * only when asked): one instance at a time (a lease in `job_leases`), and only when the last
 * anchor of any instance finished more than `hours` ago. Each anchor is mailed, with its digest,
 * to the records contact in the same transaction that marks the job finished.
 */
export function createRecordsAnchorRunner(deps: RecordsAnchorDeps, hours: number): RecordsAnchorRunner {
  const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let chain: Promise<unknown> = Promise.resolve();
  let closed = false;

  async function once(now: Date, due: boolean): Promise<Anchor | null> {
    await deps.db.insertInto('job_leases').values({ name: ANCHOR_JOB }).onConflict((oc) => oc.column('name').doNothing()).execute();
    const claimed = await sql<{ attempts: number }>`update job_leases
        set holder = ${holder}, attempts = attempts + 1, claimed_until = now() + make_interval(secs => ${ANCHOR_LEASE_SECONDS})
      where name = ${ANCHOR_JOB} and (claimed_until is null or claimed_until < now())
        ${due ? sql`and (finished_at is null or finished_at < now() - make_interval(hours => ${hours}) + interval '5 minutes')` : sql``}
      returning attempts`.execute(deps.db);
    const claim = claimed.rows[0]?.attempts;
    if (claim === undefined) return null;
    let anchor: Anchor | null = null;
    try {
      anchor = await writeAnchor(deps.db, deps.key, deps.dataDir, now);
      const written = anchor;
      await deps.db.transaction().execute(async (trx) => {
        for (const { to, lang } of await recipients(trx, deps.contacts)) {
          const t = serverTranslate(lang);
          await enqueueMail(trx, {
            to, subject: t('server.records.anchor.subject', { at: written.at.slice(0, 10) }),
            text: t('server.records.anchor.text', { at: written.at, documents: written.documents, digest: written.digest, file: basename(written.file) }),
          });
        }
        await trx.updateTable('job_leases').set({ claimed_until: null, finished_at: now }).where('name', '=', ANCHOR_JOB).where('attempts', '=', claim).execute();
      });
      deps.kickMail();
      deps.log.info({ documents: anchor.documents, digest: anchor.digest, file: anchor.file }, 'records anchor written');
      return anchor;
    } finally {
      if (!anchor) {
        await deps.db.updateTable('job_leases').set({ claimed_until: null }).where('name', '=', ANCHOR_JOB).where('attempts', '=', claim).execute()
          .catch(() => undefined);
      }
    }
  }

  const runner: RecordsAnchorRunner = {
    run({ now = new Date(), due = false } = {}) {
      const next = chain.then(() => once(now, due));
      chain = next.catch(() => undefined);
      return next;
    },
    async close() {
      closed = true;
      clearInterval(timer);
      await chain;
    },
  };
  const tick = () => {
    if (closed) return;
    runner.run({ due: true }).catch((err: unknown) => deps.log.error({ err }, 'records anchor failed'));
  };
  const timer = hours > 0 ? setInterval(tick, CHECK_MS) : undefined;
  timer?.unref();
  // A start after a long stop anchors soon, not only after the first interval.
  if (hours > 0) setTimeout(tick, 60_000).unref();
  return runner;
}
