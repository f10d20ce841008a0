import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveHub } from '../../server/live/live-hub';
import { endSession, startSession } from '../../server/repositories/session-repository';
import { buildApp } from '../../server/app';
import { kyselyForPostgres } from '../../server/db/connect';
import { buildTestApp, secondInstance, type SecondInstance, type TestApp } from './helpers';
import { demoUsers, filePurchase, purchaseBody, tokens, type Users } from './workflow-fixtures';

/**
 * Live lists (issue #33 item 7): `GET /api/events` streams server-sent events to the signed-in
 * user. Two app instances on one database (as behind a load balancer; on PostgreSQL B has its
 * own pool and its own LISTEN session): a decision taken through A reaches a stream opened on B;
 * a user the document does not concern hears nothing of it; the per-user cap ends the oldest
 * stream; shutting an instance down ends its streams; no token, no stream.
 */
type Event = { event: string; data: Record<string, unknown> };

interface OpenStream {
  status: Promise<number>;
  /** The first event (after those already taken) that `match` accepts; earlier ones stay in `seen`. */
  next(match: (event: Event) => boolean): Promise<Event>;
  seen: Event[];
  comments: number;
  ended: Promise<void>;
  close(): void;
}

/** Opens `GET /api/events` on a listening app and parses what arrives (events and comment lines). */
function openStream(base: string, token?: string): OpenStream {
  const seen: Event[] = [];
  const waiters: Array<{ match: (e: Event) => boolean; resolve: (e: Event) => void }> = [];
  let resolveStatus!: (status: number) => void;
  let resolveEnded!: () => void;
  const state: OpenStream = {
    status: new Promise((resolve) => { resolveStatus = resolve; }),
    ended: new Promise((resolve) => { resolveEnded = resolve; }),
    seen, comments: 0,
    next: (match) => {
      const found = seen.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
    close: () => request.destroy(),
  };
  const request = httpRequest(`${base}/api/events`, { headers: token ? { authorization: `Bearer ${token}` } : {} }, (response: IncomingMessage) => {
    resolveStatus(response.statusCode ?? 0);
    response.setEncoding('utf8');
    let buffer = '';
    response.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith(':')) { state.comments++; continue; }
        const name = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (!name || data === undefined) continue;
        const event = { event: name, data: JSON.parse(data) as Record<string, unknown> };
        seen.push(event);
        for (const waiter of waiters.filter((w) => w.match(event))) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(event);
        }
      }
    });
    response.on('end', () => resolveEnded());
    response.on('close', () => resolveEnded());
  });
  request.on('error', () => resolveEnded());
  request.end();
  return state;
}

const onPostgres = !!process.env.TEST_DATABASE_URL;

const isDocument = (id: number, kind?: string) => (e: Event) => e.event === 'document' && e.data.id === id && (kind === undefined || e.data.kind === kind);

