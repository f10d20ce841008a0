import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { samplePdf } from '../../scripts/lib/sample-pdf';
import { FilePreviews } from '../../server/files/file-previews';
import { FileStorage } from '../../server/files/file-storage';
import { buildTestApp, type TestApp } from './helpers';
import { multipart, samples } from './files-fixtures';
import { tokens } from './workflow-fixtures';

// The first page of a PDF attachment as a picture (issue #33 item 6): drawn by the server after
// the upload, answered by GET /files/{id}/preview to the file's readers only.

let t: TestApp;
let auth: (user: string) => Promise<string>;

/** A PDF whose user password is not empty (the Standard security handler, R2, random O and U): pdf.js asks for a password. */
function passwordPdf(): Buffer {
  const hex = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 37 + 11) % 256)).toString('hex');
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>',
    `<</Filter/Standard/V 1/R 2/Length 40/O<${hex(32)}>/U<${hex(32)}>/P -4>>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj${o}endobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer<</Size ${objects.length + 1}/Root 1 0 R/Encrypt 4 0 R/ID[<${hex(16)}><${hex(16)}>]>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

async function upload(user: string, name: string, bytes: Buffer) {
  const body = multipart({ document_type: 'e-invoice' }, [['file', name, bytes]]);
  const response = await t.app.inject({ method: 'POST', url: '/api/files', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${await auth(user)}` } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; url: string; type: string };
}

const preview = async (id: number, user?: string, query = '') => t.app.inject({
  method: 'GET', url: `/api/files/${id}/preview${query}`,
  headers: { 'accept-language': 'en', ...(user ? { authorization: `Bearer ${await auth(user)}` } : {}) },
});

beforeAll(async () => {
  t = await buildTestApp();
  auth = tokens(t);
});
afterAll(() => t?.close());

describe('GET /files/{id}/preview', () => {
  it('answers the first page of an uploaded PDF as a WebP picture a phone wide, with the page count', async () => {
    const file = await upload('employee', 'scan.pdf', samplePdf({ pages: 3, noisePerPage: 30_000 }));
    const response = await preview(file.id, 'employee');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['x-page-count']).toBe('3');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toContain('private');
    expect(response.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(response.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    // The picture is the page: 780 px wide at A4's shape, and not blank (the scanned noise and the frame are drawn).
    const image = await loadImage(response.rawPayload);
    expect(image.width).toBe(780);
    expect(image.height / image.width).toBeCloseTo(842 / 595, 1);
    const canvas = createCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, image.width, image.height).data;
    let dark = 0;
    for (let i = 0; i < pixels.length; i += 4) if (pixels[i] + pixels[i + 1] + pixels[i + 2] < 600) dark += 1;
    expect(dark / (image.width * image.height)).toBeGreaterThan(0.01);
    // Drawn once: the stored row answers every later read.
    const stored = await t.db.selectFrom('file_previews').select(['width', 'page_count', 'failure']).where('file_id', '=', file.id).execute();
    expect(stored).toEqual([{ width: 780, page_count: 3, failure: null }]);
  });

  it('answers the file\'s readers only: the signed link works without the bearer header, anyone else gets 404, and each read is an access-log download', async () => {
    const file = await upload('employee', 'receipt.pdf', samplePdf({ pages: 1 }));
    expect((await preview(file.id, 'approver')).statusCode).toBe(404);
    expect((await preview(file.id)).statusCode).toBe(401);
    const token = new URL(file.url, 'http://x').searchParams.get('token')!;
    const byLink = await preview(file.id, undefined, `?token=${encodeURIComponent(token)}`);
    expect(byLink.statusCode, `${file.url} ${byLink.body}`).toBe(200);
    expect((await preview(file.id, undefined, '?token=forged')).statusCode).toBe(401);
    const logged = await t.db.selectFrom('access_log').select(['event', 'detail']).where('event', '=', 'file.download').execute();
    expect(logged.filter((e) => (e.detail as { file_id?: number; preview?: boolean }).file_id === file.id && (e.detail as { preview?: boolean }).preview)).toHaveLength(1);
  });

  it('is 404 for a file that is not a PDF, and for a PDF that cannot be drawn (recorded once, never drawn again)', async () => {
    const png = samples.find((s) => s.mime === 'image/png')!;
    const image = await upload('employee', 'dot.png', png.bytes);
    expect((await preview(image.id, 'employee')).statusCode).toBe(404);
    const locked = await upload('employee', 'locked.pdf', passwordPdf());
    const response = await preview(locked.id, 'employee');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/picture/);
    const row = await t.db.selectFrom('file_previews').select(['bytes', 'failure']).where('file_id', '=', locked.id).executeTakeFirstOrThrow();
    expect(row.bytes).toBeNull();
    expect(row.failure).toMatch(/Password/);
    expect((await preview(locked.id, 'employee')).statusCode).toBe(404);
  });
});

describe('FilePreviews', () => {
  it('ends a drawing that takes too long and records it as failed', async () => {
    const file = await upload('employee', 'slow.pdf', samplePdf({ pages: 1, noisePerPage: 30_000 }));
    // The app's own drawing first (its row removed after), so only this instance draws below.
    expect((await preview(file.id, 'employee')).statusCode).toBe(200);
    await t.db.deleteFrom('file_previews').where('file_id', '=', file.id).execute();
    const previews = new FilePreviews(t.db, new FileStorage(t.app.config.dataDir, t.db), { timeoutMs: 1 });
    expect(await previews.get(file.id)).toBeNull();
    const row = await t.db.selectFrom('file_previews').select(['failure']).where('file_id', '=', file.id).executeTakeFirstOrThrow();
    expect(row.failure).toMatch(/not drawn within 1 ms/);
    await previews.close();
  });

  it('stops at close: the drawing in progress ends and nothing is stored', async () => {
    const file = await upload('employee', 'closing.pdf', samplePdf({ pages: 1, noisePerPage: 30_000 }));
    expect((await preview(file.id, 'employee')).statusCode).toBe(200);
    await t.db.deleteFrom('file_previews').where('file_id', '=', file.id).execute();
    const previews = new FilePreviews(t.db, new FileStorage(t.app.config.dataDir, t.db));
    previews.schedule(file.id);
    await previews.close();
    expect(await t.db.selectFrom('file_previews').select('file_id').where('file_id', '=', file.id).execute()).toEqual([]);
  });
});
