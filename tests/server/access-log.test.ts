import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/demo/seed-data';
import { recordAccess } from '../../server/auth/access-log';
import { decodeShiftJis } from '../../server/records/shift-jis';
import { ACCESS_EVENTS } from '../../src/wire/access-log';
import { approveEveryStep, userPayload } from './admin-fixtures';
import { multipart, pdfBytes } from './files-fixtures';
import { buildTestApp, type TestApp } from './helpers';
import { factModules } from './statistics-fixtures';
import { demoUsers, getter, poster, tokens, type Users } from './workflow-fixtures';

// The access log (issue #34 item 8) through the real routes on a fresh embedded database: what
// each kind of event records, who reads which company's entries, the filters and paging, bad
// queries, the CSV export in both encodings, and the retention setting and purge.
let t: TestApp;
let users: Users;
let rh: number;
let ap: number;
let auth: ReturnType<typeof tokens>;

const AGENT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';

beforeAll(async () => {
  t = await buildTestApp({ webhookAllowPrivate: true });
  users = await demoUsers(t.db);
  auth = tokens(t);
  const companies = await t.db.selectFrom('companies').select(['id', 'code']).execute();
  rh = companies.find((c) => c.code === 'RH')!.id;
  ap = companies.find((c) => c.code === 'AP')!.id;
});
afterAll(async () => { await t?.close(); });

