import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signFileToken } from '../../server/files/file-url-token';
import { buildTestApp, type TestApp } from './helpers';
import { exeBytes, multipart, pdfBytes, samples, zipOf } from './files-fixtures';
import { demoUsers, filePurchase, purchaseBody, tokens, type Users } from './workflow-fixtures';

let t: TestApp;
let users: Users;
let auth: (user: string) => Promise<string>;

beforeAll(async () => {
  t = await buildTestApp();
  users = await demoUsers(t.db);
  auth = tokens(t);
});
afterAll(() => t?.close());

async function upload(user: string, name: string, bytes: Buffer, documentType = 'e-invoice') {
  const body = multipart({ document_type: documentType }, [['file', name, bytes]]);
  return t.app.inject({ method: 'POST', url: '/api/files', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${await auth(user)}`, 'accept-language': 'en' } });
}

async function uploaded(user: string, name = 'invoice.pdf', bytes = pdfBytes()) {
  const response = await upload(user, name, bytes);
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; url: string; name: string };
}

async function get(user: string | null, url: string, accept?: string) {
  const headers: Record<string, string> = { 'accept-language': 'en' };
  if (user) headers.authorization = `Bearer ${await auth(user)}`;
  if (accept) headers.accept = accept;
  return t.app.inject({ method: 'GET', url, headers });
}

/** Stored contents: uploads in `file_chunks` (where the server keeps them), `file_contents` rows, and any on disk. */
const storedFiles = async () => {
  const root = join(t.config.dataDir, 'files');
  const disk = existsSync(root) ? readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length : 0;
  const chunked = (await t.db.selectFrom('file_chunks').select('storage_key').distinct().execute()).length;
  return disk + chunked + (await t.db.selectFrom('file_contents').select('storage_key').execute()).length;
};
const fileRows = async () => (await t.db.selectFrom('files').select('id').execute()).length;

describe('POST /api/files', () => {
  it.each(samples)('accepts $name by its magic bytes and answers the File record', async (sample) => {
    const response = await upload('employee', sample.name, sample.bytes, 'app-paper');
    expect(response.statusCode).toBe(201);
    const file = response.json();
    expect(file).toMatchObject({ name: sample.name, formated_name: sample.name, type: sample.type, document_type: 'app-paper', size_string: `${sample.bytes.length} B` });
    expect(file.url).toMatch(new RegExp(`^/api/files/${file.id}\\?token=`));
    expect(Number.isNaN(Date.parse(file.created_at))).toBe(false);
    const content = await get('employee', `/api/files/${file.id}`);
    expect(content.statusCode).toBe(200);
    expect(content.headers['content-type']).toBe(sample.mime);
    expect(content.headers['x-content-type-options']).toBe('nosniff');
    expect(content.rawPayload.equals(sample.bytes)).toBe(true);
  });

  it('stores the content in the database under <year>/<random>, never under the user name', async () => {
    const file = await uploaded('employee', '../../etc/evil name.pdf');
    expect(file.name).toBe('evil name.pdf');
    const row = await t.db.selectFrom('files').select(['storage_key', 'size', 'uploader_id']).where('id', '=', file.id).executeTakeFirstOrThrow();
    expect(row.storage_key).toMatch(new RegExp(`^${new Date().getUTCFullYear()}/[0-9a-f]{32}$`));
    expect(row).toMatchObject({ size: pdfBytes().length, uploader_id: users.employee.id });
    const stored = await t.db.selectFrom('file_chunks').select('bytes').where('storage_key', '=', row.storage_key).orderBy('seq').execute();
    expect(Buffer.concat(stored.map((chunk) => Buffer.from(chunk.bytes))).equals(Buffer.from(pdfBytes()))).toBe(true);
  });

  it('refuses an .exe renamed .pdf with 415 and a clear message, storing nothing', async () => {
    const [rows, disk] = [await fileRows(), await storedFiles()];
    const response = await upload('employee', 'invoice.pdf', exeBytes());
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'The content of "invoice.pdf" does not match its file type; the file was refused' });
    expect([await fileRows(), await storedFiles()]).toEqual([rows, disk]);
  });

  it('refuses content of another accepted type under the wrong extension', async () => {
    const docx = samples.find((s) => s.name.endsWith('.docx'))!;
    expect((await upload('employee', 'sheet.xlsx', docx.bytes)).statusCode).toBe(415);
    expect((await upload('employee', 'photo.png', pdfBytes())).statusCode).toBe(415);
    expect((await upload('employee', 'fapiao.ofd', zipOf({ 'readme.txt': 'hello' }))).statusCode).toBe(415);
  });

  it('refuses a garbage zip and a zip bomb by their central directory, without unpacking', async () => {
    const garbage = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(500, 7)]);
    const broken = await upload('employee', 'letter.docx', garbage);
    expect(broken.statusCode).toBe(415);
    expect(broken.json().message).toBe('"letter.docx" is a damaged or unreadable archive; the file was refused');
    const bomb = zipOf({ '[Content_Types].xml': '<Types/>', 'word/document.xml': 'x'.repeat(100) }, { uncompressedSize: 0xfffffff0 });
    const refused = await upload('employee', 'letter.docx', bomb);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toBe('"letter.docx" declares an unreasonable unpacked size; the file was refused');
  });

  it('refuses extensions outside the list, unknown document types, no file, two files and non-multipart bodies', async () => {
    const exe = await upload('employee', 'setup.exe', exeBytes());
    expect(exe.statusCode).toBe(415);
    expect(exe.json().message).toContain('"setup.exe" is not an accepted file type');
    const unknown = await upload('employee', 'invoice.pdf', pdfBytes(), 'receipt');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^Unknown document type: use one of app-paper, .*e-invoice/);
    const headers = { authorization: `Bearer ${await auth('employee')}`, 'accept-language': 'en' };
    const none = multipart({ document_type: 'e-invoice' }, []);
    const noFile = await t.app.inject({ method: 'POST', url: '/api/files', payload: none.payload, headers: { ...headers, ...none.headers } });
    expect([noFile.statusCode, noFile.json().code]).toEqual([400, 'BAD_REQUEST']);
    const two = multipart({ document_type: 'e-invoice' }, [['file', 'a.pdf', pdfBytes()], ['file', 'b.pdf', pdfBytes()]]);
    const twoFiles = await t.app.inject({ method: 'POST', url: '/api/files', payload: two.payload, headers: { ...headers, ...two.headers } });
    expect(twoFiles.statusCode).toBe(400);
    expect(twoFiles.json().message).toBe('Upload one file at a time in the field "file"');
    const json = await t.app.inject({ method: 'POST', url: '/api/files', payload: { file: 'x' }, headers });
    expect(json.statusCode).toBe(415);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/files', ...multipart({ document_type: 'e-invoice' }, [['file', 'a.pdf', pdfBytes()]]) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a file above the default 20 MiB limit with 413', async () => {
    const big = Buffer.concat([pdfBytes(), Buffer.alloc(20 * 1024 * 1024)]);
    const rows = await fileRows();
    const response = await upload('employee', 'big.pdf', big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The file is too large: at most 20 MB is allowed' });
    expect(await fileRows()).toBe(rows);
  });
});

describe('UPLOAD_MAX_BYTES', () => {
  it('lowers the limit', async () => {
    process.env.UPLOAD_MAX_BYTES = '2048';
    const small = await buildTestApp();
    delete process.env.UPLOAD_MAX_BYTES;
    try {
      const token = await small.login('employee@example.com');
      const send = (bytes: Buffer) => {
        const body = multipart({ document_type: 'e-invoice' }, [['file', 'a.pdf', bytes]]);
        return small.app.inject({ method: 'POST', url: '/api/files', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}`, 'accept-language': 'en' } });
      };
      expect((await send(Buffer.concat([pdfBytes(), Buffer.alloc(3000)]))).json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The file is too large: at most 2 KB is allowed' });
      expect((await send(pdfBytes())).statusCode).toBe(201);
    } finally {
      await small.close();
    }
  });
});

