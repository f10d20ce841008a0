import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/demo/seed-data';
import { recordAccess } from '../../server/auth/access-log';
import { buildTestApp, type TestApp } from './helpers';

// The access log's recording function (issue #34 item 8) and the password sign-in that uses it:
// every outcome of POST /login_check is one entry with method, success or reason, the user, their
// company, the address, the browser and the time.
let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(async () => { await t?.close(); });

const AGENT = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const signIn = (username: string, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/login_check', payload: { username, password }, headers: { 'user-agent': AGENT }, remoteAddress: ip });
const lastEntry = (ip: string) =>
  t.db.selectFrom('access_log').selectAll().where('ip', '=', ip).orderBy('id', 'desc').executeTakeFirst();
const userOf = (email: string) => t.db.selectFrom('users').select(['id', 'company_id']).where('email', '=', email).executeTakeFirstOrThrow();

describe('recordAccess', () => {
  it('records an entry with defaults: success, company taken from the user, the time now, cut long texts', async () => {
    const user = await userOf('finance@example.com');
    const before = Date.now();
    await recordAccess(t.db, { event: 'file.download', userId: user.id, ip: '192.0.2.1', userAgent: 'x'.repeat(400), detail: { file_id: 7 } });
    const row = await lastEntry('192.0.2.1');
    expect(row).toMatchObject({ event: 'file.download', user_id: user.id, company_id: user.company_id, success: true, method: null, reason: null, detail: { file_id: 7 } });
    expect(row!.user_agent).toHaveLength(300);
    expect(new Date(row!.at).getTime()).toBeGreaterThanOrEqual(before - 5_000);
  });

  it('keeps an explicit company (also null), time, method, idp and reason', async () => {
    const at = new Date('2026-01-02T03:04:05Z');
    await recordAccess(t.db, { event: 'sign_in', userId: null, companyId: null, method: 'saml', idp: 'https://idp.example/', success: false, reason: 'replayed_assertion', ip: '192.0.2.2', userAgent: null, at });
    expect(await lastEntry('192.0.2.2')).toMatchObject({ event: 'sign_in', user_id: null, company_id: null, method: 'saml', idp: 'https://idp.example/', success: false, reason: 'replayed_assertion', at });
  });

  it('refuses an unknown method at the database (the column is checked)', async () => {
    await expect(recordAccess(t.db, { event: 'sign_in', method: 'carrier-pigeon' as never, ip: '192.0.2.3' })).rejects.toThrow();
  });
});

describe('password sign-in is logged', () => {
  it('a success: user, company, method password, address and browser', async () => {
    const user = await userOf('legal@example.com');
    expect((await signIn('legal@example.com', DEMO_PASSWORD, '203.0.113.41')).statusCode).toBe(200);
    expect(await lastEntry('203.0.113.41')).toMatchObject({
      event: 'sign_in', method: 'password', success: true, reason: null, user_id: user.id, company_id: user.company_id, user_agent: AGENT,
    });
  });

  it('a wrong password: invalid_password for that user, with the attempt count', async () => {
    const user = await userOf('treasury@example.com');
    expect((await signIn('treasury@example.com', 'wrong-password', '203.0.113.42')).statusCode).toBe(401);
    expect(await lastEntry('203.0.113.42')).toMatchObject({
      event: 'sign_in', method: 'password', success: false, reason: 'invalid_password', user_id: user.id, company_id: user.company_id,
      detail: { email: 'treasury@example.com', failed_attempt: 1, locked: false },
    });
  });

  it('an unknown e-mail: unknown_user with no user or company, the tried address kept', async () => {
    expect((await signIn('Nobody@Example.com', 'whatever', '203.0.113.43')).statusCode).toBe(401);
    expect(await lastEntry('203.0.113.43')).toMatchObject({ success: false, reason: 'unknown_user', user_id: null, company_id: null, detail: { email: 'nobody@example.com' } });
  });

  it('a disabled account: disabled, naming the user', async () => {
    const user = await userOf('client@example.com');
    await t.db.updateTable('users').set({ disabled: true }).where('id', '=', user.id).execute();
    try {
      expect((await signIn('client@example.com', DEMO_PASSWORD, '203.0.113.44')).statusCode).toBe(401);
      expect(await lastEntry('203.0.113.44')).toMatchObject({ success: false, reason: 'disabled', user_id: user.id, company_id: user.company_id });
    } finally {
      await t.db.updateTable('users').set({ disabled: false }).where('id', '=', user.id).execute();
    }
  });

  it('a locked account, even with the right password: locked', async () => {
    const user = await userOf('sam.patel@example.com');
    await t.db.updateTable('users').set({ failed_attempts: 5, locked_at: new Date() }).where('id', '=', user.id).execute();
    const reply = await signIn('sam.patel@example.com', DEMO_PASSWORD, '203.0.113.45');
    expect(reply.json().code).toBe('ACCOUNT_LOCKED');
    expect(await lastEntry('203.0.113.45')).toMatchObject({ success: false, reason: 'locked', user_id: user.id });
  });
});
