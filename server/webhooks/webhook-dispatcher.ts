import type { FastifyBaseLogger } from 'fastify';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import { coalescedRounds } from '../lib/coalesced-rounds';
import { checkWebhookUrl, pinnedLookup, resolveHost, type Resolve } from './public-address';
import { openSecret, signWebhook } from './webhook-secret';

/** Seconds until each retry after a failed attempt: ~30 s, 2 min, 10 min, 1 h, 6 h, 24 h; then dead-lettered. */
export const DEFAULT_RETRY_SECONDS = [30, 120, 600, 3600, 21600, 86400];
/** How long (at least) an instance holds claimed messages; one not finished by then is taken again. */
export const WEBHOOK_LEASE_SECONDS = 120;
/** Bytes of a receiver's answer kept in the delivery log. */
export const RESPONSE_BYTES_KEPT = 1024;
/** Days the delivery log (and finished messages) are kept. */
export const DELIVERY_LOG_DAYS = 30;

/** What the dispatcher needs; everything is handed in (tests pass their own delays and resolver). */
export interface WebhookDispatcherOptions {
  db: Kysely<Database>;
  /** Decrypts stored secrets (server/webhooks/webhook-secret.ts `secretsKey`). */
  key: Buffer;
  log: FastifyBaseLogger;
  /** `WEBHOOK_ALLOW_PRIVATE=1`: http and private, loopback and link-local addresses allowed. */
  allowPrivate: boolean;
  /** Seconds before each retry; after the last one a failing message is dead. */
  retrySeconds?: number[];
  /** Whole-request time limit per attempt, ms. */
  timeoutMs?: number;
  /** How often to look for due messages, ms (0 = only when kicked). */
  intervalMs: number;
  resolve?: Resolve;
}

/** Delivers the webhook outbox: when kicked (after each write request) and on an interval. */
export interface WebhookDispatcher {
  /** Delivers every due message now (one attempt each); resolves when the round is done. */
  dispatch(): Promise<void>;
  /** Starts a round in the background (errors are logged, never thrown). */
  kick(): void;
  close(): Promise<void>;
}

interface Claimed { id: number; endpoint_id: number; event_id: string; type: string; body: string; attempts: number }

interface Attempt {
  status: number | null;
  body: string | null;
  error: string | null;
  latencyMs: number;
}

/** The signatures of a message: the current secret's, and while a rotation is under 24 h old the previous one's. */
function signatures(key: Buffer, endpoint: { secret: string; previous_secret: string | null; previous_secret_until: Date | null }, id: string, timestamp: number, body: string): string {
  const list = [signWebhook(openSecret(key, endpoint.secret), id, timestamp, body)];
  if (endpoint.previous_secret && endpoint.previous_secret_until && new Date(endpoint.previous_secret_until).getTime() > Date.now()) {
    list.push(signWebhook(openSecret(key, endpoint.previous_secret), id, timestamp, body));
  }
  return list.join(' ');
}

/**
 * One POST, on a connection of its own (no pooled socket), to the checked address (the URL's
 * host name stays the Host header and the TLS name),
 * no redirect followed (a 3xx is a failed attempt), the whole attempt bounded by `timeoutMs`,
 * at most `RESPONSE_BYTES_KEPT` of the answer read.
 */