/** A call as a demo user (`authorizer` = RH authorizer, a group admin; `ap.authorizer` = AP's, not a group company) from an address and browser. */
async function as(user: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, lang = 'en') {
  return t.app.inject({
    method, url, remoteAddress: '198.51.100.77',
    headers: { authorization: `Bearer ${await auth(user)}`, 'accept-language': lang, 'user-agent': AGENT },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
const entries = (where: { event: string; user_id?: number | null }) => {
  let q = t.db.selectFrom('access_log').selectAll().where('event', '=', where.event);
  if (where.user_id !== undefined) q = where.user_id === null ? q.where('user_id', 'is', null) : q.where('user_id', '=', where.user_id);
  return q.orderBy('id', 'desc').execute();
};
const latest = async (where: { event: string; user_id?: number | null }) => (await entries(where))[0];
const scim = (token: string, method: 'POST' | 'PATCH' | 'DELETE' | 'GET', url: string, payload?: unknown) => t.app.inject({
  method, url: `/scim/v2${url}`, remoteAddress: '192.0.2.50',
  headers: { authorization: `Bearer ${token}`, 'user-agent': 'Okta SCIM Client 1.0', ...(payload ? { 'content-type': 'application/scim+json' } : {}) },
  ...(payload ? { payload: JSON.stringify(payload) } : {}),
});

describe('recording', () => {
  it('SCIM: a bad token is a failed scim-token sign-in; create, deactivate, reactivate, update and delete are entries of the provisioned user, in the token\'s company', async () => {
    expect((await scim('ringi_scim_wrong', 'GET', '/Users')).statusCode).toBe(401);
    expect(await latest({ event: 'sign_in', user_id: null })).toMatchObject({ method: 'scim-token', success: false, reason: 'invalid_token', ip: '192.0.2.50' });

    const made = await as('ap.authorizer', 'POST', '/api/scim_tokens', { company_id: ap, name: 'Okta' });
    expect(made.statusCode).toBe(201);
    const { token, id: tokenId } = made.json();
    expect(await latest({ event: 'admin.scim_token_create' })).toMatchObject({ user_id: users['ap.authorizer'].id, company_id: ap, ip: '198.51.100.77', user_agent: AGENT });

    const created = await scim(token, 'POST', '/Users', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: 'kai.log@example.com', name: { givenName: 'Kai', familyName: 'Log' }, active: true });
    expect(created.statusCode, created.body).toBe(201);
    const userId = Number(created.json().id);
    // The token's first use in a minute is a successful scim-token sign-in of its company.
    expect(await latest({ event: 'sign_in', user_id: null })).toMatchObject({ method: 'scim-token', success: true, company_id: ap, detail: { token_id: tokenId } });
    expect(await latest({ event: 'scim.user_create' })).toMatchObject({ user_id: userId, company_id: ap, method: 'scim-token', ip: '192.0.2.50', user_agent: 'Okta SCIM Client 1.0', detail: { token_id: tokenId } });

    const patch = (value: unknown) => scim(token, 'PATCH', `/Users/${userId}`, { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'replace', value }] });
    expect((await patch({ active: false })).statusCode).toBe(200);
    expect(await latest({ event: 'scim.user_deactivate' })).toMatchObject({ user_id: userId, company_id: ap, detail: { operation: 'PATCH' } });
    expect((await patch({ active: true })).statusCode).toBe(200);
    expect(await latest({ event: 'scim.user_reactivate' })).toMatchObject({ user_id: userId });
    expect((await patch({ 'name.givenName': 'Kairi' })).statusCode).toBe(200);
    expect(await latest({ event: 'scim.user_update' })).toMatchObject({ user_id: userId });
    expect((await scim(token, 'DELETE', `/Users/${userId}`)).statusCode).toBe(204);
    expect(await latest({ event: 'scim.user_delete' })).toMatchObject({ user_id: userId, company_id: ap });
    // A refused change (another company's user) records no change.
    const before = (await entries({ event: 'scim.user_update' })).length;
    expect((await scim(token, 'PATCH', `/Users/${users.employee.id}`, { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'replace', value: { active: false } }] })).statusCode).toBe(404);
    expect((await entries({ event: 'scim.user_update' })).length + (await entries({ event: 'scim.user_deactivate' })).filter((e) => e.user_id === users.employee.id).length).toBe(before);

    expect((await as('ap.authorizer', 'DELETE', `/api/scim_tokens/${tokenId}`)).statusCode).toBe(204);
    expect(await latest({ event: 'admin.scim_token_delete' })).toMatchObject({ user_id: users['ap.authorizer'].id, detail: { params: { id: tokenId } } });
  });

  it('admin changes: a user change applied by approval (its approver, the user\'s company), a webhook added and removed, sessions ended', async () => {
    const post = poster(t, auth);
    const body = await userPayload(t.db, users, 'RT', { name: 'Nao Logged' });
    const filed = await post('admin', '/api/buffer/users', body);
    expect(filed.statusCode, filed.body).toBe(201);
    expect(await latest({ event: 'admin.user_change' })).toBeUndefined();
    await approveEveryStep(t.db, post, filed.json().id);
    const created = await t.db.selectFrom('users').select(['id', 'company_id']).where('email', '=', body.user.email).executeTakeFirstOrThrow();
    const change = await latest({ event: 'admin.user_change' });
    expect(change).toMatchObject({ company_id: created.company_id, detail: { kind: 'user', operation: 'create', entity_id: created.id, document_id: filed.json().id, requester_id: users.admin.id } });
    expect(change!.user_id).not.toBeNull();

    const hook = await as('authorizer', 'POST', '/api/webhooks', { company_id: rh, url: 'http://127.0.0.1:9/hook', events: ['document.submitted'] });
    expect(hook.statusCode, hook.body).toBe(201);
    expect(await latest({ event: 'admin.webhook_create' })).toMatchObject({ user_id: users.authorizer.id, company_id: rh });
    expect((await as('authorizer', 'DELETE', `/api/webhooks/${hook.json().id}`)).statusCode).toBe(204);
    expect(await latest({ event: 'admin.webhook_delete' })).toMatchObject({ user_id: users.authorizer.id });

    const signed = await t.app.inject({ method: 'POST', url: '/api/login_check', payload: { username: 'client@example.com', password: DEMO_PASSWORD } });
    const own = await t.app.inject({ method: 'GET', url: '/api/sessions', headers: { authorization: `Bearer ${signed.json().token}` } });
    const sessionId = own.json()['hydra:member'][0].id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/sessions/${sessionId}`, headers: { authorization: `Bearer ${signed.json().token}` } })).statusCode).toBe(204);
    expect(await latest({ event: 'session.end' })).toMatchObject({ user_id: users.client.id, company_id: ap, detail: { params: { id: sessionId } } });
    expect((await as('ap.authorizer', 'DELETE', `/api/users/${users.client.id}/sessions`)).statusCode).toBe(200);
    expect(await latest({ event: 'admin.session_end' })).toMatchObject({ user_id: users['ap.authorizer'].id, detail: { params: { id: users.client.id } } });
    // A refused admin call records nothing.
    const ends = (await entries({ event: 'admin.session_end' })).length;
    expect((await as('ap.authorizer', 'DELETE', `/api/users/${users.employee.id}/sessions`)).statusCode).toBe(403);
    expect((await entries({ event: 'admin.session_end' })).length).toBe(ends);
  });

  it('exports and downloads: records export, statistics export, a file by the API and by its signed link (a ranged read counts once)', async () => {
    expect((await as('finance', 'GET', '/api/records/export?format=csv&encoding=shift_jis')).statusCode).toBe(202);
    expect(await latest({ event: 'export.records' })).toMatchObject({ user_id: users.finance.id, detail: { query: { format: 'csv', encoding: 'shift_jis' } } });
    const module = (await factModules()).withExport[0].code;
    const refused = await as('authorizer', 'GET', `/api/buffer/export?moduleCode=${module}&companyId=${rh}&fileType=xlsx`);
    expect(refused.statusCode).toBe(400);
    expect(await latest({ event: 'export.statistics' })).toBeUndefined();
    const stats = await as('authorizer', 'GET', `/api/buffer/export?moduleCode=${module}&companyId=${rh}&period=2026-01-01~2026-01-31&fileType=xlsx`);
    expect(stats.statusCode, stats.body).toBe(202);
    expect(await latest({ event: 'export.statistics' })).toMatchObject({ user_id: users.authorizer.id, company_id: rh, detail: { route: 'GET /api/buffer/export', query: { moduleCode: module } } });

    const form = multipart({ document_type: 'e-invoice' }, [['file', 'invoice.pdf', pdfBytes()]]);
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/files', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${await auth('employee')}` } });
    expect(uploaded.statusCode).toBe(201);
    const file = uploaded.json() as { id: number; url: string };
    expect((await as('employee', 'GET', `/api/files/${file.id}`)).statusCode).toBe(200);
    expect(await latest({ event: 'file.download' })).toMatchObject({ user_id: users.employee.id, ip: '198.51.100.77', detail: { file_id: file.id, name: 'invoice.pdf' } });
    const count = (await entries({ event: 'file.download' })).length;
    // The JSON record and a later range are no downloads; the link is one, of the link's user.
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${file.id}`, headers: { authorization: `Bearer ${await auth('employee')}`, accept: 'application/json' } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${file.id}`, headers: { authorization: `Bearer ${await auth('employee')}`, range: 'bytes=10-20' } })).statusCode).toBe(206);
    expect((await entries({ event: 'file.download' })).length).toBe(count);
    const link = new URL(file.url, 'http://x');
    expect((await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })).statusCode).toBe(200);
    expect(await latest({ event: 'file.download' })).toMatchObject({ user_id: users.employee.id, detail: { file_id: file.id, by_link: true } });
    expect(JSON.stringify(await latest({ event: 'file.download' }))).not.toContain(link.searchParams.get('token'));
  });
});

