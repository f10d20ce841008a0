import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { LOCK_THRESHOLD } from '../../server/auth/login';
import { kyselyForPostgres, type DatabaseHandle } from '../../server/db/connect';
import { createMailer } from '../../server/mail/mailer';
import { enqueueMail } from '../../server/mail/outbox';
import { createWebhookDispatcher } from '../../server/webhooks/webhook-dispatcher';
import { createEndpoint } from '../../server/webhooks/webhook-endpoints';
import { enqueueWebhookEvent } from '../../server/webhooks/webhook-outbox';
import { signedBy, startReceiver } from './webhook-receiver';
import { buildTestApp, type TestApp } from './helpers';
import { demoUsers, filePurchase, purchaseBody, purchaseRefs, tokens, type Users } from './workflow-fixtures';

const onPostgres = !!process.env.TEST_DATABASE_URL;
const onRedis = !!process.env.TEST_REDIS_URL;

/**
 * Two app instances on one database, as behind a load balancer: A is the usual test app, B a
 * second app with its own connection pool (PostgreSQL) and its own data folder, sharing only what
 * production instances share (the database, Redis under the same key prefix, the JWT secret).
 */
describe('two app instances', () => {
  let t: TestApp;
  let b: FastifyInstance;
  let bHandle: DatabaseHandle | undefined;
  let bDir: string;
  let users: Users;
  let token: (user: string) => Promise<string>;
  const apps = () => [t.app, b];

  beforeAll(async () => {
    // One records key for both, as production instances share RECORDS_KEY (it also encrypts the
    // webhook secrets); webhooks may go to the loopback receiver.
    t = await buildTestApp({ recordsKey: 'two-instances-records-key-0123456789abcdef', webhookAllowPrivate: true });
    const url = t.url;
    bHandle = url ? kyselyForPostgres(url) : undefined;
    bDir = mkdtempSync(join(tmpdir(), 'ringi-test-b-'));
    b = await buildApp({ config: { ...t.config, dataDir: bDir }, db: bHandle?.db ?? t.db });
    await b.ready();
    users = await demoUsers(t.db);
    token = tokens(t);
  });
  afterAll(async () => {
    await b?.close();
    await bHandle?.close();
    if (bDir) rmSync(bDir, { recursive: true, force: true });
    await t?.close();
  });

  const login = (app: FastifyInstance, username: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/login_check', headers: { 'accept-language': 'en' }, payload: { username, password } });

  it('locks an account whose failed logins went half through each instance', async () => {
    for (let i = 0; i < LOCK_THRESHOLD; i++) await login(apps()[i % 2], 'legal@example.com', 'wrong-password');
    const right = await login(t.app, 'legal@example.com', 'ringi-demo');
    expect(right.json()).toMatchObject({ code: 'ACCOUNT_LOCKED' });
    expect((await login(b, 'legal@example.com', 'ringi-demo')).json()).toMatchObject({ code: 'ACCOUNT_LOCKED' });
  }, 120_000); // seven scrypt checks one after another: seconds each on a loaded machine

  it.skipIf(!onRedis)('counts login attempts of one client across both instances (rate limit in Redis)', async () => {
    // A pair of its own with a low limit and a fresh key prefix, so other tests' logins do not count.
    const config = { ...t.config, loginRateLimit: 4, redisKeyPrefix: `${t.config.redisKeyPrefix}pair:` };
    const pair = [await buildApp({ config, db: t.db }), await buildApp({ config: { ...config, dataDir: bDir }, db: bHandle?.db ?? t.db })];
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await login(pair[i % 2], 'nobody@example.com', 'x')).statusCode);
      // 4 per minute per client over both instances: the 5th and 6th are refused, whichever instance.
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    } finally {
      for (const app of pair) await app.close();
    }
  });

  it('replays an Idempotency-Key sent to the other instance instead of filing twice', async () => {
    const body = await purchaseBody(t.db, users, { goods: 'Replayed on B' });
    const headers = { authorization: `Bearer ${await token('employee')}`, 'accept-language': 'en', 'idempotency-key': 'two-instances-1' };
    const first = await t.app.inject({ method: 'POST', url: '/api/buffer/purchase', payload: body, headers });
    const second = await b.inject({ method: 'POST', url: '/api/buffer/purchase', payload: body, headers });
    expect(first.statusCode).toBe(201);
    expect([second.statusCode, second.json()]).toEqual([201, first.json()]);
    const named = await t.db.selectFrom('buffers').select('id').where('requester_id', '=', users.employee.id)
      .where(sql<SqlBool>`data::text like ${'%Replayed on B%'}`).execute();
    expect(named.map((r) => r.id)).toEqual([first.json().id]);
  });

  it('lets exactly one of 50 parallel approvals of one step win, split over both instances', async () => {
    const filed = await filePurchase(t, await token('employee'), await purchaseBody(t.db, users, { approvers: [[users.approver.id, users.approver2.id], [users.authorizer.id]] }));
    const step = filed.steps[0];
    const approverTokens = [await token('approver'), await token('approver2')];
    const replies = await Promise.all(Array.from({ length: 50 }, (_, i) => apps()[i % 2].inject({
      method: 'POST', url: `/api/approvals/${step}/action`, payload: { approve: true },
      headers: { authorization: `Bearer ${approverTokens[Math.floor(i / 2) % 2]}`, 'accept-language': 'en' },
    })));
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    const logs = await t.db.selectFrom('approval_logs').select('log_text').where('approval_id', '=', step).execute();
    expect(logs.map((l) => l.log_text)).toEqual(['approve']);
    const steps = await t.db.selectFrom('approvals').select(['position', 'status', 'active']).where('buffer_id', '=', filed.id).orderBy('position').execute();
    expect(steps).toEqual([{ position: 1, status: 1, active: false }, { position: 2, status: 0, active: true }]);
  });

  it('drains the outbox from both instances with every mail sent exactly once', async () => {
    await t.db.updateTable('mail_outbox').set({ status: 'sent' }).where('status', '=', 'pending').execute();
    const ids: number[] = [];
    for (let i = 0; i < 60; i++) ids.push(await enqueueMail(t.db, { to: `person${i}@example.com`, subject: `Mail ${i}`, text: 'Body' }));
    const mailers = [createMailer(t.config, t.db, t.app.log), createMailer({ ...t.config, dataDir: bDir }, bHandle?.db ?? t.db, b.log)];
    // The apps' own dispatchers (kicked by earlier filings) take part too; waiting for them means
    // no claimed mail is still being sent when the rows are read.
    await Promise.all([...mailers, ...mailers, t.app.mailer, b.mailer].map((m) => m.dispatch()));
    await Promise.all(mailers.map((m) => m.close()));
    const rows = await t.db.selectFrom('mail_outbox').select(['id', 'status', 'attempts']).where('id', 'in', ids).orderBy('id').execute();
    // Each mail claimed once (one attempt) and sent: no instance sent what the other had claimed.
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(ids.map(() => ['sent', 1]));
  });

  it('delivers every webhook message exactly once while both instances claim at once', async () => {
    const hook = await startReceiver();
    const company = (await purchaseRefs(t.db)).company;
    const { id, secret } = await createEndpoint(t.db, t.app.webhooks.secretsKey, {
      company_id: company, url: hook.url, events: ['document.submitted'], description: null, created_by: users.authorizer.id,
    });
    try {
      for (let i = 0; i < 40; i++) await enqueueWebhookEvent(t.db, company, 'document.submitted', { n: i });
      const messages = await t.db.selectFrom('webhook_messages').select(['id', 'event_id']).where('endpoint_id', '=', id).orderBy('id').execute();
      expect(messages).toHaveLength(40);
      const options = { allowPrivate: true, intervalMs: 0 };
      const dispatchers = [
        createWebhookDispatcher({ ...options, db: t.db, key: t.app.webhooks.secretsKey, log: t.app.log }),
        createWebhookDispatcher({ ...options, db: bHandle?.db ?? t.db, key: b.webhooks.secretsKey, log: b.log }),
      ];
      // The apps' own dispatchers take part too; waiting for all means no claimed message is still being sent.
      await Promise.all([...dispatchers, ...dispatchers, t.app.webhooks, b.webhooks].map((d) => d.dispatch()));
      await Promise.all(dispatchers.map((d) => d.close()));
      const rows = await t.db.selectFrom('webhook_messages').select(['status', 'attempts']).where('endpoint_id', '=', id).orderBy('id').execute();
      // Each message claimed once (one attempt) and delivered: no instance sent what the other had claimed.
      expect(rows).toEqual(messages.map(() => ({ status: 'delivered', attempts: 1 })));
      expect(hook.received.map((r) => r.headers['webhook-id']).sort()).toEqual(messages.map((m) => m.event_id).sort());
      // Either instance signs with the same secret (encrypted under the shared records key).
      for (const request of hook.received) expect(signedBy(request, [secret])).toEqual([secret]);
      const deliveries = await t.db.selectFrom('webhook_deliveries').select('message_id').where('endpoint_id', '=', id).execute();
      expect(deliveries.map((d) => Number(d.message_id)).sort((x, y) => x - y)).toEqual(messages.map((m) => Number(m.id)));
    } finally {
      await t.db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
      await hook.close();
    }
  });

  it('takes over a mail whose instance died after claiming it, once its lease ran out', async () => {
    const id = await enqueueMail(t.db, { to: 'late@example.com', subject: 'Claimed then lost', text: 'Body' });
    // As instance A left it when killed mid-send: claimed (one attempt), lease expired.
    await t.db.updateTable('mail_outbox').set({ attempts: 1, claimed_until: new Date(Date.now() - 1000) }).where('id', '=', id).execute();
    const mailer = createMailer({ ...t.config, dataDir: bDir }, bHandle?.db ?? t.db, b.log);
    await mailer.dispatch();
    await mailer.close();
    expect(await t.db.selectFrom('mail_outbox').select(['status', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ status: 'sent', attempts: 2 });
  });

  it.skipIf(!onPostgres)('loses no acknowledged submission when an instance is killed (-9) mid-burst', async () => {
    const url = t.url!;
    const port = 8279;
    const dir = mkdtempSync(join(tmpdir(), 'ringi-test-kill-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: resolve(import.meta.dirname, '../..'), stdio: 'ignore',
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: url, DATA_DIR: dir, JWT_SECRET: t.config.jwtSecret, RINGI_LOG_LEVEL: 'silent', MAIL_INTERVAL_MS: '0', REDIS_URL: '' },
    });
    try {
      for (let i = 0; ; i++) {
        try { if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break; } catch { /* starting */ }
        if (i > 400) throw new Error('the child instance did not start');
        await new Promise((r) => setTimeout(r, 250));
      }
      const body = JSON.stringify(await purchaseBody(t.db, users, { goods: 'Burst' }));
      const auth = `Bearer ${await token('employee')}`;
      const acknowledged: Array<{ id: number; code: string }> = [];
      let killed = false;
      const burst = Array.from({ length: 80 }, async (_, i) => {
        await new Promise((r) => setTimeout(r, i * 15));
        try {
          const response = await fetch(`http://127.0.0.1:${port}/api/buffer/purchase`, { method: 'POST', body, headers: { authorization: auth, 'content-type': 'application/json', 'accept-language': 'en' } });
          if (response.status === 201) {
            acknowledged.push(await response.json() as { id: number; code: string });
            if (acknowledged.length === 10 && !killed) { killed = true; child.kill('SIGKILL'); }
          }
        } catch { /* refused or cut off by the kill: not acknowledged */ }
      });
      await Promise.all(burst);
      expect(killed).toBe(true);
      expect(acknowledged.length).toBeGreaterThanOrEqual(10);
      const stored = await t.db.selectFrom('buffers').select(['id', 'code']).where('id', 'in', acknowledged.map((a) => a.id)).execute();
      const byId = (x: { id: number }, y: { id: number }) => x.id - y.id;
      expect(stored.sort(byId)).toEqual(acknowledged.map(({ id, code }) => ({ id, code })).sort(byId));
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
