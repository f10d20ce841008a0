import type { FastifyInstance } from 'fastify';
import { createServer } from 'node:http';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { toApiDate } from '../../src/engine';
import { WEBHOOK_EVENT_TYPES } from '../../src/engine/webhooks/webhook-events';
import { createWebhookDispatcher, DEFAULT_RETRY_SECONDS } from '../../server/webhooks/webhook-dispatcher';
import { createEndpoint } from '../../server/webhooks/webhook-endpoints';
import { writeApprovalLog } from '../../server/workflow/core/approval-log';
import { buildTestApp, type TestApp } from './helpers';
import { signedBy, startReceiver, type Received } from './webhook-receiver';
import { demoUsers, filePurchase, purchaseBody, purchaseRefs, tokens, type Users } from './workflow-fixtures';

/**
 * Signed webhooks (issue #35 item 6) against a loopback receiver that checks the signatures
 * itself. The app runs with WEBHOOK_ALLOW_PRIVATE (the receiver is on 127.0.0.1) and retries
 * without waiting (every retry delay 0 s): each `dispatch()` is one more attempt of what failed.
 */
let t: TestApp;
let users: Users;
let token: (user: string) => Promise<string>;
let rh: number;
let ap: number;
const receivers: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  t = await buildTestApp({ webhookAllowPrivate: true, webhookRetrySeconds: [0, 0, 0, 0, 0, 0] });
  users = await demoUsers(t.db);
  token = tokens(t);
  rh = (await purchaseRefs(t.db)).company;
  ap = (await t.db.selectFrom('companies').select('id').where('code', '=', 'AP').executeTakeFirstOrThrow()).id;
});
afterEach(async () => {
  await t.db.deleteFrom('webhook_endpoints').execute();
  while (receivers.length) await receivers.pop()!.close();
});
afterAll(async () => { await t?.close(); });