describe('GET /access_log', () => {
  it('scopes by company: AP\'s authorizer reads AP\'s entries only and is refused RH\'s; a group admin reads all; an employee none', async () => {
    await recordAccess(t.db, { event: 'file.download', userId: users.employee.id, ip: '203.0.113.1' });
    await recordAccess(t.db, { event: 'file.download', userId: users.client.id, ip: '203.0.113.2' });
    const apList = await as('ap.authorizer', 'GET', '/api/access_log?itemsPerPage=100');
    expect(apList.statusCode).toBe(200);
    const members = apList.json()['hydra:member'] as Array<{ company: { id: number } | null }>;
    expect(members.length).toBeGreaterThan(0);
    expect(members.every((m) => m.company?.id === ap)).toBe(true);
    const refused = await as('ap.authorizer', 'GET', `/api/access_log?company_id=${rh}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/group admin|company authorizer/i);
    expect((await as('ap.authorizer', 'GET', `/api/access_log/export?company_id=${rh}`)).statusCode).toBe(403);
    const all = await as('authorizer', 'GET', '/api/access_log?itemsPerPage=100');
    const companies = new Set((all.json()['hydra:member'] as Array<{ company: { id: number } | null }>).map((m) => m.company?.id ?? null));
    expect(companies.has(rh) && companies.has(ap)).toBe(true);
    expect((await as('employee', 'GET', '/api/access_log')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/access_log' })).statusCode).toBe(401);
  });

  it('filters by user, event and period, newest first, and pages with the total', async () => {
    const base = Date.parse('2025-03-10T00:00:00Z');
    for (let i = 0; i < 5; i++) {
      await recordAccess(t.db, { event: 'export.journal', userId: users.treasury.id, at: new Date(base + i * 86_400_000), detail: { n: i } });
    }
    const q = `user=${users.treasury.id}&event=export.journal`;
    const page1 = (await as('authorizer', 'GET', `/api/access_log?${q}&itemsPerPage=2`)).json();
    expect(page1['hydra:totalItems']).toBe(5);
    expect(page1['hydra:member'].map((m: { detail: { n: number } }) => m.detail.n)).toEqual([4, 3]);
    const page3 = (await as('authorizer', 'GET', `/api/access_log?${q}&itemsPerPage=2&page=3`)).json();
    expect(page3['hydra:member'].map((m: { detail: { n: number } }) => m.detail.n)).toEqual([0]);
    expect(page3['hydra:member'][0]).toMatchObject({ event: 'export.journal', user: { id: users.treasury.id, email: 'treasury@example.com' }, company: { id: rh }, success: true });
    // A day counts whole (to its end); a date-time with offset is exact.
    const days = (await as('authorizer', 'GET', `/api/access_log?${q}&from=2025-03-11&to=2025-03-12`)).json();
    expect(days['hydra:member'].map((m: { detail: { n: number } }) => m.detail.n)).toEqual([2, 1]);
    const exact = (await as('authorizer', 'GET', `/api/access_log?${q}&from=${encodeURIComponent('2025-03-12T09:00:00+09:00')}`)).json();
    expect(exact['hydra:member'].map((m: { detail: { n: number } }) => m.detail.n)).toEqual([4, 3, 2]);
    expect((await as('authorizer', 'GET', `/api/access_log?user=${users.legal.id}&event=export.journal`)).json()['hydra:totalItems']).toBe(0);
  });

  it('answers a bad query with 400 and a clear message', async () => {
    const cases: Array<[string, RegExp]> = [
      ['from=yesterday', /from must be a day \(YYYY-MM-DD\)/],
      ['to=2025-02-30', /to must be a day/],
      ['from=2025-03-02&to=2025-03-01', /from must not be later than to/],
      ['event=nonsense', /event/],
      ['user=abc', /user/],
      ['itemsPerPage=1000', /itemsPerPage/],
      ['page=0', /page/],
    ];
    for (const [query, message] of cases) {
      const reply = await as('authorizer', 'GET', `/api/access_log?${query}`);
      expect(reply.statusCode, query).toBe(400);
      expect(reply.json().message, query).toMatch(message);
    }
    expect((await as('authorizer', 'GET', '/api/access_log/export?encoding=latin1')).statusCode).toBe(400);
  });

  it('accepts every event name as a filter', async () => {
    for (const event of ACCESS_EVENTS) expect((await as('authorizer', 'GET', `/api/access_log?event=${event}&itemsPerPage=1`)).statusCode, event).toBe(200);
  });
});

describe('CSV export', () => {
  const csvUser = () => users['mei.nakamura'] ?? users.legal;
  beforeAll(async () => {
    await recordAccess(t.db, { event: 'sign_in', method: 'password', success: false, reason: 'invalid_password', userId: csvUser().id, ip: '203.0.113.9', userAgent: '=HYPERLINK("x")', detail: { email: 'a,b@example.com' } });
  });
  const exportOf = async (encoding: string, lang: string) =>
    as('authorizer', 'GET', `/api/access_log/export?user=${csvUser().id}&event=sign_in&encoding=${encoding}`, undefined, lang);

  it('writes UTF-8 with a byte-order mark, headers in the request\'s language, quoted fields and guarded formulas', async () => {
    const reply = await exportOf('utf-8', 'ja');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=UTF-8');
    expect(reply.headers['content-disposition']).toMatch(/attachment; filename="access-log-\d{4}-\d{2}-\d{2}\.csv"/);
    const bytes = reply.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('日時（UTC）,イベント,ユーザーID,ユーザー,メールアドレス,会社,方式,IdP,成功,理由,アドレス,ユーザーエージェント,詳細');
    expect(lines[1]).toContain(',sign_in,');
    expect(lines[1]).toContain('invalid_password,203.0.113.9,"\'=HYPERLINK(""x"")"');
    expect(lines[1]).toContain('"{""email"":""a,b@example.com""}"');
    expect(lines).toHaveLength(3);
  });

  it('writes Shift_JIS (CP932) when asked: the same text, decoded back', async () => {
    const utf8 = (await exportOf('utf-8', 'ja')).rawPayload.subarray(3).toString('utf8');
    const reply = await exportOf('shift_jis', 'ja');
    expect(reply.headers['content-type']).toBe('text/csv; charset=Shift_JIS');
    expect(reply.rawPayload[0]).not.toBe(0xef);
    expect(decodeShiftJis(reply.rawPayload)).toBe(utf8);
    // 日 is 93FA in Shift_JIS.
    expect(reply.rawPayload.subarray(0, 2).toString('hex')).toBe('93fa');
  });

  it('is itself an access-log entry', async () => {
    await exportOf('utf-8', 'en');
    expect(await latest({ event: 'export.access_log' })).toMatchObject({ user_id: users.authorizer.id, detail: { query: { encoding: 'utf-8', event: 'sign_in' } } });
  });
});

describe('retention', () => {
  it('is 3 years by default; group admins set 6 weeks to 10 years, others are refused; out of range → 400, nothing changed', async () => {
    const get = getter(t, auth);
    expect((await get('authorizer', '/api/access_log/settings')).json()).toMatchObject({ retention_days: 1096, min_days: 42, max_days: 3653 });
    for (const days of [41, 3654, 0, -5]) {
      const reply = await as('authorizer', 'PUT', '/api/access_log/settings', { retention_days: days });
      expect(reply.statusCode, String(days)).toBe(400);
      expect(reply.json().message).toMatch(/between 42 days \(6 weeks\) and 3653 days \(10 years\)/);
    }
    expect((await as('authorizer', 'PUT', '/api/access_log/settings', { retention_days: '90' })).statusCode).toBe(400);
    expect((await as('ap.authorizer', 'PUT', '/api/access_log/settings', { retention_days: 90 })).statusCode).toBe(403);
    expect((await as('employee', 'GET', '/api/access_log/settings')).statusCode).toBe(403);
    expect((await get('authorizer', '/api/access_log/settings')).json().retention_days).toBe(1096);
    expect((await as('authorizer', 'PUT', '/api/access_log/settings', { retention_days: 42 })).json()).toMatchObject({ retention_days: 42 });
    expect(await latest({ event: 'admin.access_log_settings' })).toMatchObject({ user_id: users.authorizer.id });
  });

  it('the purge deletes entries older than the retention only, on one instance at a time', async () => {
    await t.db.updateTable('access_log_settings').set({ retention_days: 42 }).execute();
    const day = 86_400_000;
    await recordAccess(t.db, { event: 'export.journal', userId: users.legal.id, at: new Date(Date.now() - 43 * day), detail: { purge: 'old' } });
    await recordAccess(t.db, { event: 'export.journal', userId: users.legal.id, at: new Date(Date.now() - 41 * day), detail: { purge: 'kept' } });
    // Another instance holds the lease: this one skips.
    await t.db.insertInto('job_leases').values({ name: 'access-log-purge' }).onConflict((oc) => oc.column('name').doNothing()).execute();
    await t.db.updateTable('job_leases').set({ claimed_until: new Date(Date.now() + 60_000), holder: 'other' }).where('name', '=', 'access-log-purge').execute();
    expect(await t.app.accessLogPurge.run()).toBeNull();
    await t.db.updateTable('job_leases').set({ claimed_until: null }).where('name', '=', 'access-log-purge').execute();
    const purged = await t.app.accessLogPurge.run();
    expect(purged).toBeGreaterThanOrEqual(1);
    const left = (await entries({ event: 'export.journal', user_id: users.legal.id })).map((e) => (e.detail as { purge: string }).purge);
    expect(left).toEqual(['kept']);
    expect((await t.db.selectFrom('access_log').select(({ fn }) => fn.min('at').as('oldest')).executeTakeFirstOrThrow()).oldest!.getTime()).toBeGreaterThan(Date.now() - 42 * day);
    expect((await t.db.selectFrom('access_log_settings').select('purged_at').executeTakeFirstOrThrow()).purged_at).not.toBeNull();
  });
});