describe('GET /api/files/{id}', () => {
  it('answers the File record to a JSON client and the content to a browser', async () => {
    const file = await uploaded('employee', 'レシート.pdf');
    const record = await get('employee', `/api/files/${file.id}`, 'application/json, text/plain, */*');
    expect(record.json()).toMatchObject({ id: file.id, name: 'レシート.pdf', type: 'pdf', document_type: 'e-invoice' });
    const content = await get('employee', `/api/files/${file.id}`, 'text/html,*/*');
    expect(content.headers['content-disposition']).toBe(`inline; filename="____.pdf"; filename*=UTF-8''${encodeURIComponent('レシート.pdf')}`);
  });

  it('shows a file to the participants of a document referencing it, and 404 to anyone else', async () => {
    const file = await uploaded('employee', 'photo.pdf');
    const body = await purchaseBody(t.db, users, { user_finances: [users.finance.id] });
    (body.purchase_goods[0] as Record<string, unknown>).purchase_goods_photo = [file.id];
    await filePurchase(t, await auth('employee'), body);
    for (const reader of ['employee', 'approver', 'authorizer', 'finance']) {
      expect((await get(reader, `/api/files/${file.id}`)).statusCode, reader).toBe(200);
    }
    const stranger = await get('client', `/api/files/${file.id}`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().code).toBe('NOT_FOUND');
    expect((await get('client', '/api/files/999999')).statusCode).toBe(404);
  });

  it('does not open someone else\'s file to a user who references it in a document of their own', async () => {
    const file = await uploaded('employee', 'secret.pdf');
    const body = await purchaseBody(t.db, users);
    const filed = await filePurchase(t, await auth('approver2'), body);
    // Filing refuses a foreign file id (tests/server/buffer-files.test.ts); data written some
    // other way (an older version, a direct import) must still not open the file.
    const row = await t.db.selectFrom('buffers').select('data').where('id', '=', filed.id).executeTakeFirstOrThrow();
    const data = row.data as { purchase_goods: Array<Record<string, unknown>> };
    data.purchase_goods[0].purchase_goods_photo = [file.id];
    await t.db.updateTable('buffers').set({ data: JSON.stringify(data) } as never).where('id', '=', filed.id).execute();
    expect((await get('approver2', `/api/files/${file.id}`)).statusCode).toBe(404);
  });

  it('accepts the signed url without a bearer header; refuses expired, tampered and foreign tokens', async () => {
    const file = await uploaded('employee');
    const other = await uploaded('employee');
    const ok = await get(null, file.url);
    expect(ok.statusCode).toBe(200);
    expect(ok.rawPayload.equals(pdfBytes())).toBe(true);
    const expired = signFileToken(t.config.jwtSecret, file.id, users.employee.id, Date.now() - 11 * 60 * 1000);
    const token = new URL(file.url, 'http://x').searchParams.get('token')!;
    const tampered = token.replace(/^\d+/, String(users.client.id));
    for (const bad of [expired, tampered, 'garbage', new URL(other.url, 'http://x').searchParams.get('token')!]) {
      const response = await get(null, `/api/files/${file.id}?token=${encodeURIComponent(bad)}`);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('This file link has expired or is invalid; open the file again from the document');
    }
    expect((await get(null, `/api/files/${file.id}`)).statusCode).toBe(401);
  });

  it('checks access again for a token holder', async () => {
    const file = await uploaded('employee');
    const token = signFileToken(t.config.jwtSecret, file.id, users.client.id);
    expect((await get(null, `/api/files/${file.id}?token=${token}`)).statusCode).toBe(404);
  });
});