const call = async (app: FastifyInstance, user: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${await token(user)}`, 'accept-language': 'en' }, ...(payload === undefined ? {} : { payload: payload as object }) });
const as = (user: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) => call(t.app, user, method, url, payload);

async function receiver(statuses: number[] = []) {
  const r = await startReceiver(statuses);
  receivers.push(r);
  return r;
}

/** Adds an endpoint through the API (as the RH authorizer, a group admin) and answers its id and secret. */
async function subscribe(url: string, events: readonly string[], companyId = rh, user = 'authorizer') {
  const response = await as(user, 'POST', '/api/webhooks', { company_id: companyId, url, events, description: 'ERP' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; secret: string };
}

/** Attempts until nothing is due (retries are due at once here), at most 12 rounds. */
async function drain() {
  for (let i = 0; i < 12; i++) {
    await t.app.webhooks.dispatch();
    const due = await t.db.selectFrom('webhook_messages').select('id').where('status', '=', 'pending').executeTakeFirst();
    if (!due) return;
  }
}

const eventOf = (r: Received) => JSON.parse(r.body) as { type: string; timestamp: string; data: Record<string, unknown> };

async function purchase(options: Parameters<typeof purchaseBody>[2] = {}) {
  return filePurchase(t, await token('employee'), await purchaseBody(t.db, users, options));
}

describe('webhook endpoints: who manages them', () => {
  it('lets a company authorizer manage their own company\'s, a group admin every company\'s, and nobody else', async () => {
    const hook = await receiver();
    // Neither authorizer nor group admin: 403 on every call.
    expect((await as('employee', 'GET', '/api/webhooks')).statusCode).toBe(403);
    expect((await as('employee', 'POST', '/api/webhooks', { company_id: rh, url: hook.url, events: ['document.submitted'] })).statusCode).toBe(403);
    // AP's authorizer (AP is no group company): only AP.
    const other = await as('ap.authorizer', 'POST', '/api/webhooks', { company_id: rh, url: hook.url, events: ['document.submitted'] });
    expect([other.statusCode, other.json().message]).toEqual([403, 'You may manage the webhooks of your own company only.']);
    const own = await subscribe(hook.url, ['document.submitted'], ap, 'ap.authorizer');
    const rhHook = await subscribe(hook.url, ['document.submitted']);
    expect((await as('ap.authorizer', 'GET', '/api/webhooks')).json()['hydra:member'].map((e: { id: number }) => e.id)).toEqual([own.id]);
    expect((await as('ap.authorizer', 'GET', `/api/webhooks?company_id=${rh}`)).json()['hydra:totalItems']).toBe(0);
    // Another company's endpoint answers as an unknown one.
    for (const [method, url] of [['DELETE', `/api/webhooks/${rhHook.id}`], ['POST', `/api/webhooks/${rhHook.id}/rotate_secret`], ['GET', `/api/webhooks/${rhHook.id}/deliveries`]] as const) {
      expect((await as('ap.authorizer', method, url)).statusCode, `${method} ${url}`).toBe(404);
      expect((await as('employee', method, url)).statusCode, `${method} ${url}`).toBe(403);
    }
    // The group admin sees both, and the list never answers a secret.
    const all = (await as('authorizer', 'GET', '/api/webhooks')).json();
    expect(all['hydra:member'].map((e: { id: number }) => e.id)).toEqual([own.id, rhHook.id]);
    expect(JSON.stringify(all)).not.toContain('whsec_');
    expect(all['hydra:member'][1]).toMatchObject({ company_id: rh, url: hook.url, events: ['document.submitted'], description: 'ERP', disabled_at: null });
    expect((await as('ap.authorizer', 'DELETE', `/api/webhooks/${own.id}`)).statusCode).toBe(204);
    expect((await as('ap.authorizer', 'DELETE', `/api/webhooks/${own.id}`)).statusCode).toBe(404);
  });

  it('answers the secret once (whsec_ + base64 of 32 bytes) and stores it encrypted', async () => {
    const hook = await receiver();
    const { id, secret } = await subscribe(hook.url, ['document.submitted']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    const row = await t.db.selectFrom('webhook_endpoints').select('secret').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(secret.slice(6, 20));
    expect(row.secret).toMatch(/^v1\./);
  });

  it('refuses a bad endpoint with a violation per field and stores nothing', async () => {
    const response = await as('authorizer', 'POST', '/api/webhooks', { company_id: rh, url: 'not a url', events: ['document.submitted', 'document.exploded'], description: 'x'.repeat(201) });
    expect(response.statusCode).toBe(422);
    expect(response.json().violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual(['url', 'events[1]', 'description']);
    expect((await as('authorizer', 'POST', '/api/webhooks', { company_id: 999999, url: 'https://93.184.216.34/hook', events: ['document.submitted'] })).json().violations[0].propertyPath).toBe('company_id');
    expect((await as('authorizer', 'POST', '/api/webhooks', { company_id: rh, url: 'https://93.184.216.34/hook', events: [] })).json().violations[0]).toEqual({ propertyPath: 'events', message: 'Choose at least one event.' });
    const empty = await as('authorizer', 'POST', '/api/webhooks', {});
    expect([empty.statusCode, empty.json().violations.map((v: { propertyPath: string }) => v.propertyPath)]).toEqual([422, ['company_id', 'url', 'events']]);
    const list = await as('authorizer', 'POST', '/api/webhooks', [rh]);
    expect([list.statusCode, list.json().violations[0].propertyPath]).toEqual([422, '']);
    expect(await t.db.selectFrom('webhook_endpoints').select('id').execute()).toEqual([]);
  });
});

describe('only public https addresses without WEBHOOK_ALLOW_PRIVATE', () => {
  let strict: FastifyInstance;
  beforeAll(async () => {
    strict = await buildApp({ config: { ...t.config, webhookAllowPrivate: false }, db: t.db });
    await strict.ready();
  });
  afterAll(async () => { await strict?.close(); });

  it.each([
    ['https://127.0.0.1/hook', '127.0.0.1, a loopback address'],
    ['https://localhost/hook', 'a loopback address'],
    ['https://[::1]/hook', '::1, a loopback address'],
    ['https://[::ffff:127.0.0.1]/hook', 'a loopback address'],
    ['https://[::ffff:10.0.0.8]/hook', 'a private network address'],
    ['https://10.1.2.3/hook', '10.1.2.3, a private network address'],
    ['https://192.168.0.10/hook', 'a private network address'],
    ['https://169.254.169.254/latest/meta-data', '169.254.169.254, a link-local address'],
    ['https://[fe80::1]/hook', 'fe80::1, a link-local address'],
    ['https://[fd00::5]/hook', 'a private network address'],
    ['http://93.184.216.34/hook', 'over https only'],
  ])('refuses %s at save with 422 at url', async (url, says) => {
    const response = await call(strict, 'authorizer', 'POST', '/api/webhooks', { company_id: rh, url, events: ['document.submitted'] });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().violations[0].propertyPath).toBe('url');
    expect(response.json().message).toContain(says);
    expect(await t.db.selectFrom('webhook_endpoints').select('id').execute()).toEqual([]);
  });

  it('checks again at send, after DNS resolution: a name that now resolves to loopback gets nothing sent', async () => {
    const hook = await receiver();
    const { id } = await createEndpoint(t.db, t.app.webhooks.secretsKey, {
      company_id: rh, url: 'https://rebound.example.test/hook', events: ['document.submitted'], description: null, created_by: users.authorizer.id,
    });
    // The name resolves to a public address at save and to 127.0.0.1 now (DNS rebinding).
    const dispatcher = createWebhookDispatcher({
      db: t.db, key: t.app.webhooks.secretsKey, log: t.app.log, allowPrivate: false, intervalMs: 0, retrySeconds: [3600],
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    await sql`insert into webhook_messages (endpoint_id, event_id, type, body) values (${id}, 'msg_rebind', 'document.submitted', '{}')`.execute(t.db);
    await dispatcher.dispatch();
    await dispatcher.close();
    expect(hook.received).toEqual([]);
    const [delivery] = (await as('authorizer', 'GET', `/api/webhooks/${id}/deliveries`)).json()['hydra:member'];
    expect(delivery).toMatchObject({ attempt: 1, response_status: null, outcome: 'retry', message_status: 'pending' });
    expect(delivery.error).toContain('127.0.0.1 is a loopback address');
  });
});

describe('events from the workflow', () => {
  it('sends each event of a filing, an approval and a rejection, signed, in order', async () => {
    const hook = await receiver();
    const { secret } = await subscribe(hook.url, WEBHOOK_EVENT_TYPES);
    const filed = await purchase({ approvers: [[users.approver.id], [users.authorizer.id]] });
    expect((await as('approver', 'POST', `/api/approvals/${filed.steps[0]}/action`, { approve: true })).statusCode).toBe(200);
    expect((await as('authorizer', 'POST', `/api/approvals/${filed.steps[1]}/action`, { approve: false })).statusCode).toBe(200);
    await drain();
    const events = hook.received.map(eventOf);
    expect(events.map((e) => e.type)).toEqual([
      'record.changed', 'document.submitted', 'step.assigned',
      'step.decided', 'step.assigned',
      'record.changed', 'step.decided', 'document.decided',
    ]);
    for (const request of hook.received) expect(signedBy(request, [secret])).toEqual([secret]);
    expect(new Set(hook.received.map((r) => r.headers['webhook-id'])).size).toBe(8);
    const base = { document_id: filed.id, code: filed.code, module: 'purchase', company_id: rh };
    expect(events[0].data).toEqual({ ...base, status: 0, seq: 1, kind: 'filed' });
    expect(events[1].data).toEqual({ ...base, status: 0, requester_id: users.employee.id, bypass: false });
    expect(events[2].data).toMatchObject({ ...base, step_id: filed.steps[0], candidate_ids: [users.approver.id] });
    expect(events[3].data).toMatchObject({ step_id: filed.steps[0], decision: 'approved', actor_id: users.approver.id, by_deputy: false, on_behalf_of_id: null, step_closed: true });
    expect(events[4].data).toMatchObject({ step_id: filed.steps[1], candidate_ids: [users.authorizer.id] });
    expect(events[6].data).toMatchObject({ status: 3, step_id: filed.steps[1], decision: 'rejected', actor_id: users.authorizer.id });
    expect(events[7].data).toEqual({ ...base, status: 3, decision: 'rejected' });
    expect(events[0].timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // Minimal payloads: ids, codes and states, never the document's data.
    expect(hook.received.some((r) => r.body.includes('Laptop'))).toBe(false);
    expect(hook.received[0].headers['content-type']).toBe('application/json');
  });

  it('says when a deputy decided, when a step was sent back, and when a document was withdrawn', async () => {
    const hook = await receiver();
    await subscribe(hook.url, ['step.decided', 'document.withdrawn']);
    const today = toApiDate(new Date())!;
    expect((await as('approver', 'POST', '/api/deputies', { deputy_id: users['aiko.ito'].id, from: today, to: today })).statusCode).toBe(201);
    const filed = await purchase({ approvers: [[users.approver.id], [users.authorizer.id]] });
    expect((await as('aiko.ito', 'POST', `/api/approvals/${filed.steps[0]}/action`, { approve: true })).statusCode).toBe(200);
    const back = await as('authorizer', 'POST', `/api/approvals/${filed.steps[1]}/action`, { approve: false, back_to: filed.steps[0] });
    expect(back.statusCode, back.body).toBe(200);
    const other = await purchase();
    expect((await as('employee', 'POST', '/api/buffer/withdrawal', { buffer_id: other.id })).statusCode).toBe(200);
    await drain();
    const events = hook.received.map(eventOf);
    expect(events.map((e) => [e.type, e.data.decision ?? null])).toEqual([
      ['step.decided', 'approved'], ['step.decided', 'sent_back'], ['document.withdrawn', null],
    ]);
    expect(events[0].data).toMatchObject({ actor_id: users['aiko.ito'].id, on_behalf_of_id: users.approver.id, by_deputy: true });
    expect(events[1].data).toMatchObject({ step_id: filed.steps[1], actor_id: users.authorizer.id, sent_back_to: filed.steps[0], status: 0 });
    expect(events[2].data).toEqual({ document_id: other.id, code: other.code, module: 'purchase', company_id: rh, status: 10 });
  });

  it('assigns a step again after a step back, and after a send back to the requester and the resubmission', async () => {
    const hook = await receiver();
    await subscribe(hook.url, ['step.assigned', 'step.decided']);
    const filed = await purchase({ approvers: [[users.approver.id], [users.authorizer.id]] });
    expect((await as('approver', 'POST', `/api/approvals/${filed.steps[0]}/action`, { approve: true })).statusCode).toBe(200);
    expect((await as('employee', 'POST', '/api/buffer/step_back', { buffer_id: filed.id })).statusCode).toBe(200);
    expect((await as('approver', 'POST', `/api/approvals/${filed.steps[0]}/action`, { approve: false, back_to: 'requester' })).statusCode).toBe(200);
    expect((await as('employee', 'POST', `/api/buffer/${filed.id}/resubmit`)).statusCode).toBe(200);
    await drain();
    expect(hook.received.map(eventOf).map((e) => [e.type, e.data.step_id, e.data.decision ?? null, e.data.sent_back_to ?? null])).toEqual([
      ['step.assigned', filed.steps[0], null, null], // filed
      ['step.decided', filed.steps[0], 'approved', null], ['step.assigned', filed.steps[1], null, null],
      ['step.assigned', filed.steps[0], null, null], // the requester stepped back
      ['step.decided', filed.steps[0], 'sent_back', 'requester'],
      ['step.assigned', filed.steps[0], null, null], // resubmitted
    ]);
  });

  it('kicks the dispatcher after a request that queued an event (delivered without a dispatch), and not after one that queued none', async () => {
    const hook = await receiver();
    const kick = vi.spyOn(t.app.webhooks, 'kick');
    try {
      // A write that queues no event: adding the endpoint.
      await subscribe(hook.url, ['document.submitted']);
      await purchase();
      await vi.waitFor(() => expect(hook.received.map((r) => eventOf(r).type)).toEqual(['document.submitted']), { timeout: 20_000, interval: 50 });
      expect(kick).toHaveBeenCalledTimes(1);
    } finally {
      kick.mockRestore();
    }
  });

  it('kicks the dispatcher for a record.changed event, which the history trigger queues (not the app)', async () => {
    const hook = await receiver();
    await subscribe(hook.url, ['record.changed']);
    const kick = vi.spyOn(t.app.webhooks, 'kick');
    try {
      await purchase();
      await vi.waitFor(() => expect(hook.received.map((r) => eventOf(r).type)).toEqual(['record.changed']), { timeout: 20_000, interval: 50 });
      expect(kick).toHaveBeenCalledTimes(1);
    } finally {
      kick.mockRestore();
    }
  });

  it('does not kick the dispatcher for history written where no endpoint listens for record.changed', async () => {
    const hook = await receiver();
    // An endpoint of the company, for an event a filing does not send.
    await subscribe(hook.url, ['document.decided']);
    const kick = vi.spyOn(t.app.webhooks, 'kick');
    try {
      const filed = await purchase();
      // The filing wrote its history entry (sealed), and queued no message.
      expect((await t.db.selectFrom('record_history').select('mac').where('buffer_id', '=', filed.id).execute()).map((r) => r.mac === null)).toEqual([false]);
      expect(await t.db.selectFrom('webhook_messages').select('id').where('status', '=', 'pending').execute()).toEqual([]);
      expect(kick).not.toHaveBeenCalled();
    } finally {
      kick.mockRestore();
    }
  });

  it('sends nothing for a change that rolled back', async () => {
    const hook = await receiver();
    await subscribe(hook.url, WEBHOOK_EVENT_TYPES);
    const filed = await purchase();
    await drain();
    const before = hook.received.length;
    let queued: string[] = [];
    await expect(t.db.transaction().execute(async (trx) => {
      // As a withdrawal does: the status change (its records entry → record.changed) and the log (→ document.withdrawn).
      await trx.updateTable('buffers').set({ status: 10 }).where('id', '=', filed.id).execute();
      await writeApprovalLog(trx, { documentId: filed.id, userId: users.employee.id, action: 'withdraw' });
      queued = (await trx.selectFrom('webhook_messages').select('type').where('status', '=', 'pending').orderBy('id').execute()).map((r) => r.type);
      throw new Error('the change fails after its events were queued');
    })).rejects.toThrow('the change fails');
    // Inside the transaction both events were queued; the rollback took them away with the change.
    expect(queued).toEqual(['record.changed', 'document.withdrawn']);
    expect(await t.db.selectFrom('webhook_messages').select('id').where('status', '=', 'pending').execute()).toEqual([]);
    await drain();
    expect(hook.received.length).toBe(before);
    expect((await t.db.selectFrom('buffers').select('status').where('id', '=', filed.id).executeTakeFirstOrThrow()).status).toBe(0);
  });
});

describe('delivery: retries, log, resend, 410, dead letters', () => {
  it('retries after failed attempts and logs one delivery per attempt', async () => {
    const hook = await receiver([500, 503]);
    const { id, secret } = await subscribe(hook.url, ['document.submitted']);
    await purchase();
    await drain();
    expect(hook.received.map((r) => r.status)).toEqual([500, 503, 200]);
    // The same message each time: one webhook-id and body, each attempt signed (a fresh timestamp).
    expect(new Set(hook.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(new Set(hook.received.map((r) => r.body)).size).toBe(1);
    for (const request of hook.received) expect(signedBy(request, [secret])).toEqual([secret]);
    const log = (await as('authorizer', 'GET', `/api/webhooks/${id}/deliveries`)).json();
    expect(log['hydra:totalItems']).toBe(3);
    expect(log['hydra:member'].map((d: Record<string, unknown>) => [d.attempt, d.response_status, d.outcome, d.response_body, d.message_status])).toEqual([
      [3, 200, 'delivered', 'ok', 'delivered'], [2, 503, 'retry', 'failing with 503', 'delivered'], [1, 500, 'retry', 'failing with 500', 'delivered'],
    ]);
    const last = log['hydra:member'][0];
    expect(last).toMatchObject({ type: 'document.submitted', url: hook.url, event_id: hook.received[0].headers['webhook-id'], request_body: hook.received[0].body });
    expect(last.request_headers).toMatchObject({ 'webhook-id': last.event_id, 'webhook-timestamp': hook.received[2].headers['webhook-timestamp'] });
    expect(last.latency_ms).toBeGreaterThanOrEqual(0);
    // Resend: one more attempt of the same message, logged as attempt 4.
    const resent = await as('authorizer', 'POST', `/api/webhooks/deliveries/${last.id}/resend`);
    expect([resent.statusCode, resent.json()]).toEqual([202, { message_id: last.message_id, status: 'pending' }]);
    await drain();
    expect(hook.received.map((r) => r.headers['webhook-id'])).toEqual(Array(4).fill(last.event_id));
    expect((await as('authorizer', 'GET', `/api/webhooks/${id}/deliveries?itemsPerPage=1`)).json()['hydra:member'][0]).toMatchObject({ attempt: 4, outcome: 'delivered' });
    expect((await as('ap.authorizer', 'POST', `/api/webhooks/deliveries/${last.id}/resend`)).statusCode).toBe(404);
  });

  it('dead-letters a message after the last retry', async () => {
    const attempts = 1 + 6;
    const hook = await receiver(Array(attempts).fill(500));
    const { id } = await subscribe(hook.url, ['document.submitted']);
    await purchase();
    await drain();
    expect(hook.received.length).toBe(attempts);
    const log = (await as('authorizer', 'GET', `/api/webhooks/${id}/deliveries`)).json()['hydra:member'];
    expect(log.map((d: { outcome: string }) => d.outcome)).toEqual(['dead', ...Array(attempts - 1).fill('retry')]);
    expect(log[0]).toMatchObject({ attempt: 7, message_status: 'dead' });
    // Nothing more is tried on its own.
    await drain();
    expect(hook.received.length).toBe(attempts);
    // The production schedule: about 30 s, 2 min, 10 min, 1 h, 6 h, 24 h.
    expect(DEFAULT_RETRY_SECONDS).toEqual([30, 120, 600, 3600, 21600, 86400]);
  });

  it('disables an endpoint that answers 410 Gone', async () => {
    const hook = await receiver([410]);
    const { id } = await subscribe(hook.url, ['document.submitted']);
    await purchase();
    await drain();
    const [endpoint] = (await as('authorizer', 'GET', '/api/webhooks')).json()['hydra:member'];
    expect(endpoint.disabled_at).not.toBeNull();
    expect(endpoint.disabled_reason).toBe('410 Gone');
    const [delivery] = (await as('authorizer', 'GET', `/api/webhooks/${id}/deliveries`)).json()['hydra:member'];
    expect(delivery).toMatchObject({ response_status: 410, outcome: 'disabled', message_status: 'disabled' });
    await purchase();
    await drain();
    expect(hook.received.length).toBe(1);
    expect((await as('authorizer', 'POST', `/api/webhooks/deliveries/${delivery.id}/resend`)).statusCode).toBe(409);
  });
});

describe('one attempt: time limit, redirects, answer size, lease, log age', () => {
  /** A dispatcher of its own over the test database (loopback allowed), with the given options. */
  const dispatcherWith = (options: { timeoutMs?: number; retrySeconds?: number[] } = {}) => createWebhookDispatcher({
    db: t.db, key: t.app.webhooks.secretsKey, log: t.app.log, allowPrivate: true, intervalMs: 0, retrySeconds: [3600], ...options,
  });
  async function queueOne(url: string) {
    const { id } = await createEndpoint(t.db, t.app.webhooks.secretsKey, { company_id: rh, url, events: ['document.submitted'], description: null, created_by: users.authorizer.id });
    await sql`insert into webhook_messages (endpoint_id, event_id, type, body) values (${id}, ${`msg_${id}`}, 'document.submitted', '{"type":"document.submitted"}')`.execute(t.db);
    return id;
  }
  const lastDelivery = async (endpointId: number) => (await as('authorizer', 'GET', `/api/webhooks/${endpointId}/deliveries`)).json()['hydra:member'][0];

  it('gives up on a receiver that does not answer within the time limit, and retries later', async () => {
    const silent = createServer(() => { /* never answers */ });
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
    receivers.push({ close: () => new Promise<void>((done) => { silent.closeAllConnections(); silent.close(() => done()); }) });
    const id = await queueOne(`http://127.0.0.1:${(silent.address() as { port: number }).port}/hook`);
    const dispatcher = dispatcherWith({ timeoutMs: 300 });
    await dispatcher.dispatch();
    await dispatcher.close();
    expect(await lastDelivery(id)).toMatchObject({ response_status: null, error: 'no answer within 300 ms', outcome: 'retry', message_status: 'pending' });
  });

  it('counts a DNS lookup that hangs against the same time limit', async () => {
    const { id } = await createEndpoint(t.db, t.app.webhooks.secretsKey, {
      company_id: rh, url: 'https://slow-dns.example.test/hook', events: ['document.submitted'], description: null, created_by: users.authorizer.id,
    });
    await sql`insert into webhook_messages (endpoint_id, event_id, type, body) values (${id}, 'msg_slowdns', 'document.submitted', '{}')`.execute(t.db);
    const dispatcher = createWebhookDispatcher({
      db: t.db, key: t.app.webhooks.secretsKey, log: t.app.log, allowPrivate: false, intervalMs: 0, retrySeconds: [3600], timeoutMs: 300,
      resolve: () => new Promise(() => { /* never answers */ }),
    });
    await dispatcher.dispatch();
    await dispatcher.close();
    expect(await lastDelivery(id)).toMatchObject({ response_status: null, error: 'refused: no DNS answer within 300 ms', outcome: 'retry' });
  });

  it('follows no redirect: a 3xx is a failed attempt and the target gets nothing', async () => {
    const target = await receiver();
    const redirecting = await receiver([302]);
    const id = await queueOne(redirecting.url);
    const dispatcher = dispatcherWith();
    await dispatcher.dispatch();
    await dispatcher.close();
    expect(await lastDelivery(id)).toMatchObject({ response_status: 302, outcome: 'retry' });
    expect([redirecting.received.length, target.received.length]).toEqual([1, 0]);
  });

  it('keeps the first 1,024 bytes of an answer', async () => {
    const chatty = createServer((req, res) => { req.resume(); req.on('end', () => res.writeHead(200).end('x'.repeat(5000))); });
    await new Promise<void>((done) => chatty.listen(0, '127.0.0.1', done));
    receivers.push({ close: () => new Promise<void>((done) => chatty.close(() => done())) });
    const id = await queueOne(`http://127.0.0.1:${(chatty.address() as { port: number }).port}/hook`);
    const dispatcher = dispatcherWith();
    await dispatcher.dispatch();
    await dispatcher.close();
    const delivery = await lastDelivery(id);
    expect([delivery.outcome, delivery.response_body.length]).toEqual(['delivered', 1024]);
  });

  it('takes over a message whose instance died after claiming it, once its lease ran out', async () => {
    const hook = await receiver();
    const id = await queueOne(hook.url);
    // As an instance left it when killed mid-send: claimed (one attempt), lease expired.
    await t.db.updateTable('webhook_messages').set({ attempts: 1, claimed_until: new Date(Date.now() - 1000) }).where('endpoint_id', '=', id).execute();
    const dispatcher = dispatcherWith();
    await dispatcher.dispatch();
    await dispatcher.close();
    expect(await t.db.selectFrom('webhook_messages').select(['status', 'attempts']).where('endpoint_id', '=', id).executeTakeFirstOrThrow()).toEqual({ status: 'delivered', attempts: 2 });
    expect(hook.received).toHaveLength(1);
  });

  it('forgets deliveries and finished messages after 30 days', async () => {
    const hook = await receiver();
    const id = await queueOne(hook.url);
    const dispatcher = dispatcherWith();
    await dispatcher.dispatch();
    await dispatcher.close();
    expect((await lastDelivery(id)).outcome).toBe('delivered');
    await sql`update webhook_deliveries set created_at = now() - interval '31 days' where endpoint_id = ${id}`.execute(t.db);
    await sql`update webhook_messages set finished_at = now() - interval '31 days' where endpoint_id = ${id}`.execute(t.db);
    await queueOne(hook.url); // a new endpoint's message: delivered by the same round that purges
    const later = dispatcherWith();
    await later.dispatch();
    await later.close();
    expect((await as('authorizer', 'GET', `/api/webhooks/${id}/deliveries`)).json()['hydra:totalItems']).toBe(0);
    expect(await t.db.selectFrom('webhook_messages').select('id').where('endpoint_id', '=', id).execute()).toEqual([]);
    expect(hook.received).toHaveLength(2);
  });
});

describe('rotating the secret', () => {
  it('signs with the new and the old secret for 24 h, then with the new one only', async () => {
    const hook = await receiver();
    const { id, secret: old } = await subscribe(hook.url, ['document.submitted']);
    const rotated = await as('authorizer', 'POST', `/api/webhooks/${id}/rotate_secret`);
    expect(rotated.statusCode).toBe(200);
    const { secret: fresh, previous_secret_expires_at: until } = rotated.json();
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(old);
    expect(new Date(until).getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);
    await purchase();
    await drain();
    expect(String(hook.received[0].headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(signedBy(hook.received[0], [old, fresh])).toEqual([old, fresh]);
    // After the overlap only the new secret signs.
    await t.db.updateTable('webhook_endpoints').set({ previous_secret_until: new Date(Date.now() - 1000) }).where('id', '=', id).execute();
    await purchase();
    await drain();
    expect(signedBy(hook.received[1], [old, fresh])).toEqual([fresh]);
    expect((await as('authorizer', 'GET', '/api/webhooks')).json()['hydra:member'][0].previous_secret_expires_at).toBeNull();
  });
});
