import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDefinitionSet } from '../../server/definitions/definition-store';
import { attachmentKinds } from '../../server/files/attachment-kinds';
import { CHUNK_BYTES } from '../../server/files/file-storage';
import { UploadGate } from '../../server/files/upload-gate';
import { AppError } from '../../server/lib/errors';
import { WorkBusyError } from '../../server/lib/work-limiter';
import { buildTestApp, type TestApp } from './helpers';
import { multipart, pdfBytes } from './files-fixtures';
import { tokens } from './workflow-fixtures';

let t: TestApp;
let auth: (user: string) => Promise<string>;
/** An attachment kind the definitions declare that takes both PNG and PDF, and its size limit. */
let kind: { code: string; maxBytes: number };

beforeAll(async () => {
  // One upload at a time per user, so the gate's refusal can be shown with two requests.
  t = await buildTestApp({ uploadsPerUser: 1 });
  auth = tokens(t);
  const found = [...attachmentKinds((await readDefinitionSet(undefined, { check: false })).modules)].find(([, k]) => k.accept.includes('png') && k.accept.includes('pdf'))!;
  kind = { code: found[0], maxBytes: found[1].maxBytes };
});
afterAll(() => t?.close());

/** A PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ihdr = (width: number, height: number) => {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data.set([8, 6, 0, 0, 0], 8);
  return chunk('IHDR', data);
};
/** A well-formed PNG of `idatBytes` of (undecoded) image data: its structure is what the server walks. */
const bigPng = (idatBytes: number) => Buffer.concat([SIGNATURE, ihdr(1000, 1000), chunk('IDAT', Buffer.alloc(idatBytes, 7)), chunk('IEND', Buffer.alloc(0))]);

async function upload(name: string, bytes: Buffer | PassThrough, user = 'employee') {
  const headers = { authorization: `Bearer ${await auth(user)}`, 'accept-language': 'en' };
  if (Buffer.isBuffer(bytes)) {
    const body = multipart({ document_type: kind.code }, [['file', name, bytes]]);
    return t.app.inject({ method: 'POST', url: '/api/files', payload: body.payload, headers: { ...body.headers, ...headers } });
  }
  return t.app.inject({ method: 'POST', url: '/api/files', payload: bytes, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers } });
}
const BOUNDARY = 'ringi-stream-boundary';
const counts = async () => ({
  files: (await t.db.selectFrom('files').select('id').execute()).length,
  chunks: (await t.db.selectFrom('file_chunks').select('storage_key').execute()).length,
});

describe('uploads: content checked beyond its first bytes (issue #19 item 1)', () => {
  it('refuses a PNG header followed by megabytes of zeros as damaged, storing nothing', async () => {
    const before = await counts();
    const fake = Buffer.concat([SIGNATURE, ihdr(1, 1), Buffer.alloc(2 * 1024 * 1024)]);
    const response = await upload('zeros.png', fake);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: expect.stringContaining('"zeros.png" is damaged or incomplete') });
    expect(await counts()).toEqual(before);
  });

  it('refuses a PNG declaring absurd dimensions, and a PDF cut before its end', async () => {
    const huge = Buffer.concat([SIGNATURE, ihdr(0, 5), chunk('IEND', Buffer.alloc(0))]);
    expect((await upload('huge.png', huge)).statusCode).toBe(415);
    const pdf = pdfBytes();
    const truncated = pdf.subarray(0, pdf.length - 8);
    expect((await upload('cut.pdf', truncated)).json()).toMatchObject({ message: expect.stringContaining('"cut.pdf" is damaged or incomplete') });
  });

  it('stores a large upload in 256 KiB chunks and serves it back byte for byte', async () => {
    const png = bigPng(3 * 1024 * 1024);
    const response = await upload('big.png', png);
    expect(response.statusCode).toBe(201);
    const file = response.json();
    const row = await t.db.selectFrom('files').select(['storage_key', 'sha256', 'size']).where('id', '=', file.id).executeTakeFirstOrThrow();
    const stored = await t.db.selectFrom('file_chunks').select(['seq']).where('storage_key', '=', row.storage_key).orderBy('seq').execute();
    expect(stored.map((c) => c.seq)).toEqual([...Array(Math.ceil(png.length / CHUNK_BYTES)).keys()]);
    expect(row.size).toBe(png.length);
    const { createHash } = await import('node:crypto');
    expect(row.sha256).toBe(createHash('sha256').update(png).digest('hex'));
    const content = await t.app.inject({ url: `/api/files/${file.id}`, headers: { authorization: `Bearer ${await auth('employee')}` } });
    expect(content.rawPayload.equals(png)).toBe(true);
  });
});

