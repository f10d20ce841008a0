import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { kyselyForPostgres } from '../../server/db/connect';
import { DEFAULT_PUSH_ORIGINS } from '../../server/push/push-origins';
import { buildTestApp, type TestApp } from './helpers';
import { demoUsers, filePurchase, purchaseBody, tokens, type Users } from './workflow-fixtures';

/**
 * Web Push (issue 33 item 2) against a loopback push service that does what a real one checks:
 * the VAPID `Authorization` (an ES256 token for its origin, signed by the key the app publishes)
 * and the payload, decrypted here with the device's own private key (RFC 8291 aes128gcm) — the
 * decryption is written from the RFC in this test, not taken from the library that encrypts.
 */
interface Received { path: string; headers: IncomingHttpHeaders; body: Buffer }

let t: TestApp;
let users: Users;
let auth: (user: string) => Promise<string>;
let receiver: Server;
let origin = '';
const received: Received[] = [];
/** Paths the receiver answers 410 Gone (a subscription the browser dropped). */
const gone = new Set<string>();

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
function device() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const secret = randomBytes(16);
  return { ecdh, secret, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: secret.toString('base64url') } };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 / RFC 8188: the plaintext of one aes128gcm record for the device. */
function decrypt(body: Buffer, dev: ReturnType<typeof device>): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = dev.ecdh.computeSecret(serverPublic);
  const ikm = hmac(hmac(dev.secret, shared), Buffer.concat([Buffer.from('WebPush: info\0'), dev.ecdh.getPublicKey(), serverPublic, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'latin1')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'latin1')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2); // the last record's delimiter
  return padded.subarray(0, end).toString('utf8');
}

