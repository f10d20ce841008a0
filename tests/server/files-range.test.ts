import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_BYTES } from '../../server/files/file-storage';
import { buildTestApp, type TestApp } from './helpers';
import { multipart } from './files-fixtures';
import { tokens } from './workflow-fixtures';

let t: TestApp;
let auth: (user: string) => Promise<string>;
/** A PDF of a little over two storage chunks: a binary stream object between header and trailer. */
const pdf = Buffer.concat([
  Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n'
    + '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n4 0 obj<</Length 600000>>stream\n', 'latin1'),
  randomBytes(600_000),
  Buffer.from('\nendstream endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1'),
]);
let url = '';

beforeAll(async () => {
  t = await buildTestApp();
  auth = tokens(t);
  const body = multipart({ document_type: 'e-invoice' }, [['file', 'large.pdf', pdf]]);
  const response = await t.app.inject({ method: 'POST', url: '/api/files', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${await auth('employee')}` } });
  expect(response.statusCode).toBe(201);
  url = response.json().url;
});
afterAll(() => t?.close());

const get = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...headers } });

describe('GET /api/files/{id} with a byte range (the PDF viewer reads what it shows)', () => {
  it('says it serves ranges, and serves the whole file without one', async () => {
    const response = await get({});
    expect(response.statusCode).toBe(200);
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(Number(response.headers['content-length'])).toBe(pdf.length);
    expect(response.rawPayload.equals(pdf)).toBe(true);
  });

  it.each([
    ['within the first chunk', 0, 1023],
    ['across a chunk boundary', CHUNK_BYTES - 100, CHUNK_BYTES + 99],
    ['across two boundaries', 1000, 2 * CHUNK_BYTES + 5],
    ['one byte', CHUNK_BYTES, CHUNK_BYTES],
  ])('answers 206 with exactly the bytes asked (%s)', async (_, start, end) => {
    const response = await get({ range: `bytes=${start}-${end}` });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/${pdf.length}`);
    expect(Number(response.headers['content-length'])).toBe(end - start + 1);
    expect(response.rawPayload.equals(pdf.subarray(start, end + 1))).toBe(true);
  });

  it('reads open-ended and suffix ranges to the end, and clips an end past the size', async () => {
    const open = await get({ range: `bytes=${pdf.length - 10}-` });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals(pdf.subarray(pdf.length - 10))).toBe(true);
    const suffix = await get({ range: 'bytes=-2048' });
    expect(suffix.headers['content-range']).toBe(`bytes ${pdf.length - 2048}-${pdf.length - 1}/${pdf.length}`);
    expect(suffix.rawPayload.equals(pdf.subarray(pdf.length - 2048))).toBe(true);
    const clipped = await get({ range: `bytes=${pdf.length - 5}-${pdf.length + 500}` });
    expect(clipped.rawPayload.equals(pdf.subarray(pdf.length - 5))).toBe(true);
  });

  it('refuses a range starting past the end with 416 and the size', async () => {
    const response = await get({ range: `bytes=${pdf.length}-` });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe(`bytes */${pdf.length}`);
    expect(response.json()).toMatchObject({ code: 'RANGE_NOT_SATISFIABLE', message: expect.stringContaining(String(pdf.length)) });
  });

  it('sends the whole file for what is not one byte range (several ranges, other units, If-Range, malformed)', async () => {
    const variants: Array<Record<string, string>> = [{ range: 'bytes=0-1,5-9' }, { range: 'items=0-1' }, { range: 'bytes=9-1' }, { range: 'bytes=abc' }, { range: 'bytes=0-9', 'if-range': 'Wed, 21 Oct 2015 07:28:00 GMT' }];
    for (const headers of variants) {
      const response = await get(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
      expect(response.rawPayload.length).toBe(pdf.length);
    }
  });

  it('keeps the read rule: a range of a file one may not read is the same 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: url.replace(/token=[^&]+/, 'token=forged'), headers: { range: 'bytes=0-9' } });
    expect(response.statusCode).not.toBe(206);
    expect([401, 404]).toContain(response.statusCode);
  });
});
