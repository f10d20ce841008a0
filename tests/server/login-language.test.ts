import { describe, expect, it } from 'vitest';
import type { TestApp } from './helpers';
import { workflowSuite, type Users } from './workflow-fixtures';

/**
 * Signing in answers the user's stored language (`users.language`) and never overwrites it: the
 * stored choice wins, so the app switches to the language the user's mails are written in
 * (issue #31 item 16). A user with none stored keeps the language of their first sign-in.
 */
let t: TestApp;
let users: Users;
workflowSuite((suite) => ({ t, users } = suite));

const signIn = (email: string, lang: string) => t.app.inject({
  method: 'POST', url: '/api/login_check', payload: { username: email, password: 'ringi-demo' }, headers: { 'accept-language': lang },
});
const storedLanguage = async (id: number) => (await t.db.selectFrom('users').select('language').where('id', '=', id).executeTakeFirstOrThrow()).language;

describe('the language at sign-in', () => {
  it('answers the stored choice and keeps it, whatever language the sign-in screen showed', async () => {
    await t.db.updateTable('users').set({ language: 'zh' }).where('id', '=', users.approver2.id).execute();
    const reply = await signIn(users.approver2.email, 'en');
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({ token: expect.any(String), language: 'zh' });
    expect(await storedLanguage(users.approver2.id)).toBe('zh');
    // The e-mail is matched whatever its case, as the login itself does.
    expect((await signIn(users.approver2.email.toUpperCase(), 'ja')).json().language).toBe('zh');
  });

  it('stores and answers the language of the first sign-in when none is stored', async () => {
    await t.db.updateTable('users').set({ language: null }).where('id', '=', users.finance.id).execute();
    const reply = await signIn(users.finance.email, 'en');
    expect(reply.json()).toMatchObject({ language: 'en' });
    expect(await storedLanguage(users.finance.id)).toBe('en');
    expect((await signIn(users.finance.email, 'ja')).json()).toMatchObject({ language: 'en' });
  });

  it('a picked language is what the next sign-in answers', async () => {
    const token = (await signIn(users.authorizer.email, 'en')).json().token as string;
    const put = await t.app.inject({ method: 'PUT', url: '/api/profile/language', payload: { language: 'ja' }, headers: { authorization: `Bearer ${token}` } });
    expect(put.statusCode).toBe(200);
    expect((await signIn(users.authorizer.email, 'zh')).json()).toMatchObject({ language: 'ja' });
  });
});
