import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import webpush from 'web-push';
import type { Database } from '../db/database';
import { coalescedRounds } from '../lib/coalesced-rounds';
import { allowedPushEndpoint } from './push-origins';
import type { VapidKeys } from './vapid';

/** After this many failed tries a push is marked failed. */
export const MAX_PUSH_ATTEMPTS = 5;
/** How long an instance holds claimed messages; one not marked sent by then is taken again. */
export const PUSH_LEASE_SECONDS = 60;
/** How long a push service keeps an undelivered message (a day: a waiting approval is still news). */
const TTL_SECONDS = 86400;

interface PushRow { id: number; attempts: number; topic: string; urgency: 'normal' | 'high' | 'low' | 'very-low'; payload: string; subscription_id: number; endpoint: string; p256dh: string; auth: string }

/** Delivers the push outbox: after write requests (`kick`) and on an interval. */
export interface PushSender {
  dispatch(): Promise<void>;
  kick(): void;
  close(): Promise<void>;
}

export interface PushSenderOptions {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  vapid: () => Promise<VapidKeys>;
  /** The `sub` of the VAPID token: a contact for the push services (`mailto:` or `https:`). */
  subject: string;
  allowedOrigins: readonly string[];
  intervalMs: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * Sends each message with `web-push`'s request (RFC 8291 aes128gcm encryption, RFC 8292 VAPID
 * `Authorization`, `TTL`, `Topic`, `Urgency`) over `fetch`, redirects not followed, to endpoints
 * on the allowed origins only (checked again at send: the list may have shrunk). 404 or 410 from
 * the push service means the subscription is gone: it is removed (with its messages). Claims work
 * like the mail outbox: `for update skip locked` under a lease, so each message is sent once across
 * instances unless one dies between the send and marking it sent.
 */
export function createPushSender(options: PushSenderOptions): PushSender {
  const { db, log } = options;
  const send = options.fetch ?? fetch;
  let closing = false;

  async function claim(): Promise<PushRow[]> {
    const result = await sql<PushRow>`update push_outbox o set attempts = o.attempts + 1,
        claimed_until = now() + make_interval(secs => ${PUSH_LEASE_SECONDS})
      from push_subscriptions s
      where s.id = o.subscription_id and o.id in (select id from push_outbox where status = 'pending'
        and (claimed_until is null or claimed_until < now()) order by id limit 20 for update skip locked)
      returning o.id, o.attempts, o.topic, o.urgency, o.payload, o.subscription_id, s.endpoint, s.p256dh, s.auth`.execute(db);
    return result.rows.sort((a, b) => a.id - b.id);
  }

  async function deliver(row: PushRow, keys: VapidKeys): Promise<'sent' | 'gone'> {
    if (!allowedPushEndpoint(row.endpoint, options.allowedOrigins)) throw new Error('the endpoint is not on an allowed push service');
    const request = webpush.generateRequestDetails({ endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }, row.payload, {
      vapidDetails: { subject: options.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: TTL_SECONDS, topic: row.topic, urgency: row.urgency, contentEncoding: 'aes128gcm',
    });
    const response = await send(request.endpoint, {
      method: 'POST', headers: request.headers as Record<string, string>, body: new Uint8Array(request.body), redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) return 'gone';
    if (response.status < 200 || response.status >= 300) throw new Error(`the push service answered ${response.status}`);
    return 'sent';
  }

  async function round(): Promise<void> {
    let failures = 0;
    while (!failures && !closing) {
      const batch = await claim();
      if (!batch.length) break;
      const keys = await options.vapid();
      for (const row of batch) {
        try {
          if ((await deliver(row, keys)) === 'gone') {
            log.info({ subscriptionId: row.subscription_id }, 'push subscription gone: removed');
            await db.deleteFrom('push_subscriptions').where('id', '=', row.subscription_id).execute();
            continue;
          }
          await db.updateTable('push_outbox').set({ status: 'sent', sent_at: new Date(), last_error: null, claimed_until: null }).where('id', '=', row.id).execute();
          await db.updateTable('push_subscriptions').set({ last_sent_at: new Date() }).where('id', '=', row.subscription_id).execute();
        } catch (error) {
          failures++;
          log.warn({ err: error, pushId: row.id }, 'push delivery failed');
          await db.updateTable('push_outbox')
            .set({ status: row.attempts >= MAX_PUSH_ATTEMPTS ? 'failed' : 'pending', last_error: error instanceof Error ? error.message : String(error), claimed_until: null })
            .where('id', '=', row.id).execute();
        }
      }
    }
  }

  const rounds = coalescedRounds(round, () => closing);
  const timer = options.intervalMs > 0 ? setInterval(() => sender.kick(), options.intervalMs).unref() : undefined;
  const sender: PushSender = {
    dispatch: () => rounds.run(),
    kick() {
      if (!closing) rounds.run().catch((error) => log.error({ err: error }, 'push sender failed'));
    },
    async close() {
      closing = true;
      if (timer) clearInterval(timer);
      await rounds.idle();
    },
  };
  return sender;
}