/** Checks the VAPID header as a push service does; returns the token's claims. */
async function vapidClaims(headers: IncomingHttpHeaders, publicKey: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(String(headers.authorization));
  expect(match, String(headers.authorization)).not.toBeNull();
  expect(match![2]).toBe(publicKey);
  const point = Buffer.from(publicKey, 'base64url');
  const key = await importJWK({ kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, 'ES256');
  const { payload } = await jwtVerify(match![1], key, { audience: origin });
  return payload;
}

async function subscribe(user: string, endpoint: string, keys = device().keys) {
  return t.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: { authorization: `Bearer ${await auth(user)}`, 'accept-language': 'en', 'user-agent': 'Mozilla/5.0 (iPhone) Safari' }, payload: { endpoint, keys } });
}

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(gone.has(request.url ?? '') ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await buildTestApp({ pushAllowedOrigins: [...DEFAULT_PUSH_ORIGINS, origin], recordsKey: 'push-test-records-key-0123456789abcdef' } as never);
  users = await demoUsers(t.db);
  auth = tokens(t);
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('push subscriptions', () => {
  it('accepts an endpoint on a known push service, lists it as the user\'s device, and removes it', async () => {
    const answer = await subscribe('employee', 'https://fcm.googleapis.com/fcm/send/abc123');
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({ service: 'fcm.googleapis.com', user_agent: 'Mozilla/5.0 (iPhone) Safari', last_sent_at: null });
    const list = await t.app.inject({ method: 'GET', url: '/api/push/subscriptions', headers: { authorization: `Bearer ${await auth('employee')}` } });
    expect(list.json().items.map((d: { id: number }) => d.id)).toContain(answer.json().id);
    // Someone else's device: not theirs to remove.
    const foreign = await t.app.inject({ method: 'DELETE', url: `/api/push/subscriptions/${answer.json().id}`, headers: { authorization: `Bearer ${await auth('approver')}`, 'accept-language': 'en' } });
    expect(foreign.statusCode).toBe(404);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/push/subscriptions/${answer.json().id}`, headers: { authorization: `Bearer ${await auth('employee')}` } });
    expect(removed.statusCode).toBe(204);
  });

  it('refuses endpoints the server must never call, and keys that are not a browser\'s, storing nothing', async () => {
    const before = await t.db.selectFrom('push_subscriptions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    for (const endpoint of ['https://evil.example.com/push', 'http://127.0.0.1:1/push', 'https://fcm.googleapis.com.evil.example/x', 'https://user:pw@fcm.googleapis.com/x', 'file:///etc/passwd', 'https://push.apple.com/x']) {
      const answer = await subscribe('employee', endpoint);
      expect(answer.statusCode, endpoint).toBe(422);
      expect(answer.json().violations[0]).toMatchObject({ propertyPath: 'endpoint', message: expect.stringContaining('not on a known push service') });
    }
    const badKeys = await subscribe('employee', 'https://fcm.googleapis.com/fcm/send/x', { p256dh: 'AAAA', auth: 'BBBB' });
    expect(badKeys.statusCode).toBe(422);
    expect((await subscribe('employee', 'https://fcm.googleapis.com/fcm/send/x', { p256dh: 'not base64!', auth: 'x' } as never)).statusCode).toBe(400);
    const after = await t.db.selectFrom('push_subscriptions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('push delivery', () => {
  it('pushes "waiting for your approval" to the approver\'s device: VAPID-signed, encrypted, ids and a title only, Topic = the document', async () => {
    const phone = device();
    expect((await subscribe('approver', `${origin}/push/approver-phone`, phone.keys)).statusCode).toBe(201);
    const key = (await t.app.inject({ method: 'GET', url: '/api/push/public_key', headers: { authorization: `Bearer ${await auth('approver')}` } })).json().key as string;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const filed = await filePurchase(t, await auth('employee'), await purchaseBody(t.db, users));
    await t.app.push.dispatch();
    const push = received.find((r) => r.path === '/push/approver-phone');
    expect(push, 'the approver\'s device got a push').toBeDefined();
    const claims = await vapidClaims(push!.headers, key);
    expect(claims.sub).toMatch(/^mailto:/);
    expect(Number(claims.exp) - Date.now() / 1000).toBeLessThanOrEqual(24 * 3600);
    expect(push!.headers).toMatchObject({ 'content-encoding': 'aes128gcm', topic: `doc-${filed.id}`, urgency: 'normal' });
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
    expect(push!.body.length).toBeLessThan(4096);
    const payload = JSON.parse(decrypt(push!.body, phone));
    const language = (await t.db.selectFrom('users').select('language').where('id', '=', users.approver.id).executeTakeFirstOrThrow()).language ?? 'ja';
    expect(payload).toEqual({ event: 'waiting', document_id: filed.id, code: filed.code, title: expect.any(String), url: expect.stringContaining(`document=${filed.id}`) });
    // The title in the approver's language (never the requester's), naming the module.
    const serverTexts = JSON.parse(readFileSync(`locales/${language}/server.json`, 'utf8')) as { push: { waiting: string } };
    const moduleTitle = JSON.parse(readFileSync(`locales/${language}/purchase.json`, 'utf8')).title as string;
    expect(payload.title).toBe(serverTexts.push.waiting.replace('{{module}}', moduleTitle));
    expect(JSON.stringify(payload)).not.toMatch(/amount|price|total/i);
    // Sent once: a second round sends nothing more.
    const count = received.length;
    await t.app.push.dispatch();
    expect(received.length).toBe(count);
  });

  it('kicks the sender after a request that queued a push (delivered without a dispatch), and not after one that queued none', async () => {
    await t.app.push.dispatch();
    const kick = vi.spyOn(t.app.push, 'kick');
    try {
      // A write that queues no push: subscribing a device.
      expect((await subscribe('approver', `${origin}/push/kicked`, device().keys)).statusCode).toBe(201);
      // A write that does: filing a document waiting for the approver.
      await filePurchase(t, await auth('employee'), await purchaseBody(t.db, users));
      await vi.waitFor(() => expect(received.some((r) => r.path === '/push/kicked')).toBe(true), { timeout: 20_000, interval: 50 });
      expect(kick).toHaveBeenCalledTimes(1);
    } finally {
      kick.mockRestore();
    }
  });

  it('drops a subscription its push service says is gone (410), with its queued messages', async () => {
    const dev = device();
    const answer = await subscribe('approver', `${origin}/push/dropped`, dev.keys);
    gone.add('/push/dropped');
    await filePurchase(t, await auth('employee'), await purchaseBody(t.db, users));
    await t.app.push.dispatch();
    expect(received.some((r) => r.path === '/push/dropped')).toBe(true);
    expect(await t.db.selectFrom('push_subscriptions').select('id').where('id', '=', answer.json().id).executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom('push_outbox').select('id').where('subscription_id', '=', answer.json().id).execute()).toEqual([]);
  });

  it('sends each message once when two instances dispatch at the same moment', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ringi-push-b-'));
    const handle = t.url ? kyselyForPostgres(t.url) : undefined;
    const b: FastifyInstance = await buildApp({ config: { ...t.config, dataDir: dir }, db: handle?.db ?? t.db });
    await b.ready();
    try {
      await subscribe('approver', `${origin}/push/two-instances`, device().keys);
      // Queue without sending: the filing's own kick is awaited first, then new rows are added directly.
      await t.app.push.dispatch();
      const sub = await t.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', `${origin}/push/two-instances`).executeTakeFirstOrThrow();
      await t.db.insertInto('push_outbox').values(Array.from({ length: 30 }, (_, i) => ({ subscription_id: sub.id, topic: `doc-x${i}`, payload: JSON.stringify({ i }) }))).execute();
      await Promise.all([t.app.push.dispatch(), b.push.dispatch()]);
      expect(received.filter((r) => r.path === '/push/two-instances')).toHaveLength(30);
      const left = await t.db.selectFrom('push_outbox').select('id').where('subscription_id', '=', sub.id).where('status', '<>', 'sent').execute();
      expect(left).toEqual([]);
    } finally {
      await b.close();
      await handle?.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
