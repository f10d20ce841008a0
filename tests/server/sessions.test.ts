import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/demo/seed-data';
import { buildTestApp, type TestApp } from './helpers';

// Signed-in devices (issue #34 item 7) through the real routes on a fresh embedded database: each
// password sign-in is a session with its browser and address; the user lists and ends any of
// them, an admin ends a user's sessions, and a password reset or a deactivation ends them — the
// ended session's token is refused on its next request.
let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(async () => { await t?.close(); });

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** A password sign-in from a browser and address; returns its token. */
async function signIn(email: string, userAgent: string, ip: string): Promise<string> {
  const reply = await t.app.inject({ method: 'POST', url: '/api/login_check', payload: { username: email, password: DEMO_PASSWORD }, headers: { 'user-agent': userAgent }, remoteAddress: ip });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().token;
}
const call = (token: string, method: 'GET' | 'DELETE', url: string) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } });

describe('signed-in devices', () => {
  it('lists the user\'s sessions with browser, address and current mark, and ends one: its token is refused next', async () => {
    const laptop = await signIn('legal@example.com', FIREFOX, '203.0.113.7');
    const phone = await signIn('legal@example.com', IPHONE, '198.51.100.20');
    const list = await call(laptop, 'GET', '/api/sessions');
    expect(list.statusCode).toBe(200);
    const sessions = list.json()['hydra:member'];
    expect(sessions).toHaveLength(2);
    expect(sessions).toEqual(expect.arrayContaining([
      expect.objectContaining({ user_agent: FIREFOX, ip: '203.0.113.7', current: true }),
      expect.objectContaining({ user_agent: IPHONE, ip: '198.51.100.20', current: false }),
    ]));
    const phoneSession = sessions.find((s: { current: boolean }) => !s.current);
    // Someone else cannot end it (not theirs: 404), and it stays usable.
    const other = await signIn('finance@example.com', FIREFOX, '203.0.113.9');
    expect((await call(other, 'DELETE', `/api/sessions/${phoneSession.id}`)).statusCode).toBe(404);
    expect((await call(phone, 'GET', '/api/profile')).statusCode).toBe(200);
    expect((await call(laptop, 'DELETE', `/api/sessions/${phoneSession.id}`)).statusCode).toBe(204);
    expect((await call(phone, 'GET', '/api/profile')).statusCode).toBe(401);
    expect((await call(laptop, 'DELETE', `/api/sessions/${phoneSession.id}`)).statusCode).toBe(404);
    expect((await call(laptop, 'GET', '/api/sessions')).json()['hydra:totalItems']).toBe(1);
    // Ending this device's own session signs it out.
    const own = (await call(laptop, 'GET', '/api/sessions')).json()['hydra:member'][0];
    expect((await call(laptop, 'DELETE', `/api/sessions/${own.id}`)).statusCode).toBe(204);
    expect((await call(laptop, 'GET', '/api/profile')).statusCode).toBe(401);
    expect((await call(other, 'DELETE', '/api/sessions/not%20an%20id')).statusCode).toBe(400);
  });

  it('lets a group admin or the user\'s company authorizer end all of a user\'s sessions; others are refused', async () => {
    const client = await t.db.selectFrom('users').select('id').where('email', '=', 'client@example.com').executeTakeFirstOrThrow();
    const one = await signIn('client@example.com', FIREFOX, '203.0.113.30');
    const two = await signIn('client@example.com', IPHONE, '203.0.113.31');
    const colleague = await signIn('legal@example.com', FIREFOX, '203.0.113.32');
    // RH's legal user and AP's own non-authorizer are no admins of AP's user; nor is an AP authorizer of an RH user.
    expect((await call(colleague, 'DELETE', `/api/users/${client.id}/sessions`)).statusCode).toBe(403);
    expect((await call(await t.login('sam.patel@example.com'), 'DELETE', `/api/users/${client.id}/sessions`)).statusCode).toBe(403);
    const rhUser = await t.db.selectFrom('users').select('id').where('email', '=', 'legal@example.com').executeTakeFirstOrThrow();
    expect((await call(await signIn('ap.authorizer@example.com', FIREFOX, '203.0.113.37'), 'DELETE', `/api/users/${rhUser.id}/sessions`)).statusCode).toBe(403);
    expect((await call(one, 'GET', '/api/profile')).statusCode).toBe(200);
    const ended = await call(await signIn('ap.authorizer@example.com', FIREFOX, '203.0.113.34'), 'DELETE', `/api/users/${client.id}/sessions`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ ended: 2 });
    expect((await call(one, 'GET', '/api/profile')).statusCode).toBe(401);
    expect((await call(two, 'GET', '/api/profile')).statusCode).toBe(401);
    const rows = await t.db.selectFrom('user_sessions').select(['end_reason']).where('user_id', '=', client.id).execute();
    expect(rows.map((r) => r.end_reason)).toEqual(['admin', 'admin']);
    // A new sign-in works.
    expect((await call(await signIn('client@example.com', FIREFOX, '203.0.113.35'), 'GET', '/api/profile')).statusCode).toBe(200);
    expect((await call(await signIn('admin@example.com', FIREFOX, '203.0.113.36'), 'DELETE', '/api/users/999999/sessions')).statusCode).toBe(404);
  });

  it('a SCIM deactivation ends the sessions and the list says why', async () => {
    const user = await t.db.selectFrom('users').select(['id', 'company_id']).where('email', '=', 'treasury@example.com').executeTakeFirstOrThrow();
    const session = await signIn('treasury@example.com', IPHONE, '203.0.113.40');
    const admin = await signIn('admin@example.com', FIREFOX, '203.0.113.41');
    const made = await t.app.inject({ method: 'POST', url: '/api/scim_tokens', payload: { company_id: user.company_id, name: 'Entra ID' }, headers: { authorization: `Bearer ${admin}` } });
    const patch = await t.app.inject({
      method: 'PATCH', url: `/scim/v2/Users/${user.id}`, headers: { authorization: `Bearer ${made.json().token}`, 'content-type': 'application/scim+json' },
      payload: JSON.stringify({ schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'replace', value: { active: false } }] }),
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect((await call(session, 'GET', '/api/profile')).statusCode).toBe(401);
    expect((await t.db.selectFrom('user_sessions').select('end_reason').where('user_id', '=', user.id).execute()).map((r) => r.end_reason)).toEqual(['deactivated']);
  });
});
