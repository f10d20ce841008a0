import { existsSync, readdirSync } from 'node:fs';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import enServer from '../../locales/en/server.json';
import { readDefinitionSet } from '../../server/definitions/definition-store';
import { attachmentKinds } from '../../server/files/attachment-kinds';
import { buildTestApp, type TestApp } from './helpers';
import { multipart, pdfBytes } from './files-fixtures';
import { tokens } from './workflow-fixtures';

/**
 * Uploads that cannot be starved (issue #30 item 5), over real sockets: a client that trickles,
 * stalls, leaves while its upload waits in the queue or leaves mid-body frees its slot and its
 * user's count, and a normal upload right after succeeds within 2 s. The pace is short here
 * (idle 1.5 s, at least 2 KiB/s over 4.5 s) so nothing sleeps for the production 10 s; the only
 * timed assertion is the normal upload's 2 s, the other bounds only turn a hang into a message.
 */
const IDLE_MS = 1500;
const MIN_RATE = 2048;
/** What a normal upload after the offending ones must take at most (the figure). */
const NORMAL_UPLOAD_MS = 2000;
/** A hang, not a slow machine: far beyond the pace's few seconds. */
const HANG_MS = 20_000;

let t: TestApp;
let auth: (user: string) => Promise<string>;
let port: number;
let kind: string;
let spool: string;

beforeAll(async () => {
  // Four slots and two uploads per user, so two accounts can fill every slot (the probe's case).
  t = await buildTestApp({ uploadConcurrency: 4, uploadQueue: 8, uploadsPerUser: 2, uploadIdleTimeoutMs: IDLE_MS, uploadMinBytesPerSecond: MIN_RATE });
  auth = tokens(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  kind = [...attachmentKinds((await readDefinitionSet(undefined, { check: false })).modules)].find(([, k]) => k.accept.includes('png') && k.accept.includes('pdf'))![0];
  spool = join(t.config.dataDir, 'upload-spool');
});
afterAll(() => t?.close());
/** Sockets the tests opened: a failing test leaves none behind to hold slots in the next. */
const sockets = new Set<Socket>();
afterEach(() => {
  for (const socket of sockets) socket.destroy();
  sockets.clear();
});

/** A PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A well-formed PNG of about `bytes` bytes. */
function png(bytes: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(100, 0);
  ihdr.writeUInt32BE(100, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', Buffer.alloc(bytes, 7)), chunk('IEND', Buffer.alloc(0))]);
}

/** One upload on a socket of its own, sent as the test says; `answer` settles when the server closed the connection. */
interface RawUpload {
  socket: Socket;
  /** Sends the next `bytes` of the body. */
  send(bytes: number): void;
  /** Sends the rest of the body. */
  finish(): void;
  /** Sends `bytes` every `everyMs` until stopped (the server closing the connection stops it too). */
  pace(bytes: number, everyMs: number): () => void;
  answer: Promise<{ status: number | null; body: string }>;
}

async function rawUpload(user: string, file: Buffer): Promise<RawUpload> {
  const form = multipart({ document_type: kind }, [['file', 'upload.png', file]]);
  const body = form.payload;
  const socket = connect(port, '127.0.0.1');
  sockets.add(socket);
  socket.setNoDelay(true);
  socket.on('error', () => undefined); // the server may close while the client still writes
  socket.write(`POST /api/files HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${await auth(user)}\r\nAccept-Language: en\r\n`
    + `Connection: close\r\nContent-Type: ${form.headers['content-type']}\r\nContent-Length: ${body.length}\r\n\r\n`);
  const received: Buffer[] = [];
  socket.on('data', (piece: Buffer) => received.push(piece));
  let sent = 0;
  let timer: NodeJS.Timeout | undefined;
  const stop = () => clearInterval(timer);
  const send = (bytes: number) => {
    if (socket.destroyed || sent >= body.length) return;
    socket.write(body.subarray(sent, sent + bytes));
    sent += bytes;
  };
  const answer = new Promise<{ status: number | null; body: string }>((resolve) => socket.on('close', () => {
    stop();
    const text = Buffer.concat(received).toString('utf8');
    const status = /^HTTP\/1\.1 (\d{3})/.exec(text);
    resolve({ status: status ? Number(status[1]) : null, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
  }));
  return {
    socket, send, answer,
    finish: () => send(body.length - sent),
    pace(bytes, everyMs) {
      timer = setInterval(() => send(bytes), everyMs);
      return stop;
    },
  };
}

/** `promise`, or a failure saying what did not happen within `ms`. */
async function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`${what} (not within ${ms} ms)`)), ms); });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Starts a normal upload (in process). */
async function startUpload(user: string) {
  const form = multipart({ document_type: kind }, [['file', 'normal.pdf', pdfBytes()]]);
  return t.app.inject({
    method: 'POST', url: '/api/files', payload: form.payload,
    headers: { ...form.headers, authorization: `Bearer ${await auth(user)}`, 'accept-language': 'en' },
  });
}