describe('DELETE /api/files/{id}', () => {
  const remove = async (user: string, id: number) => t.app.inject({ method: 'DELETE', url: `/api/files/${id}`, headers: { authorization: `Bearer ${await auth(user)}`, 'accept-language': 'en' } });

  it('lets only the uploader delete an unreferenced file, removing the content', async () => {
    const file = await uploaded('employee');
    const row = await t.db.selectFrom('files').select('storage_key').where('id', '=', file.id).executeTakeFirstOrThrow();
    expect((await remove('approver', file.id)).statusCode).toBe(404);
    expect((await remove('employee', file.id)).statusCode).toBe(204);
    expect(existsSync(join(t.config.dataDir, 'files', row.storage_key))).toBe(false);
    expect((await get('employee', `/api/files/${file.id}`)).statusCode).toBe(404);
    expect((await remove('employee', file.id)).statusCode).toBe(404);
  });

  it('refuses with 409 while a filed document references the file', async () => {
    const file = await uploaded('employee');
    const body = await purchaseBody(t.db, users);
    (body.purchase_goods[0] as Record<string, unknown>).purchase_goods_photo = [file.id];
    await filePurchase(t, await auth('employee'), body);
    const response = await remove('employee', file.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'CONFLICT', message: 'This file belongs to a filed document and cannot be deleted' });
    expect((await get('employee', `/api/files/${file.id}`)).statusCode).toBe(200);
  });
});
