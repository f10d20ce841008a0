import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serverTranslate } from '../../server/lib/i18n';
import { buildTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(async () => { await t?.close(); });

const en = { 'accept-language': 'en' };
const forget = (email: unknown) => t.app.inject({ method: 'POST', url: '/api/forget_password', headers: en, payload: { email } });
const reset = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/reset_password', headers: en, payload: { token, password } });
const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login_check', payload: { username, password } });

/** Requests a reset mail, delivers the outbox and returns the token from the .eml file's link. */
async function mailedToken(email: string): Promise<string> {
  expect((await forget(email)).statusCode).toBe(200);
  await t.app.mailer.dispatch();
  const dir = join(t.config.dataDir, 'outbox');
  const files = readdirSync(dir).sort();
  const mail = readFileSync(join(dir, files[files.length - 1]), 'utf8');
  expect(mail).toContain(`To: ${email}`);
  // The body is quoted-printable: join soft line breaks and decode =XX escapes.
  const text = mail.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const match = /http:\/\/ringi\.test\/reset-password\?token=([\w-]+)/.exec(text);
  expect(match).not.toBeNull();
  return match![1];
}

describe('POST /api/forget_password', () => {
  test('answers the same 200 message for known and unknown addresses, mailing only the known one', async () => {
    const known = await forget('employee@example.com');
    const unknown = await forget('nobody@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    const queued = await t.db.selectFrom('mail_outbox').select('to_address').execute();
    expect(queued.map((m) => m.to_address)).toEqual(['employee@example.com']);
  });

  test('an invalid address answers 400 "invalid email address"', async () => {
    for (const email of ['not-an-email', '', 'a@b']) {
      const response = await forget(email);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'invalid email address', code: 'BAD_REQUEST' });
    }
    expect((await forget(42)).statusCode).toBe(400);
  });

  test('the mail is written to the outbox folder, marked sent, and links to the reset page', async () => {
    const token = await mailedToken('approver@example.com');
    expect(token.length).toBeGreaterThan(30);
    const mails = await t.db.selectFrom('mail_outbox').select(['status', 'attempts', 'subject']).where('to_address', '=', 'approver@example.com').execute();
    expect(mails).toEqual([{ status: 'sent', attempts: 1, subject: 'Reset your Ringi password' }]);
    // Only a digest of the token is stored.
    const stored = await t.db.selectFrom('password_reset_tokens').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(token);
  });
});

describe('POST /api/reset_password', () => {
  test('sets the new password, unlocks the account, and the token works only once', async () => {
    for (let i = 0; i < 5; i += 1) await login('treasury@example.com', 'wrong');
    expect((await login('treasury@example.com', 'ringi-demo')).json().code).toBe('ACCOUNT_LOCKED');
    const token = await mailedToken('treasury@example.com');
    const done = await reset(token, 'a-new-password');
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toMatch(/changed/);
    expect((await login('treasury@example.com', 'ringi-demo')).json()).toMatchObject({ code: 'INVALID_CREDENTIALS', data: { locked: false, failed_attempt: 1 } });
    expect((await login('treasury@example.com', 'a-new-password')).statusCode).toBe(200);
    const again = await reset(token, 'another-password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/invalid, already used or expired/) });
    expect((await login('treasury@example.com', 'another-password')).statusCode).toBe(401);
  });

  test('a session token issued before the reset stops working', async () => {
    const session = await t.login('authorizer@example.com');
    const token = await mailedToken('authorizer@example.com');
    expect((await reset(token, 'authorizer-new-pw')).statusCode).toBe(200);
    const profile = await t.app.inject({ url: '/api/profile', headers: { authorization: `Bearer ${session}` } });
    expect(profile.statusCode).toBe(401);
  });

  test('an expired token is refused and the password stays', async () => {
    const token = await mailedToken('finance@example.com');
    await t.db.updateTable('password_reset_tokens').set({ expires_at: new Date(Date.now() - 1000) }).execute();
    expect((await reset(token, 'finance-new-pw')).statusCode).toBe(400);
    expect((await login('finance@example.com', 'ringi-demo')).statusCode).toBe(200);
  });

  test('a new request replaces the older link', async () => {
    const first = await mailedToken('client@example.com');
    const second = await mailedToken('client@example.com');
    expect((await reset(first, 'client-new-pw')).statusCode).toBe(400);
    expect((await reset(second, 'client-new-pw')).statusCode).toBe(200);
  });

  test('a short password or an unknown token is refused with a clear message', async () => {
    const token = await mailedToken('admin@example.com');
    const short = await reset(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('The password must be at least 8 characters long');
    expect((await reset('made-up-token', 'long-enough-pw')).statusCode).toBe(400);
    // The refused attempts did not burn the real token.
    expect((await reset(token, 'long-enough-pw')).statusCode).toBe(200);
  });
});

describe('the failure that locks an account mails a reset link (the lock dialog says to look for it)', () => {
  const mailsTo = (email: string) => t.db.selectFrom('mail_outbox').select(['subject', 'text', 'status']).where('to_address', '=', email).orderBy('id').execute();

  test.each([
    ['en', 'legal@example.com', 'zh'],
    ['ja', 'approver2@example.com', 'en'],
    ['zh', 'rt.authorizer@example.com', 'ja'],
  ] as const)('in the account\'s language (%s), whatever language the guesses came in; the link unlocks', async (lang, email, other) => {
    await t.db.updateTable('users').set({ language: lang }).where('email', '=', email).execute();
    const guess = (password: string) => t.app.inject({ method: 'POST', url: '/api/login_check', headers: { 'accept-language': other }, payload: { username: email, password } });
    for (let i = 1; i < 5; i += 1) expect((await guess('wrong')).json().code).toBe('INVALID_CREDENTIALS');
    expect(await mailsTo(email)).toEqual([]);
    expect((await guess('wrong')).json()).toMatchObject({ code: 'ACCOUNT_LOCKED', data: { locked: true } });
    // Locked attempts after that mail nothing more.
    expect((await guess('ringi-demo')).json().code).toBe('ACCOUNT_LOCKED');
    await t.app.mailer.dispatch();
    const mails = await mailsTo(email);
    const tr = serverTranslate(lang);
    expect(mails.map((m) => [m.subject, m.status])).toEqual([[tr('server.mail.lockedSubject'), 'sent']]);
    const name = (await t.db.selectFrom('users').select('name').where('email', '=', email).executeTakeFirstOrThrow()).name;
    const [greeting] = tr('server.mail.lockedText', { name, attempts: 5, link: '§' }).split('§');
    expect(mails[0].text.startsWith(greeting)).toBe(true);
    const token = /\/reset-password\?token=([\w-]+)/.exec(mails[0].text)![1];
    expect((await reset(token, 'unlocked-by-mail')).statusCode).toBe(200);
    expect((await login(email, 'unlocked-by-mail')).statusCode).toBe(200);
  });

  test('an address with no account locks like one but no mail is queued', async () => {
    for (let i = 0; i < 5; i += 1) await login('nobody-here@example.com', 'wrong');
    expect((await login('nobody-here@example.com', 'wrong')).json().code).toBe('ACCOUNT_LOCKED');
    expect(await mailsTo('nobody-here@example.com')).toEqual([]);
  });
});
