import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(async () => { await t?.close(); });

const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login_check', headers: { 'accept-language': 'en' }, payload: { username, password } });
const profile = (token: string) =>
  t.app.inject({ url: '/api/profile', headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } });

describe('POST /api/login_check', () => {
  test('the right password returns a token that opens the profile', async () => {
    const response = await login('employee@example.com', 'ringi-demo');
    expect(response.statusCode).toBe(200);
    const { token } = response.json();
    expect(token.split('.')).toHaveLength(3);
    expect((await profile(token)).json().email).toBe('employee@example.com');
  });

  test('the e-mail is matched without regard to case', async () => {
    expect((await login('Employee@Example.com', 'ringi-demo')).statusCode).toBe(200);
  });

  test('a wrong password answers 401 INVALID_CREDENTIALS with the failed attempt count', async () => {
    const first = await login('approver@example.com', 'wrong');
    expect(first.statusCode).toBe(401);
    expect(first.json()).toEqual({
      message: 'Invalid email or password', code: 'INVALID_CREDENTIALS', data: { locked: false, failed_attempt: 1 },
    });
    expect((await login('approver@example.com', 'wrong')).json().data).toEqual({ locked: false, failed_attempt: 2 });
  });

  test('a successful login resets the failed count', async () => {
    await login('approver2@example.com', 'wrong');
    await login('approver2@example.com', 'wrong');
    expect((await login('approver2@example.com', 'ringi-demo')).statusCode).toBe(200);
    expect((await login('approver2@example.com', 'wrong')).json().data).toEqual({ locked: false, failed_attempt: 1 });
  });

  test('the fifth failure locks the account, and the right password then still fails', async () => {
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await login('legal@example.com', 'wrong')).json().code).toBe('INVALID_CREDENTIALS');
    }
    const fifth = await login('legal@example.com', 'wrong');
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json()).toMatchObject({ code: 'ACCOUNT_LOCKED', data: { locked: true, failed_attempt: 5 } });
    expect(fifth.json().message).toMatch(/locked/i);
    const right = await login('legal@example.com', 'ringi-demo');
    expect(right.statusCode).toBe(401);
    expect(right.json()).toMatchObject({ code: 'ACCOUNT_LOCKED', data: { locked: true } });
  });

  test('an unknown e-mail gets the same answer as a wrong password', async () => {
    const response = await login('nobody@example.com', 'ringi-demo');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', data: { locked: false } });
  });

  test('a disabled user cannot log in', async () => {
    await t.db.updateTable('users').set({ disabled: true }).where('email', '=', 'client@example.com').execute();
    const response = await login('client@example.com', 'ringi-demo');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('INVALID_CREDENTIALS');
    await t.db.updateTable('users').set({ disabled: false }).where('email', '=', 'client@example.com').execute();
  });

  test('missing fields and wrong types answer 400 naming the field', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/login_check', payload: { username: 'employee@example.com' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect(missing.json().message).toContain('password');
    const wrongType = await t.app.inject({ method: 'POST', url: '/api/login_check', payload: { username: ['a'], password: 'x' } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toContain('username');
  });

  test('messages follow Accept-Language (default ja)', async () => {
    const ja = await t.app.inject({ method: 'POST', url: '/api/login_check', payload: { username: 'nobody@example.com', password: 'x' } });
    expect(ja.json().message).toBe('メールアドレスまたはパスワードが正しくありません');
    const zh = await t.app.inject({
      method: 'POST', url: '/api/login_check', headers: { 'accept-language': 'zh-CN,zh;q=0.9' }, payload: { username: 'nobody@example.com', password: 'x' },
    });
    expect(zh.json().message).toBe('邮箱或密码错误');
  });
});

describe('bearer tokens', () => {
  const invalid = { message: 'JWT not valid, please relogin', code: 'UNAUTHORIZED' };
  const secret = () => new TextEncoder().encode(t.config.jwtSecret);
  const employeeId = async () => (await t.db.selectFrom('users').select('id').where('email', '=', 'employee@example.com').executeTakeFirstOrThrow()).id;
  /** The claims of a real employee token, so forged tokens differ from valid ones in one point only. */
  const realClaims = async () => JSON.parse(Buffer.from((await t.login('employee@example.com', 'ringi-demo')).split('.')[1], 'base64url').toString());

  test('a token made like the server does (control for the forgeries below) is accepted', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ pv: (await realClaims()).pv }).setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(await employeeId())).setIssuedAt(now).setExpirationTime(now + 3600).sign(secret());
    expect((await profile(token)).statusCode).toBe(200);
  });

  test('no token, a garbage token or another scheme answer 401', async () => {
    for (const authorization of [undefined, 'Bearer nonsense', 'Basic ZW1wbG95ZWU6cmluZ2k=']) {
      const response = await t.app.inject({ url: '/api/profile', headers: { 'accept-language': 'en', ...(authorization ? { authorization } : {}) } });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(invalid);
    }
  });

  test('a token with a changed payload is refused', async () => {
    const [header, , signature] = (await t.login('employee@example.com', 'ringi-demo')).split('.');
    const claims = await realClaims();
    const payload = Buffer.from(JSON.stringify({ ...claims, sub: '8' })).toString('base64url');
    const response = await profile(`${header}.${payload}.${signature}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(invalid);
  });

  test('an expired token is refused', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ pv: (await realClaims()).pv }).setProtectedHeader({ alg: 'HS256' }).setSubject(String(await employeeId()))
      .setIssuedAt(now - 13 * 3600).setExpirationTime(now - 3600).sign(secret());
    expect((await profile(token)).statusCode).toBe(401);
  });

  test('an unsigned (alg none) token is refused', async () => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const token = `${part({ alg: 'none', typ: 'JWT' })}.${part({ ...(await realClaims()), iat: now, exp: now + 3600 })}.`;
    expect((await profile(token)).statusCode).toBe(401);
  });

  test('a token signed with another secret or algorithm is refused', async () => {
    const now = Math.floor(Date.now() / 1000);
    const other = await new SignJWT({ pv: (await realClaims()).pv }).setProtectedHeader({ alg: 'HS256' }).setSubject(String(await employeeId()))
      .setIssuedAt(now).setExpirationTime(now + 3600).sign(new TextEncoder().encode('another-secret-0123456789'));
    expect((await profile(other)).statusCode).toBe(401);
    const hs512 = await new SignJWT({ pv: (await realClaims()).pv }).setProtectedHeader({ alg: 'HS512' }).setSubject(String(await employeeId()))
      .setIssuedAt(now).setExpirationTime(now + 3600).sign(new TextEncoder().encode(t.config.jwtSecret.repeat(4)));
    expect((await profile(hs512)).statusCode).toBe(401);
  });

  test('tokens expire 12 hours after login', async () => {
    const token = await t.login('employee@example.com', 'ringi-demo');
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(12 * 3600);
    expect(claims.sub).toBe(String(await employeeId()));
  });

  test('the token of a user disabled after login stops working', async () => {
    const token = await t.login('finance@example.com');
    expect((await profile(token)).statusCode).toBe(200);
    await t.db.updateTable('users').set({ disabled: true }).where('email', '=', 'finance@example.com').execute();
    expect((await profile(token)).json()).toEqual(invalid);
    await t.db.updateTable('users').set({ disabled: false }).where('email', '=', 'finance@example.com').execute();
  });
});