describe('uploads: a bounded number at once (issue #19 item 1)', () => {
  it('refuses a user\'s second upload while the first is still arriving with 429 and Retry-After, then takes the first', async () => {
    const spool = join(t.config.dataDir, 'upload-spool');
    const stream = new PassThrough();
    const first = upload('slow.pdf', stream);
    stream.write(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="document_type"\r\n\r\n${kind.code}\r\n`);
    stream.write(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="slow.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
    stream.write(pdfBytes().subarray(0, 10));
    // The first upload is being spooled once its temporary file exists.
    for (let i = 0; i < 400 && !(existsSync(spool) && readdirSync(spool).length); i++) await new Promise((resolve) => setTimeout(resolve, 25));
    const second = await upload('second.pdf', pdfBytes());
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBe('5');
    expect(second.json()).toMatchObject({ code: 'RATE_LIMITED', message: 'You already have 1 uploads in progress; wait for them to finish, then try again' });
    // Another user is not held back by it.
    expect((await upload('other.pdf', pdfBytes(), 'approver')).statusCode).toBe(201);
    stream.end(Buffer.concat([pdfBytes().subarray(10), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]));
    const firstAnswer = await first;
    expect(firstAnswer.statusCode, firstAnswer.body).toBe(201);
    expect(readdirSync(spool)).toEqual([]); // spooled files are removed
  });

  it('runs at most `concurrency` uploads, queues `queue` more and refuses the rest with 503; a user gets `perUser` (the gate)', async () => {
    const gate = new UploadGate({ concurrency: 3, queue: 2, perUser: 2 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    const running = [1, 2, 3].map((user) => gate.run(user, () => 'too many', () => held));
    const queued = gate.run(4, () => 'too many', async () => 'queued ran');
    const mine = gate.run(1, () => 'too many', async () => 'mine ran');
    expect(gate.load).toEqual({ running: 3, queued: 2 });
    // User 1 has two under way: a third is theirs to wait for (429); user 5 finds the queue full (503).
    await expect(gate.run(1, () => 'too many for 1', async () => 'never')).rejects.toEqual(new AppError('RATE_LIMITED', 'too many for 1', { retryAfter: 5 }));
    await expect(gate.run(5, () => 'too many', async () => 'never')).rejects.toBeInstanceOf(WorkBusyError);
    release();
    await Promise.all(running);
    expect([await queued, await mine]).toEqual(['queued ran', 'mine ran']);
    expect(gate.load).toEqual({ running: 0, queued: 0 });
    expect(await gate.run(1, () => 'too many', async () => 'again')).toBe('again');
  });

  it('keeps one user below the instance\'s slots whatever UPLOADS_PER_USER says (issue #30 item 5)', async () => {
    const gate = new UploadGate({ concurrency: 2, queue: 4, perUser: 10 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    const first = gate.run(1, () => 'first', () => held);
    await expect(gate.run(1, (max) => `at most ${max}`, async () => 'never')).rejects.toEqual(new AppError('RATE_LIMITED', 'at most 1', { retryAfter: 5 }));
    // The slot left over is another user's.
    expect(await gate.run(2, () => 'too many', async () => 'other ran')).toBe('other ran');
    release();
    await first;
    // An instance of one slot still lets each user have one.
    expect(await new UploadGate({ concurrency: 1, queue: 0, perUser: 3 }).run(1, () => 'too many', async () => 'alone')).toBe('alone');
  });

  it('frees a waiting upload\'s place, and a running one\'s slot and count, as soon as its signal aborts (issue #30 item 5)', async () => {
    const gate = new UploadGate({ concurrency: 2, queue: 2, perUser: 1 });
    const never = () => new Promise<string>(() => undefined);
    const storing = new AbortController();
    const other = new AbortController();
    // Two uploads whose work never ends (e.g. stuck storing) hold both slots …
    const stuck = gate.run(1, () => 'too many', never, storing.signal);
    const stuckToo = gate.run(2, () => 'too many', never, other.signal);
    // … and a third waits.
    const waiting = new AbortController();
    const queued = gate.run(3, () => 'too many', async () => 'never', waiting.signal);
    expect(gate.load).toEqual({ running: 2, queued: 1 });
    // Its client leaves: it leaves the queue, and never takes a slot later.
    waiting.abort(new Error('client left while queued'));
    await expect(queued).rejects.toThrow('client left while queued');
    expect(gate.load).toEqual({ running: 2, queued: 0 });
    // A running upload's client leaves: slot and count are back although its work never ends.
    const next = gate.run(3, () => 'too many', async () => 'user 3 ran');
    storing.abort(new Error('client left while storing'));
    await expect(stuck).rejects.toThrow('client left while storing');
    expect(await next).toBe('user 3 ran');
    expect(await gate.run(1, () => 'too many', async () => 'user 1 again')).toBe('user 1 again');
    // An upload whose client already left never waits.
    await expect(gate.run(4, () => 'too many', async () => 'never', AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
    other.abort(new Error('done'));
    await expect(stuckToo).rejects.toThrow('done');
    expect(gate.load).toEqual({ running: 0, queued: 0 });
  });
});