/** An upload (started now, or earlier as `started`) must be stored within 2 s from now. */
async function normalUpload(user: string, started?: ReturnType<typeof startUpload>) {
  const response = await within(NORMAL_UPLOAD_MS, started ?? startUpload(user), `a normal upload of ${user} was not stored`);
  expect(response.statusCode, response.body).toBe(201);
}

/** Waits until the server saw every test connection close (a client's own close comes first). */
async function serverSawClose(): Promise<void> {
  const open = () => new Promise<number>((resolve, reject) => t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
  await within(HANG_MS, (async () => {
    while ((await open()) > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  })(), 'the server did not see the connections close');
}

/** Waits until `count` uploads are being read (each has its spooled file). */
async function spooling(count: number): Promise<void> {
  await within(HANG_MS, (async () => {
    while (!(existsSync(spool) && readdirSync(spool).length >= count)) await new Promise((resolve) => setTimeout(resolve, 20));
  })(), `${count} uploads did not start`);
}

describe('uploads that cannot be starved (issue #30 item 5)', () => {
  it('cuts off four uploads trickling at 200 B/s from two accounts (408), then a normal upload succeeds', async () => {
    const trickles = await Promise.all(['employee', 'employee', 'legal', 'legal'].map((user) => rawUpload(user, png(64 * 1024))));
    for (const trickle of trickles) {
      trickle.send(400); // the form field and the file part's head: the upload is being read
      trickle.pace(20, 100);
    }
    await spooling(4);
    // Every slot is held now; another user's upload waits until the trickles are cut off.
    const waiting = startUpload('approver');
    const answers = await within(HANG_MS, Promise.all(trickles.map((trickle) => trickle.answer)), 'the trickling uploads were never cut off');
    for (const answer of answers) {
      expect(answer.status).toBe(408);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'REQUEST_TIMEOUT', message: enServer.files.uploadTooSlow.replace('{{rate}}', '2 KB') });
    }
    await normalUpload('approver', waiting);
    // The trickling users' counts were released with their slots.
    await normalUpload('employee');
    await normalUpload('legal');
    expect(readdirSync(spool)).toEqual([]);
  });

  it('cuts off an upload that stops sending (408 after the idle time), then its user uploads again', async () => {
    const stalled = await rawUpload('employee', png(64 * 1024));
    stalled.send(2000);
    await spooling(1);
    const answer = await within(HANG_MS, stalled.answer, 'the stalled upload was never cut off');
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'REQUEST_TIMEOUT', message: enServer.files.uploadIdle.replace('{{seconds}}', '2') });
    await normalUpload('employee');
    expect(readdirSync(spool)).toEqual([]);
  });

  it('frees the place of uploads whose clients leave while they wait in the queue', async () => {
    // Four uploads arriving at a good pace hold every slot.
    const holders = await Promise.all(['employee', 'employee', 'legal', 'legal'].map((user) => rawUpload(user, png(512 * 1024))));
    for (const holder of holders) {
      holder.send(4096);
      holder.pace(4096, 100);
    }
    await spooling(4);
    // Three uploads of one user, sent whole: the first two to reach the gate wait in the queue, the
    // third is refused at once as theirs to wait for (429) — so when that answer comes, two are queued.
    const tries = await Promise.all([1, 2, 3].map(() => rawUpload('approver', pdfBytes())));
    for (const upload of tries) upload.finish();
    const refused = await within(HANG_MS, Promise.race(tries.map((upload, i) => upload.answer.then((answer) => ({ answer, i })))), 'no upload was refused');
    expect(refused.answer.status).toBe(429);
    const leaving = tries.filter((_, i) => i !== refused.i);
    // Their client leaves while they wait.
    for (const upload of leaving) upload.socket.destroy();
    await Promise.all(leaving.map((upload) => upload.answer));
    // The holders finish and are stored; then nothing is left holding a slot or the user's count.
    for (const holder of holders) holder.finish();
    const stored = await within(HANG_MS, Promise.all(holders.map((holder) => holder.answer)), 'the holders were not answered');
    expect(stored.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    await serverSawClose();
    await normalUpload('approver');
    await normalUpload('approver');
    await normalUpload('finance');
  });

  it('frees the place of uploads whose clients leave in the middle of the body', async () => {
    const leaving = await Promise.all([rawUpload('treasury', png(256 * 1024)), rawUpload('treasury', png(256 * 1024))]);
    for (const upload of leaving) upload.send(64 * 1024);
    await spooling(2);
    for (const upload of leaving) upload.socket.destroy();
    await Promise.all(leaving.map((upload) => upload.answer));
    await serverSawClose();
    // Both of the user's places are free at once (no idle time to wait out) …
    await normalUpload('treasury');
    await normalUpload('treasury');
    // … and their spooled files are gone.
    await within(HANG_MS, (async () => {
      while (readdirSync(spool).length) await new Promise((resolve) => setTimeout(resolve, 20));
    })(), 'the spooled files of the left uploads were not removed');
  });
});