function post(target: { url: URL; address: string; family: 4 | 6 }, headers: Record<string, string>, body: string, timeoutMs: number): Promise<Attempt> {
  const started = Date.now();
  const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((done) => {
    let settled = false;
    const finish = (result: Omit<Attempt, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done({ ...result, latencyMs: Date.now() - started });
    };
    const req = send(target.url, { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup: pinnedLookup(target), agent: false }, (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      const end = () => {
        finish({ status: res.statusCode ?? null, body: Buffer.concat(chunks).subarray(0, RESPONSE_BYTES_KEPT).toString('utf8'), error: null });
        res.destroy();
      };
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        kept += chunk.length;
        if (kept >= RESPONSE_BYTES_KEPT) end();
      });
      res.on('end', end);
      res.on('error', end);
    });
    const timer = setTimeout(() => {
      req.destroy(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    req.on('error', (error) => finish({ status: null, body: null, error: error.message }));
    req.end(body);
  });
}

/** Creates the webhook dispatcher of an app (one per instance; instances share the work by leases). */
export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const { db, key, log, allowPrivate } = options;
  const retrySeconds = options.retrySeconds ?? DEFAULT_RETRY_SECONDS;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const resolve = options.resolve ?? resolveHost;
  let closing = false;
  let lastPurge = 0;
  // A claimed batch is sent one message after another: the lease must outlast the whole batch
  // (each attempt up to the time limit, plus a DNS lookup), or another instance could take over
  // messages of it still waiting here and send them a second time.
  const leaseSeconds = Math.max(WEBHOOK_LEASE_SECONDS, Math.ceil(timeoutMs / 1000) + 30);
  const batchSize = Math.max(1, Math.min(20, Math.floor((leaseSeconds * 1000) / (timeoutMs + 5000))));

  /**
   * Claims up to `batchSize` due messages in one statement, as the mail outbox does: rows another
   * instance is claiming are skipped (`for update skip locked`), rows under a live lease are left
   * alone, and the lease lets another instance take over a message whose instance died mid-send.
   */
  async function claim(): Promise<Claimed[]> {
    const result = await sql<Claimed>`update webhook_messages set attempts = attempts + 1,
        claimed_until = now() + make_interval(secs => ${leaseSeconds})
      where id in (select id from webhook_messages where status = 'pending' and next_attempt_at <= now()
        and (claimed_until is null or claimed_until < now())
        order by next_attempt_at, id limit ${batchSize} for update skip locked)
      returning id, endpoint_id, event_id, type, body, attempts`.execute(db);
    return result.rows.map((r) => ({ ...r, id: Number(r.id) })).sort((a, b) => a.id - b.id);
  }

  async function finishMessage(id: number, status: 'delivered' | 'dead' | 'disabled') {
    await db.updateTable('webhook_messages').set({ status, claimed_until: null, finished_at: new Date() }).where('id', '=', id).execute();
  }

  /** One attempt of one message: sent (or refused), logged, and the message moved on. Answers whether it failed. */
  async function deliver(message: Claimed): Promise<boolean> {
    const endpoint = await db.selectFrom('webhook_endpoints')
      .select(['id', 'url', 'secret', 'previous_secret', 'previous_secret_until', 'disabled_at'])
      .where('id', '=', message.endpoint_id).executeTakeFirst();
    if (!endpoint) return false; // deleted meanwhile: its messages went with it
    if (endpoint.disabled_at) {
      await finishMessage(message.id, 'disabled');
      return false;
    }
    const timestamp = Math.floor(Date.now() / 1000);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'Ringi-Webhooks/1',
      'webhook-id': message.event_id,
      'webhook-timestamp': String(timestamp),
    };
    let attempt: Attempt;
    const started = Date.now();
    try {
      headers['webhook-signature'] = signatures(key, endpoint, message.event_id, timestamp, message.body);
      // Checked again at every send, after DNS resolution, and the checked address is the one connected to.
      const target = await Promise.race([
        checkWebhookUrl(endpoint.url, allowPrivate, resolve),
        // A DNS lookup that hangs counts against the same time limit.
        new Promise<never>((_, fail) => { setTimeout(() => fail(new Error(`no DNS answer within ${timeoutMs} ms`)), timeoutMs).unref(); }),
      ]);
      attempt = await post(target, headers, message.body, timeoutMs);
    } catch (error) {
      attempt = { status: null, body: null, error: `refused: ${error instanceof Error ? error.message : String(error)}`, latencyMs: Date.now() - started };
    }
    const ok = attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
    const gone = attempt.status === 410;
    const retry = !ok && !gone && message.attempts <= retrySeconds.length;
    const outcome = ok ? 'delivered' : gone ? 'disabled' : retry ? 'retry' : 'dead';
    await db.insertInto('webhook_deliveries').values({
      message_id: message.id, endpoint_id: endpoint.id, attempt: message.attempts, url: endpoint.url,
      request_headers: JSON.stringify(headers), request_body: message.body,
      response_status: attempt.status, response_body: attempt.body, error: attempt.error, latency_ms: attempt.latencyMs, outcome,
    }).execute();
    if (ok) await finishMessage(message.id, 'delivered');
    else if (gone) {
      // 410 Gone: the receiver says it will never want these again — the endpoint is disabled.
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('webhook_endpoints').set({ disabled_at: new Date(), disabled_reason: '410 Gone' }).where('id', '=', endpoint.id).execute();
        await trx.updateTable('webhook_messages').set({ status: 'disabled', claimed_until: null, finished_at: new Date() })
          .where('endpoint_id', '=', endpoint.id).where('status', '=', 'pending').execute();
      });
    } else if (retry) {
      const delay = retrySeconds[message.attempts - 1];
      await sql`update webhook_messages set claimed_until = null, next_attempt_at = now() + make_interval(secs => ${delay})
        where id = ${message.id}`.execute(db);
    } else await finishMessage(message.id, 'dead');
    if (!ok) log.warn({ webhookMessage: message.id, status: attempt.status, error: attempt.error, outcome }, 'webhook delivery failed');
    return !ok;
  }

  /** The delivery log and finished messages older than 30 days go (at most once an hour per instance). */
  async function purge() {
    if (Date.now() - lastPurge < 3_600_000) return;
    lastPurge = Date.now();
    await sql`delete from webhook_deliveries where created_at < now() - make_interval(days => ${DELIVERY_LOG_DAYS})`.execute(db);
    await sql`delete from webhook_messages where finished_at < now() - make_interval(days => ${DELIVERY_LOG_DAYS})`.execute(db);
  }

  async function round(): Promise<void> {
    await purge();
    // A round stops after a batch with a failure, so each kick tries a failing message once; retries wait for their time.
    let failures = 0;
    while (!failures && !closing) {
      const batch = await claim();
      if (!batch.length) break;
      for (const message of batch) if (await deliver(message)) failures++;
    }
  }

  const rounds = coalescedRounds(round, () => closing);
  const dispatch = () => rounds.run();
  const timer = options.intervalMs > 0 ? setInterval(() => { dispatcher.kick(); }, options.intervalMs).unref() : undefined;
  const dispatcher: WebhookDispatcher = {
    dispatch,
    kick() {
      if (closing) return;
      dispatch().catch((error) => log.error({ err: error }, 'webhook dispatcher failed'));
    },
    async close() {
      closing = true;
      if (timer) clearInterval(timer);
      await rounds.idle();
    },
  };
  return dispatcher;
}
