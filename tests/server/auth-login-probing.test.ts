import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LOCK_THRESHOLD } from '../../server/auth/login';
import { loadConfig } from '../../server/config';
import { buildTestApp, type TestApp } from './helpers';

/** Issue #9 item 7: login answers do not tell which accounts exist; locks expire (LOGIN_LOCK_MINUTES). */
let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(async () => { await t?.close(); });

const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login_check', headers: { 'accept-language': 'en' }, payload: { username, password } });
/** Moves a lock (of a user or of an unknown address) `minutes` into the past. */
async function ageLock(email: string, minutes: number) {
  const at = sql<Date>`now() - make_interval(mins => ${minutes})`;
  await t.db.updateTable('users').set({ locked_at: at }).where('email', '=', email).where('locked_at', 'is not', null).execute();
  await t.db.updateTable('login_attempts').set({ locked_at: at }).where('email', '=', email).where('locked_at', 'is not', null).execute();
}

// Each case runs several scrypt checks (~0.3 s each, far more on a loaded machine).
describe('account probing', { timeout: 180_000 }, () => {
  test('an unknown e-mail counts 1…5 and locks exactly like an existing account', async () => {
    const answers = async (email: string) => {
      const out = [];
      for (let i = 0; i < LOCK_THRESHOLD + 1; i += 1) {
        const response = await login(email, 'wrong-password');
        out.push({ status: response.statusCode, body: response.json() });
      }
      return out;
    };
    const real = await answers('approver@example.com');
    const unknown = await answers('nobody-here@example.com');
    expect(unknown).toEqual(real);
    expect(real.map((a) => a.body.data.failed_attempt)).toEqual([1, 2, 3, 4, 5, 5]);
    expect(real.at(-1)!.body.code).toBe('ACCOUNT_LOCKED');
  }, 180_000); // twelve scrypt checks; slow only on a loaded machine

  test('the unknown address is counted per e-mail in the database, whatever its spelling', async () => {
    await login(' Someone.Else@Example.com ', 'x');
    await login('someone.else@example.com', 'x');
    const row = await t.db.selectFrom('login_attempts').selectAll().where('email', '=', 'someone.else@example.com').executeTakeFirst();
    expect(row?.failed_attempts).toBe(2);
  });

  test('a disabled account answers like an unknown one', async () => {
    await t.db.updateTable('users').set({ disabled: true }).where('email', '=', 'client@example.com').execute();
    const disabled = await login('client@example.com', 'ringi-demo');
    const unknown = await login('never-seen@example.com', 'ringi-demo');
    expect(disabled.json()).toEqual(unknown.json());
    await t.db.updateTable('users').set({ disabled: false }).where('email', '=', 'client@example.com').execute();
  });
});

describe('lock expiry', { timeout: 180_000 }, () => {
  const lockOut = async (email: string) => {
    for (let i = 0; i < LOCK_THRESHOLD; i += 1) await login(email, 'wrong');
  };

  test('a lock younger than 15 minutes (default) holds even with the right password', async () => {
    await lockOut('legal@example.com');
    await ageLock('legal@example.com', 14);
    expect((await login('legal@example.com', 'ringi-demo')).json().code).toBe('ACCOUNT_LOCKED');
  });

  test('after 15 minutes the lock lifts: the right password works and the count starts again', async () => {
    await lockOut('authorizer@example.com');
    await ageLock('authorizer@example.com', 16);
    const response = await login('authorizer@example.com', 'ringi-demo');
    expect(response.statusCode).toBe(200);
    expect((await login('authorizer@example.com', 'wrong')).json().data).toEqual({ locked: false, failed_attempt: 1 });
  });

  test('an expired lock of an unknown address restarts its count too', async () => {
    await lockOut('ghost@example.com');
    expect((await login('ghost@example.com', 'x')).json().code).toBe('ACCOUNT_LOCKED');
    await ageLock('ghost@example.com', 16);
    expect((await login('ghost@example.com', 'x')).json().data).toEqual({ locked: false, failed_attempt: 1 });
  });

  test('LOGIN_LOCK_MINUTES sets the lock time', async () => {
    const short = await buildTestApp({ loginLockMinutes: 2 });
    try {
      const send = (password: string) => short.app.inject({ method: 'POST', url: '/api/login_check', payload: { username: 'treasury@example.com', password } });
      for (let i = 0; i < LOCK_THRESHOLD; i += 1) await send('wrong');
      await short.db.updateTable('users').set({ locked_at: sql<Date>`now() - interval '3 minutes'` }).where('email', '=', 'treasury@example.com').execute();
      expect((await send('ringi-demo')).statusCode).toBe(200);
    } finally {
      await short.close();
    }
    expect(loadConfig({ LOGIN_LOCK_MINUTES: '30', JWT_SECRET: 'x'.repeat(32) }).loginLockMinutes).toBe(30);
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32) }).loginLockMinutes).toBe(15);
    expect(() => loadConfig({ LOGIN_LOCK_MINUTES: '0', JWT_SECRET: 'x'.repeat(32) })).toThrow(/LOGIN_LOCK_MINUTES/);
  }, 180_000); // a second app and six scrypt checks; slow only on a loaded machine
});
