import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../server/app';
import { readDefinitionSet } from '../../server/definitions/definition-store';
import { attachmentKinds } from '../../server/files/attachment-kinds';
import { buildTestApp, freshDatabase, type TestApp } from './helpers';
import { multipart, samples } from './files-fixtures';

/** Issue #9 item 12: a signed file link dies with a password reset, and its token never reaches the log. */
let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(async () => { await t?.close(); });

async function upload(app: TestApp['app'], token: string) {
  const sample = samples.find((s) => s.type === 'image')!;
  // Any attachment kind the definitions declare that takes this image type.
  const kinds = attachmentKinds((await readDefinitionSet(undefined, { check: false })).modules);
  const ext = sample.name.split('.').pop()!;
  const form = multipart({ document_type: [...kinds].find(([, kind]) => kind.accept.includes(ext))![0] }, [['file', sample.name, sample.bytes]]);
  const response = await app.inject({ method: 'POST', url: '/api/files', headers: { authorization: `Bearer ${token}`, ...form.headers }, payload: form.payload });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; url: string };
}

/** Resets a password through the real mailed link. */
async function resetPassword(email: string, password: string) {
  expect((await t.app.inject({ method: 'POST', url: '/api/forget_password', headers: { 'accept-language': 'en' }, payload: { email } })).statusCode).toBe(200);
  await t.app.mailer.dispatch();
  const dir = join(t.config.dataDir, 'outbox');
  const mail = readFileSync(join(dir, readdirSync(dir).sort().at(-1)!), 'utf8').replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const token = /reset-password\?token=([\w-]+)/.exec(mail)![1];
  expect((await t.app.inject({ method: 'POST', url: '/api/reset_password', payload: { token, password } })).statusCode).toBe(200);
}

describe('signed file links', () => {
  test('a link handed out before a password reset stops working; one issued after works', async () => {
    const file = await upload(t.app, await t.login('employee@example.com'));
    expect((await t.app.inject({ url: file.url })).statusCode).toBe(200);
    await resetPassword('employee@example.com', 'a-new-password-1');
    const old = await t.app.inject({ url: file.url, headers: { 'accept-language': 'en' } });
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toBeTruthy();
    const token = await t.login('employee@example.com', 'a-new-password-1');
    const fresh = (await t.app.inject({ url: `/api/files/${file.id}/meta`, headers: { authorization: `Bearer ${token}` } })).json();
    expect((await t.app.inject({ url: fresh.url })).statusCode).toBe(200);
  });

  test('the token of a signed link is never written to the log', async () => {
    const lines: string[] = [];
    const handle = await freshDatabase();
    const app = await buildApp({ config: { ...t.config, logLevel: 'trace' }, db: handle.db, logStream: { write: (line) => { lines.push(line); } } });
    try {
      await app.ready();
      const bearer = (await app.inject({ method: 'POST', url: '/api/login_check', payload: { username: 'approver@example.com', password: 'ringi-demo' } })).json().token;
      const file = await upload(app, bearer);
      const token = new URL(file.url, 'http://x').searchParams.get('token')!;
      expect((await app.inject({ url: file.url })).statusCode).toBe(200);
      expect((await app.inject({ url: `/api/files/${file.id}/meta?token=${token}` })).statusCode).toBe(200);
      expect((await app.inject({ url: `/api/files/${file.id}?token=${token}x` })).statusCode).toBe(401);
      const log = lines.join('');
      expect(log).toContain(`/api/files/${file.id}?token=[redacted]`);
      expect(log).not.toContain(token);
      const leaks = lines.filter((line) => line.includes(bearer));
      expect(leaks).toEqual([]);
    } finally {
      await app.close();
      await handle.close();
    }
  });
});
