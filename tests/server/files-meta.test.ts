import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { multipart, pdfBytes } from './files-fixtures';
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

async function uploaded(user: string, name: string) {
  const body = multipart({ document_type: 'e-invoice' }, [['file', name, pdfBytes()]]);
  const response = await t.app.inject({ method: 'POST', url: '/api/files', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${await auth(user)}` } });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; url: string };
}

/** GET with a browser-like Accept header: the plain route would answer the content, /meta the record. */
async function meta(user: string | null, url: string) {
  const headers: Record<string, string> = { 'accept-language': 'en', accept: 'text/html,*/*' };
  if (user) headers.authorization = `Bearer ${await auth(user)}`;
  return t.app.inject({ method: 'GET', url, headers });
}

describe('GET /api/files/{id}/meta', () => {
  it('answers the File record with a fresh signed url to the uploader, whatever the Accept header', async () => {
    const file = await uploaded('employee', 'invoice-11.pdf');
    const response = await meta('employee', `/api/files/${file.id}/meta`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: file.id, name: 'invoice-11.pdf', type: 'pdf', size_string: `${pdfBytes().length} B`, document_type: 'e-invoice' });
    expect(response.json().url).toMatch(new RegExp(`^/api/files/${file.id}\\?token=`));
    const content = await meta(null, response.json().url);
    expect(content.headers['content-type']).toBe('application/pdf');
  });

  it('follows the read rule of GET /api/files/{id}: participants of a referencing document yes, others 404', async () => {
    const file = await uploaded('employee', 'photo.pdf');
    const body = await purchaseBody(t.db, users);
    (body.purchase_goods[0] as Record<string, unknown>).purchase_goods_photo = [file.id];
    await filePurchase(t, await auth('employee'), body);
    expect((await meta('approver', `/api/files/${file.id}/meta`)).json().name).toBe('photo.pdf');
    const stranger = await meta('client', `/api/files/${file.id}/meta`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().code).toBe('NOT_FOUND');
    expect((await meta('employee', '/api/files/999999/meta')).statusCode).toBe(404);
  });

  it('needs the bearer header or a valid token', async () => {
    const file = await uploaded('employee', 'a.pdf');
    expect((await meta(null, `/api/files/${file.id}/meta`)).statusCode).toBe(401);
    const token = new URL(file.url, 'http://x').searchParams.get('token') ?? '';
    const withToken = await meta(null, `/api/files/${file.id}/meta?token=${encodeURIComponent(token)}`);
    expect(withToken.statusCode).toBe(200);
    expect(withToken.json().id).toBe(file.id);
    expect((await meta(null, `/api/files/${file.id}/meta?token=garbage`)).statusCode).toBe(401);
  });
});
