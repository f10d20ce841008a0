import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentStatus } from '../../src/engine';
import { buildTestApp, type TestApp } from './helpers';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = await t.login('employee@example.com');
});
afterAll(async () => t?.close());

const get = (query: string, auth = true) => t.app.inject({
  method: 'GET', url: `/api/stamp_statistics/next_code${query}`,
  headers: { 'accept-language': 'en', ...(auth ? { authorization: `Bearer ${token}` } : {}) },
});

/** Modules with and without stamp numbers, from the definitions (`ui:module.needsStampNo`), never listed here. */
const stamped = () => Object.values(t.app.definitions.modules).filter((m) => m.kind === 'module' && m.meta.needsStampNo).map((m) => m.code);
const unstamped = () => Object.values(t.app.definitions.modules).filter((m) => m.kind === 'module' && !m.meta.needsStampNo).map((m) => m.code);

describe('GET /api/stamp_statistics/next_code', () => {
  it('previews the same stamp number as /api/buffer/next_code for modules that need one', async () => {
    const year = new Date().getUTCFullYear();
    expect(stamped().length).toBeGreaterThan(0);
    for (const code of stamped()) {
      const reply = await get(`?module_code=${code}`);
      expect(reply.statusCode).toBe(200);
      const { stamp_no } = reply.json() as { stamp_no: string };
      expect(stamp_no).toMatch(new RegExp(`^[A-Z][A-Z0-9]{1,7}${year}-\\d{4}$`));
      const buffer = await t.app.inject({ method: 'GET', url: `/api/buffer/next_code?module_code=${code}`, headers: { authorization: `Bearer ${token}` } });
      expect(buffer.json().stamp_no).toBe(stamp_no);
    }
  });

  it('follows the stamp numbers already filed', async () => {
    const [code] = stamped();
    const first = (await get(`?module_code=${code}`)).json().stamp_no as string;
    const prefix = first.slice(0, -4);
    const user = await t.db.selectFrom('users').select('id').where('email', '=', 'employee@example.com').executeTakeFirstOrThrow();
    await t.db.insertInto('buffers').values({
      code: `TEST-${Date.now()}`, module_code: code, status: DocumentStatus.ON_PROCESS, requester_id: user.id, data: '{}',
      definition_version: '0000000000000000', stamp_no: `${prefix}0041`,
    } as never).execute();
    expect((await get(`?module_code=${code}`)).json().stamp_no).toBe(`${prefix}0042`);
  });

  it('answers 400 for a module without stamp numbers and 404 for an unknown one', async () => {
    const [plain] = unstamped();
    const reply = await get(`?module_code=${plain}`);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().code).toBe('BAD_REQUEST');
    expect((await get('?module_code=no-such-module')).statusCode).toBe(404);
    expect((await get('')).statusCode).toBe(400);
  });

  it('needs a signed-in user', async () => {
    expect((await get(`?module_code=${stamped()[0]}`, false)).statusCode).toBe(401);
  });
});