describe('live events across two instances', () => {
  let t: TestApp;
  let b: FastifyInstance;
  let second: SecondInstance | undefined;
  let users: Users;
  let token: (user: string) => Promise<string>;
  let baseA: string;
  let baseB: string;
  const streams: OpenStream[] = [];
  const open = (base: string, bearer?: string) => {
    const stream = openStream(base, bearer);
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    t = await buildTestApp({ liveHeartbeatMs: 1000, liveStreamsPerUser: 2 });
    second = await secondInstance(t);
    b = second.app;
    baseA = await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseB = await b.listen({ port: 0, host: '127.0.0.1' });
    users = await demoUsers(t.db);
    token = tokens(t);
  }, 180_000);
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await second?.close();
    await t?.close();
  });

  it('a decision taken through A reaches the approver\'s and the requester\'s streams on B; a user it does not concern hears nothing of it', async () => {
    const approver = open(baseB, await token('approver'));
    const requester = open(baseB, await token('employee'));
    const bystander = open(baseB, await token('finance'));
    for (const stream of [approver, requester, bystander]) {
      expect(await stream.status).toBe(200);
      await stream.next((e) => e.event === 'ready');
    }
    const doc = await filePurchase(t, await token('employee'), await purchaseBody(t.db, users, { send_notification_first_approval: false }));
    // Filed through A: the approver's list on B hears of it.
    expect((await approver.next(isDocument(doc.id, 'submit'))).data).toEqual({ id: doc.id, kind: 'submit', urgent: false });
    const decided = await t.app.inject({
      method: 'POST', url: `/api/approvals/${doc.steps[0]}/action`, payload: { approve: true },
      headers: { authorization: `Bearer ${await token('approver')}`, 'accept-language': 'en' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    await approver.next(isDocument(doc.id, 'approve'));
    await requester.next(isDocument(doc.id, 'approve'));
    // A document forwarded to the bystander does concern them: the first (and only) document they hear of is that one.
    const forwarded = await filePurchase(t, await token('employee'), await purchaseBody(t.db, users, { send_notification_first_approval: false, user_finances: [users.finance.id] }));
    await bystander.next(isDocument(forwarded.id));
    expect(bystander.seen.filter((e) => e.event === 'document').map((e) => e.data.id)).toEqual([forwarded.id]);
  }, 120_000);

  it('a deputy in effect for the approver hears of the documents waiting for the approver, and of their decision', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const arranged = await t.app.inject({
      method: 'POST', url: '/api/deputies', payload: { deputy_id: users['aiko.ito'].id, from: day(0), to: day(1), module_codes: ['purchase'] },
      headers: { authorization: `Bearer ${await token('approver')}`, 'accept-language': 'en' },
    });
    expect(arranged.statusCode, arranged.body).toBe(201);
    const deputy = open(baseB, await token('aiko.ito'));
    await deputy.next((e) => e.event === 'ready');
    const doc = await filePurchase(t, await token('employee'), await purchaseBody(t.db, users, { send_notification_first_approval: false }));
    await deputy.next(isDocument(doc.id, 'submit'));
    const decided = await t.app.inject({
      method: 'POST', url: `/api/approvals/${doc.steps[0]}/action`, payload: { approve: true },
      headers: { authorization: `Bearer ${await token('approver')}`, 'accept-language': 'en' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    await deputy.next(isDocument(doc.id, 'approve'));
  }, 120_000);

  it.skipIf(!onPostgres)('after its LISTEN session is cut (PostgreSQL), an instance listens again and tells its streams to resync', async () => {
    const approver = open(baseB, await token('approver'));
    await approver.next((e) => e.event === 'ready');
    // Every instance's listening session on this database; cut them all.
    const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`.execute(t.db);
    expect(rows.length).toBeGreaterThan(0);
    for (const { pid } of rows) await sql`select pg_terminate_backend(${pid})`.execute(t.db);
    await approver.next((e) => e.event === 'resync');
    // And it hears the next decision again.
    const doc = await filePurchase(t, await token('employee'), await purchaseBody(t.db, users, { send_notification_first_approval: false }));
    await approver.next(isDocument(doc.id, 'submit'));
  }, 120_000);

  it('keeps an idle stream open with heartbeat comments', async () => {
    const stream = open(baseA, await token('approver2'));
    await stream.next((e) => e.event === 'ready');
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (stream.comments > 0) { clearInterval(check); resolve(); }
      }, 50);
    });
    expect(stream.comments).toBeGreaterThan(0);
  }, 60_000);

  it('answers 401 without a valid token, and ends the oldest stream of a user over the cap', async () => {
    expect(await open(baseA).status).toBe(401);
    expect(await open(baseA, 'not-a-token').status).toBe(401);
    const bearer = await token('legal');
    const first = open(baseA, bearer);
    await first.next((e) => e.event === 'ready');
    const second = open(baseA, bearer);
    await second.next((e) => e.event === 'ready');
    const third = open(baseA, bearer);
    await third.next((e) => e.event === 'ready');
    await first.ended;
    expect(t.app.live.size).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('ends the stream of a session ended through the other instance, at its next heartbeat: signed out on another device, ended by an admin, deactivated', async () => {
    const bearer = (token: string) => ({ authorization: `Bearer ${token}`, 'accept-language': 'en' });
    // Tokens with a session of their own (a password sign-in), one stream each on B.
    const treasury = await t.login('treasury@example.com', 'ringi-demo');
    const other = await t.login('treasury@example.com', 'ringi-demo');
    const client = await t.login('client@example.com', 'ringi-demo');
    const rt = await t.login('rt.authorizer@example.com', 'ringi-demo');
    const signedOut = open(baseB, treasury);
    const sameUserOtherDevice = open(baseB, other);
    const endedByAdmin = open(baseB, client);
    const deactivated = open(baseB, rt);
    for (const stream of [signedOut, sameUserOtherDevice, endedByAdmin, deactivated]) await stream.next((e) => e.event === 'ready');

    // The treasury user ends the first device's session from the other device, through A.
    const list = await t.app.inject({ url: '/api/sessions', headers: bearer(other) });
    const first = (list.json()['hydra:member'] as Array<{ id: string; current: boolean }>).filter((row) => !row.current);
    expect(first.length).toBeGreaterThan(0);
    for (const row of first) expect((await t.app.inject({ method: 'DELETE', url: `/api/sessions/${row.id}`, headers: bearer(other) })).statusCode).toBe(204);
    await signedOut.ended;
    // The device that ended it keeps its stream: a heartbeat after the end still reaches it.
    const beats = sameUserOtherDevice.comments;
    await new Promise<void>((resolve) => {
      const check = setInterval(() => { if (sameUserOtherDevice.comments > beats) { clearInterval(check); resolve(); } }, 50);
    });

    // An admin ends all of a user's sessions, through A.
    const clientId = (await t.db.selectFrom('users').select('id').where('email', '=', 'client@example.com').executeTakeFirstOrThrow()).id;
    const ended = await t.app.inject({ method: 'DELETE', url: `/api/users/${clientId}/sessions`, headers: bearer(await token('admin')) });
    expect(ended.statusCode, ended.body).toBeLessThan(300);
    await endedByAdmin.ended;

    // A deactivated user's stream ends though the row of their session was not touched.
    await t.db.updateTable('users').set({ disabled: true }).where('email', '=', 'rt.authorizer@example.com').execute();
    try {
      await deactivated.ended;
    } finally {
      await t.db.updateTable('users').set({ disabled: false }).where('email', '=', 'rt.authorizer@example.com').execute();
    }
    // Reconnecting with an ended session's token is refused.
    expect(await open(baseB, treasury).status).toBe(401);
  }, 60_000);

  it('before an event is written, a stream whose session has ended is ended instead and hears nothing', async () => {
    // A hub of its own whose heartbeat never comes in this test: only the event path can end the stream.
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
    const hub = createLiveHub({ db: t.db, schema: rows[0].schema, heartbeatMs: 3_600_000, perUser: 5, log: { warn: () => undefined } });
    try {
      const approverId = users.approver.id;
      const live = await startSession(t.db, approverId, { ip: null, userAgent: null });
      const ended = await startSession(t.db, approverId, { ip: null, userAgent: null });
      const heard: Record<string, string[]> = { live: [], ended: [] };
      const closed: Record<string, boolean> = { live: false, ended: false };
      for (const [name, sessionId] of [['live', live], ['ended', ended]] as const) {
        hub.add({ userId: approverId, sessionId, send: (chunk) => { heard[name].push(chunk); return true; }, close: () => { closed[name] = true; } });
      }
      expect(await endSession(t.db, approverId, ended, 'user', approverId)).toBe(true);
      const doc = await filePurchase(t, await token('employee'), await purchaseBody(t.db, users, { send_notification_first_approval: false }));
      await hub.deliver(JSON.stringify({ id: doc.id, kind: 'submit', schema: rows[0].schema }));
      expect(heard.live.join('')).toContain(`"id":${doc.id}`);
      expect(closed).toEqual({ live: false, ended: true });
      expect(heard.ended).toEqual([]);
    } finally {
      await hub.close();
    }
  }, 60_000);

  it('ends its streams when an instance shuts down, so the shutdown is not held up', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ringi-test-c-'));
    const handle = t.url ? kyselyForPostgres(t.url) : undefined;
    const c = await buildApp({ config: { ...t.config, dataDir: dir }, db: handle?.db ?? t.db });
    try {
      const base = await c.listen({ port: 0, host: '127.0.0.1' });
      const stream = open(base, await token('authorizer'));
      await stream.next((e) => e.event === 'ready');
      await c.close();
      await stream.ended;
    } finally {
      await handle?.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
