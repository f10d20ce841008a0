import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDefinitionSet } from '../../server/definitions/definition-store';
import { attachmentKinds } from '../../server/files/attachment-kinds';
import { buildTestApp, type TestApp } from './helpers';
import { multipart, pdfBytes } from './files-fixtures';

let t: TestApp;
let pdfKind: string;
beforeAll(async () => {
  t = await buildTestApp();
  pdfKind = [...attachmentKinds((await readDefinitionSet(undefined, { check: false })).modules)].find(([, kind]) => kind.accept.includes('pdf'))![0];
});
afterAll(async () => { await t?.close(); });

const en = { 'accept-language': 'en' };
const profile = (token: string) => t.app.inject({ url: '/api/profile', headers: { ...en, authorization: `Bearer ${token}` } });
const setUser = (email: string, values: { disabled?: boolean; locked_at?: Date | null }) =>
  t.db.updateTable('users').set(values).where('email', '=', email).execute();

/** Uploads a PDF as the token's user and returns the signed `url` of its File record. */
async function signedLink(token: string): Promise<string> {
  const body = multipart({ document_type: pdfKind }, [['file', 'kept.pdf', pdfBytes()]]);
  const response = await t.app.inject({ method: 'POST', url: '/api/files', payload: body.payload, headers: { ...body.headers, ...en, authorization: `Bearer ${token}` } });
  expect(response.statusCode).toBe(201);
  return response.json().url;
}

/** Requests a reset mail for `email`, delivers the outbox and returns the token in its link. */
async function mailedResetToken(email: string): Promise<string> {
  expect((await t.app.inject({ method: 'POST', url: '/api/forget_password', headers: en, payload: { email } })).statusCode).toBe(200);
  await t.app.mailer.dispatch();
  const dir = join(t.config.dataDir, 'outbox');
  const mail = readFileSync(join(dir, readdirSync(dir).sort().at(-1)!), 'utf8').replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  expect(mail).toContain(`To: ${email}`);
  return /reset-password\?token=([\w-]+)/.exec(mail)![1];
}

/** Issue #19 item 7: every credential of an account stops working on the next request once the account ends. */
describe('sessions end with the account', () => {
  it('a disabled user\'s bearer token, signed file link and mailed reset link stop working at once (401 / 400)', async () => {
    const email = 'legal@example.com';
    const token = await t.login(email);
    const link = await signedLink(token);
    const resetToken = await mailedResetToken(email);
    expect((await profile(token)).statusCode).toBe(200);
    expect((await t.app.inject({ url: link })).statusCode).toBe(200);

    await setUser(email, { disabled: true });
    expect((await profile(token)).statusCode).toBe(401);
    expect((await profile(token)).json()).toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await t.app.inject({ url: link, headers: en })).statusCode).toBe(401);
    const reset = await t.app.inject({ method: 'POST', url: '/api/reset_password', headers: en, payload: { token: resetToken, password: 'a-fresh-password' } });
    expect(reset.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/login_check', headers: en, payload: { username: email, password: 'a-fresh-password' } })).statusCode).toBe(401);
    await setUser(email, { disabled: false });
  });

  it('a deleted user\'s token stops working (401)', async () => {
    const template = await t.db.selectFrom('users').selectAll().where('email', '=', 'employee@example.com').executeTakeFirstOrThrow();
    const { id: _id, ...columns } = template;
    const created = await t.db.insertInto('users').values({ ...columns, email: 'short-lived@example.com', name: 'Short Lived' } as never)
      .returning('id').executeTakeFirstOrThrow();
    const token = await t.login('short-lived@example.com');
    expect((await profile(token)).statusCode).toBe(200);
    await t.db.deleteFrom('user_settings').where('user_id', '=', created.id).execute();
    await t.db.deleteFrom('users').where('id', '=', created.id).execute();
    expect((await profile(token)).statusCode).toBe(401);
  });

  it('a locked user\'s token stops working until the lock is lifted', async () => {
    const token = await t.login('treasury@example.com');
    await setUser('treasury@example.com', { locked_at: new Date() });
    expect((await profile(token)).statusCode).toBe(401);
    await setUser('treasury@example.com', { locked_at: null });
    expect((await profile(token)).statusCode).toBe(200);
  });
});
