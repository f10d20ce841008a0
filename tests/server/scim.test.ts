import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { demoUsers, type Users } from './workflow-fixtures';

// SCIM 2.0 provisioning (issue #34 items 5 and 6) through the real routes on a fresh embedded
// database: the company tokens, the request sequences Entra ID and Okta send (written from their
// public provisioning documentation), company isolation, and bad input changing nothing.
let t: TestApp;
let users: Users;
let rh: number;
let ap: number;
let rhToken: string;
let apToken: string;

const CORE = 'urn:ietf:params:scim:schemas:core:2.0:User';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

const session = async (email: string) => ({ authorization: `Bearer ${await t.login(email)}`, 'accept-language': 'en' });
const api = async (email: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: await session(email), ...(payload !== undefined ? { payload: payload as object } : {}) });

/** A SCIM request as an IdP sends it (its media type, its bearer token). */
const scim = (token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => t.app.inject({
  method, url: `/scim/v2${url}`,
  headers: { authorization: `Bearer ${token}`, ...(payload !== undefined ? { 'content-type': 'application/scim+json' } : {}) },
  ...(payload !== undefined ? { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) } : {}),
});
const q = (filter: string) => encodeURIComponent(filter);
const userRow = (id: number) => t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await buildTestApp();
  users = await demoUsers(t.db);
  const companies = await t.db.selectFrom('companies').select(['id', 'code']).execute();
  rh = companies.find((c) => c.code === 'RH')!.id;
  ap = companies.find((c) => c.code === 'AP')!.id;
});
afterAll(async () => { await t?.close(); });

describe('SCIM tokens: POST/GET/DELETE /api/scim_tokens', () => {
  it('lets a company authorizer make a token for their company only, shows it once and stores its hash', async () => {
    const created = await api('ap.authorizer@example.com', 'POST', '/api/scim_tokens', { company_id: ap, name: 'Okta provisioning' });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ id: expect.any(Number), company_id: ap, name: 'Okta provisioning', token: expect.stringMatching(/^ringi_scim_[\w-]{43}$/) });
    apToken = body.token;
    const stored = await t.db.selectFrom('scim_tokens').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(apToken);
    expect(JSON.stringify(stored)).not.toContain(apToken.slice(11));
    // The list never holds the token.
    const list = await api('ap.authorizer@example.com', 'GET', '/api/scim_tokens');
    expect(list.json()).toMatchObject({ 'hydra:totalItems': 1, 'hydra:member': [{ id: body.id, name: 'Okta provisioning', company: { id: ap }, created_by: { id: users['ap.authorizer'].id } }] });
    expect(list.body).not.toContain(apToken);
  });

  it('refuses other companies, non-authorizers and bad bodies (403 / 404 / 400), storing nothing', async () => {
    const before = (await t.db.selectFrom('scim_tokens').select('id').execute()).length;
    expect((await api('ap.authorizer@example.com', 'POST', '/api/scim_tokens', { company_id: rh, name: 'x' })).statusCode).toBe(403);
    expect((await api('client@example.com', 'POST', '/api/scim_tokens', { company_id: ap, name: 'x' })).statusCode).toBe(403);
    expect((await api('client@example.com', 'GET', '/api/scim_tokens')).statusCode).toBe(403);
    expect((await api('ap.authorizer@example.com', 'GET', `/api/scim_tokens?company_id=${rh}`)).statusCode).toBe(403);
    expect((await api('admin@example.com', 'POST', '/api/scim_tokens', { company_id: 999999, name: 'x' })).statusCode).toBe(404);
    for (const bad of [{ company_id: ap }, { company_id: ap, name: '' }, { company_id: ap, name: '   ' }, { company_id: 'x', name: 'n' }, { company_id: ap, name: 'n', extra: 1 }, { company_id: ap, name: 'x'.repeat(101) }]) {
      const reply = await api('ap.authorizer@example.com', 'POST', '/api/scim_tokens', bad);
      expect(reply.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await t.db.selectFrom('scim_tokens').select('id').execute()).length).toBe(before);
  });

  it('lets a group admin make tokens for any company and see them all; a revoked token stops at once', async () => {
    const created = await api('admin@example.com', 'POST', '/api/scim_tokens', { company_id: rh, name: 'Entra ID' });
    expect(created.statusCode).toBe(201);
    rhToken = created.json().token;
    const spare = await api('admin@example.com', 'POST', '/api/scim_tokens', { company_id: ap, name: 'spare' });
    const all = (await api('admin@example.com', 'GET', '/api/scim_tokens')).json();
    expect(all['hydra:member'].map((m: { company: { id: number } }) => m.company.id).sort()).toEqual([rh, ap, ap].sort());
    expect((await scim(spare.json().token, 'GET', '/Users?count=1')).statusCode).toBe(200);
    // The AP authorizer may revoke a token of their company made by the group admin; not RH's.
    expect((await api('ap.authorizer@example.com', 'DELETE', `/api/scim_tokens/${created.json().id}`)).statusCode).toBe(403);
    expect((await api('ap.authorizer@example.com', 'DELETE', `/api/scim_tokens/${spare.json().id}`)).statusCode).toBe(204);
    expect((await api('ap.authorizer@example.com', 'DELETE', `/api/scim_tokens/${spare.json().id}`)).statusCode).toBe(404);
    const refused = await scim(spare.json().token, 'GET', '/Users?count=1');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-type']).toMatch(/^application\/scim\+json/);
    expect(refused.json()).toMatchObject({ schemas: [ERROR], status: '401' });
  });
});

describe('SCIM discovery and authentication', () => {
  it('answers ServiceProviderConfig, Schemas and ResourceTypes as application/scim+json', async () => {
    const config = await scim(rhToken, 'GET', '/ServiceProviderConfig');
    expect(config.statusCode).toBe(200);
    expect(config.headers['content-type']).toMatch(/^application\/scim\+json/);
    expect(config.json()).toMatchObject({ patch: { supported: true }, bulk: { supported: false }, filter: { supported: true, maxResults: 200 }, authenticationSchemes: [{ type: 'oauthbearertoken' }] });
    const schemas = (await scim(rhToken, 'GET', '/Schemas')).json();
    expect(schemas.Resources.map((s: { id: string }) => s.id)).toEqual([CORE, ENTERPRISE, 'urn:ietf:params:scim:schemas:core:2.0:Group']);
    expect((await scim(rhToken, 'GET', `/Schemas/${CORE}`)).json().attributes.map((a: { name: string }) => a.name)).toContain('userName');
    const types = (await scim(rhToken, 'GET', '/ResourceTypes')).json();
    expect(types).toMatchObject({ totalResults: 2, Resources: [{ id: 'User', endpoint: '/Users' }, { id: 'Group', endpoint: '/Groups' }] });
    expect((await scim(rhToken, 'GET', '/Nothing')).statusCode).toBe(404);
  });

  it('refuses a missing, malformed, unknown or session token with a SCIM 401', async () => {
    const sessionToken = await t.login('admin@example.com');
    for (const headers of [{}, { authorization: 'Basic abc' }, { authorization: 'Bearer ringi_scim_nope' }, { authorization: `Bearer ${sessionToken}` }]) {
      const reply = await t.app.inject({ method: 'GET', url: '/scim/v2/Users', headers });
      expect(reply.statusCode).toBe(401);
      expect(reply.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(reply.json()).toMatchObject({ schemas: [ERROR], status: '401' });
    }
  });
});

describe('Microsoft Entra ID provisioning sequence', () => {
  let id: string;
  it('passes the connection test: a filter on a random userName finds nobody', async () => {
    const reply = await scim(rhToken, 'GET', `/Users?filter=${q('userName eq "a4d2b7e0-5b5e-4b8e-9c3e-2f1e4c0d9a11"')}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] });
  });

  it('finds by userName, creates, reads back and patches attributes as Entra sends them', async () => {
    expect((await scim(rhToken, 'GET', `/Users?filter=${q('userName eq "Mika.Ono@example.com"')}`)).json().totalResults).toBe(0);
    const created = await scim(rhToken, 'POST', '/Users', {
      schemas: [CORE, ENTERPRISE],
      externalId: 'mika.ono',
      userName: 'Mika.Ono@example.com',
      active: true,
      displayName: 'Mika Ono',
      emails: [{ primary: true, type: 'work', value: 'mika.ono@example.com' }],
      meta: { resourceType: 'User' },
      name: { formatted: 'Mika Ono', familyName: 'Ono', givenName: 'Mika' },
      title: 'Engineer',
      [ENTERPRISE]: { department: 'Sales', employeeNumber: '1001' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const user = created.json();
    id = user.id;
    expect(created.headers.location).toMatch(new RegExp(`/scim/v2/Users/${id}$`));
    expect(user).toMatchObject({
      userName: 'mika.ono@example.com', externalId: 'mika.ono', active: true, displayName: 'Mika Ono',
      name: { givenName: 'Mika', familyName: 'Ono' }, emails: [{ value: 'mika.ono@example.com', type: 'work', primary: true }],
      [ENTERPRISE]: { department: 'Sales' }, meta: { resourceType: 'User' },
    });
    const row = await userRow(Number(id));
    expect(row).toMatchObject({ email: 'mika.ono@example.com', name: 'Mika Ono', company_id: rh, disabled: false });
    const sales = await t.db.selectFrom('departments').select('id').where('company_id', '=', rh).where('name', '=', 'Sales').executeTakeFirstOrThrow();
    expect(row.department_id).toBe(sales.id);
    // Entra finds the user it made by userName (any case) and by externalId.
    expect((await scim(rhToken, 'GET', `/Users?filter=${q('userName eq "mika.ono@example.com"')}`)).json()).toMatchObject({ totalResults: 1, Resources: [{ id }] });
    expect((await scim(rhToken, 'GET', `/Users?filter=${q('externalId eq "mika.ono"')}`)).json().totalResults).toBe(1);
    expect((await scim(rhToken, 'GET', `/Users/${id}`)).json()).toMatchObject({ id, userName: 'mika.ono@example.com' });

    const patched = await scim(rhToken, 'PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'Replace', path: 'displayName', value: 'Mika Ono-Sato' },
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'mika.work@example.com' },
        { op: 'Replace', path: 'name.givenName', value: 'Mikako' },
        { op: 'Add', path: `${ENTERPRISE}:manager`, value: String(users.approver.id) },
        { op: 'Replace', path: `${ENTERPRISE}:department`, value: 'Finance' },
        { op: 'Add', path: 'title', value: 'Lead' },
      ],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      displayName: 'Mika Ono-Sato', name: { givenName: 'Mikako', familyName: 'Ono' }, emails: [{ value: 'mika.work@example.com', type: 'work' }],
      [ENTERPRISE]: { department: 'Finance', manager: { value: String(users.approver.id), displayName: users.approver.name } },
    });
    expect(await userRow(Number(id))).toMatchObject({ name: 'Mika Ono-Sato', manager_id: users.approver.id, email: 'mika.ono@example.com' });
    // Entra removes a manager with a remove op without value.
    const removed = await scim(rhToken, 'PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Remove', path: `${ENTERPRISE}:manager` }] });
    expect(removed.json()[ENTERPRISE].manager).toBeUndefined();
    expect((await userRow(Number(id))).manager_id).toBeNull();
  });

  it('deactivates with "False" (ends the sessions), reactivates with "True", and DELETE keeps the record', async () => {
    const session = await t.login('mika.ono@example.com');
    const profile = (token: string) => t.app.inject({ url: '/api/profile', headers: { authorization: `Bearer ${token}` } });
    expect((await profile(session)).statusCode).toBe(200);
    const off = await scim(rhToken, 'PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().active).toBe(false);
    expect((await profile(session)).statusCode).toBe(401);
    expect((await scim(rhToken, 'GET', `/Users?filter=${q('userName eq "mika.ono@example.com" and active eq false')}`)).json().totalResults).toBe(1);
    const on = await scim(rhToken, 'PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: 'True' }] });
    expect(on.json().active).toBe(true);
    // Sign-in is back; the session of before the deactivation stays ended.
    expect((await profile(await t.login('mika.ono@example.com'))).statusCode).toBe(200);
    expect((await profile(session)).statusCode).toBe(401);

    const deleted = await scim(rhToken, 'DELETE', `/Users/${id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await scim(rhToken, 'GET', `/Users/${id}`)).statusCode).toBe(404);
    expect((await scim(rhToken, 'GET', `/Users?filter=${q('userName eq "mika.ono@example.com"')}`)).json().totalResults).toBe(0);
    // Never erased: the row is there, disabled, with its name (attribution of what they wrote stays).
    expect(await userRow(Number(id))).toMatchObject({ name: 'Mika Ono-Sato', disabled: true });
    // Provisioned again: the same record comes back.
    const again = await scim(rhToken, 'POST', '/Users', { schemas: [CORE], userName: 'mika.ono@example.com', externalId: 'mika.ono', active: true, displayName: 'Mika Ono' });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ id, active: true, displayName: 'Mika Ono' });
  });
});

describe('Okta provisioning sequence', () => {
  let id: string;
  it('passes the connection test (a page of users) and finds by userName with paging', async () => {
    const page = await scim(rhToken, 'GET', '/Users?startIndex=1&count=2');
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body).toMatchObject({ startIndex: 1, itemsPerPage: 2 });
    expect(body.totalResults).toBeGreaterThan(2);
    expect(body.Resources.every((r: { schemas: string[] }) => r.schemas.includes(CORE))).toBe(true);
    const next = (await scim(rhToken, 'GET', '/Users?startIndex=3&count=2')).json();
    expect(next.startIndex).toBe(3);
    expect(next.Resources[0].id).not.toBe(body.Resources[1].id);
    // RH's users only: every one is RH's.
    const all = (await scim(rhToken, 'GET', '/Users?count=200')).json();
    const rhCount = (await t.db.selectFrom('users').select('id').where('company_id', '=', rh).execute()).length;
    expect(all.totalResults).toBe(rhCount);
    expect((await scim(rhToken, 'GET', `/Users?filter=${q('userName eq "ken.mori@example.com"')}&startIndex=1&count=100`)).json().totalResults).toBe(0);
  });

  it('creates, updates by PUT, deactivates and reactivates by PATCH without path', async () => {
    const created = await scim(rhToken, 'POST', '/Users', {
      schemas: [CORE],
      userName: 'ken.mori@example.com',
      name: { givenName: 'Ken', familyName: 'Mori' },
      emails: [{ primary: true, value: 'ken.mori@example.com', type: 'work' }],
      displayName: 'Ken Mori',
      locale: 'en-US',
      preferredLanguage: 'ja-JP',
      externalId: '00u1abcdEFGH',
      groups: [],
      password: 'ignored-Passw0rd',
      active: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    id = created.json().id;
    expect(created.json()).toMatchObject({ preferredLanguage: 'ja' });
    const put = await scim(rhToken, 'PUT', `/Users/${id}`, {
      schemas: [CORE], id, userName: 'ken.mori@example.com',
      name: { givenName: 'Kenichi', familyName: 'Mori' }, emails: [{ primary: true, value: 'ken.mori@example.com', type: 'work' }],
      displayName: 'Kenichi Mori', externalId: '00u1abcdEFGH', active: true,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ displayName: 'Kenichi Mori', name: { givenName: 'Kenichi' } });
    const off = await scim(rhToken, 'PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: false } }] });
    expect(off.json().active).toBe(false);
    expect((await userRow(Number(id))).disabled).toBe(true);
    const on = await scim(rhToken, 'PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: true } }] });
    expect(on.json().active).toBe(true);
    // A no-path replace with dotted and URN-qualified keys (Entra sends these too).
    const many = await scim(rhToken, 'PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { 'name.familyName': 'Mori-Ito', [`${ENTERPRISE}:department`]: 'Management', displayName: 'Kenichi Mori-Ito' } }],
    });
    expect(many.json()).toMatchObject({ name: { familyName: 'Mori-Ito' }, displayName: 'Kenichi Mori-Ito', [ENTERPRISE]: { department: 'Management' } });
  });

  it('maps Groups to departments: lists, finds by displayName, adds and removes members', async () => {
    const groups = (await scim(rhToken, 'GET', '/Groups?excludedAttributes=members')).json();
    const rhDepartments = await t.db.selectFrom('departments').select(['id', 'name']).where('company_id', '=', rh).orderBy('id').execute();
    expect(groups.totalResults).toBe(rhDepartments.length);
    expect(groups.Resources[0].members).toBeUndefined();
    const found = (await scim(rhToken, 'GET', `/Groups?filter=${q('displayName eq "Finance"')}`)).json();
    expect(found.totalResults).toBe(1);
    const finance = found.Resources[0];
    expect(finance.members.map((m: { value: string }) => m.value)).toContain(String(users.finance.id));
    // Okta: add a member by PATCH; Entra: remove by members[value eq "…"].
    const added = await scim(rhToken, 'PATCH', `/Groups/${finance.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'add', path: 'members', value: [{ value: id, display: 'Kenichi Mori-Ito' }] }] });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().members.map((m: { value: string }) => m.value)).toContain(id);
    expect((await userRow(Number(id))).department_id).toBe(Number(finance.id));
    const removed = await scim(rhToken, 'PATCH', `/Groups/${finance.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Remove', path: `members[value eq "${id}"]` }] });
    expect(removed.json().members.map((m: { value: string }) => m.value)).not.toContain(id);
    expect((await userRow(Number(id))).department_id).toBeNull();
    // Okta's group push with the unchanged name is fine; a rename, a new group, a deletion are not SCIM's.
    expect((await scim(rhToken, 'PATCH', `/Groups/${finance.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { id: finance.id, displayName: 'Finance' } }] })).statusCode).toBe(200);
    const rename = await scim(rhToken, 'PATCH', `/Groups/${finance.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'displayName', value: 'Treasury' }] });
    expect(rename.json()).toMatchObject({ status: '400', scimType: 'mutability' });
    expect((await scim(rhToken, 'POST', '/Groups', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: 'New' })).statusCode).toBe(403);
    expect((await scim(rhToken, 'DELETE', `/Groups/${finance.id}`)).statusCode).toBe(403);
    expect((await t.db.selectFrom('departments').select('name').where('id', '=', Number(finance.id)).executeTakeFirstOrThrow()).name).toBe('Finance');
  });

  it('deletes (deactivates) the user at the end', async () => {
    expect((await scim(rhToken, 'DELETE', `/Users/${id}`)).statusCode).toBe(204);
    expect((await userRow(Number(id))).disabled).toBe(true);
  });
});

describe('a token reaches only its company', () => {
  it('company A\'s token neither reads nor changes company B\'s users and departments', async () => {
    const client = users.client;
    const before = await userRow(client.id);
    expect((await scim(rhToken, 'GET', `/Users/${client.id}`)).statusCode).toBe(404);
    expect((await scim(rhToken, 'GET', `/Users?filter=${q('userName eq "client@example.com"')}`)).json().totalResults).toBe(0);
    const patch = await scim(rhToken, 'PATCH', `/Users/${client.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'active', value: false }] });
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toMatchObject({ schemas: [ERROR], status: '404' });
    expect((await scim(rhToken, 'PUT', `/Users/${client.id}`, { schemas: [CORE], userName: 'client@example.com', active: false })).statusCode).toBe(404);
    expect((await scim(rhToken, 'DELETE', `/Users/${client.id}`)).statusCode).toBe(404);
    const apDepartment = await t.db.selectFrom('departments').select('id').where('company_id', '=', ap).orderBy('id').executeTakeFirstOrThrow();
    expect((await scim(rhToken, 'GET', `/Groups/${apDepartment.id}`)).statusCode).toBe(404);
    // Nor can it pull B's user into one of its own departments, or name B's user as a manager.
    const rhDepartment = await t.db.selectFrom('departments').select('id').where('company_id', '=', rh).orderBy('id').executeTakeFirstOrThrow();
    const pull = await scim(rhToken, 'PATCH', `/Groups/${rhDepartment.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'add', path: 'members', value: [{ value: String(client.id) }] }] });
    expect(pull.statusCode).toBe(400);
    const manager = await scim(rhToken, 'PATCH', `/Users/${users.employee.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'add', path: `${ENTERPRISE}:manager`, value: String(client.id) }] });
    expect(manager.statusCode).toBe(400);
    expect(await userRow(client.id)).toEqual(before);
    // B's own token sees B's user.
    expect((await scim(apToken, 'GET', `/Users/${client.id}`)).json()).toMatchObject({ userName: 'client@example.com', active: true });
    expect((await scim(apToken, 'GET', `/Users/${users.employee.id}`)).statusCode).toBe(404);
  });
});

describe('bad filters and bodies: SCIM 400, nothing changed', () => {
  it('refuses filters outside the supported subset with invalidFilter', async () => {
    for (const filter of ['userName co "a"', 'userName eq "a" or userName eq "b"', 'userName eq "open', 'title eq "x"', `userName eq "${'x'.repeat(600)}"`, 'emails[type eq "work"].value eq "a"']) {
      const reply = await scim(rhToken, 'GET', `/Users?filter=${q(filter)}`);
      expect(reply.statusCode, filter).toBe(400);
      expect(reply.headers['content-type']).toMatch(/^application\/scim\+json/);
      expect(reply.json()).toMatchObject({ schemas: [ERROR], status: '400', scimType: 'invalidFilter', detail: expect.stringMatching(/^Invalid filter: /) });
    }
    expect((await scim(rhToken, 'GET', `/Groups?filter=${q('members eq "1"')}`)).json().scimType).toBe('invalidFilter');
    expect((await scim(rhToken, 'GET', '/Users?count=abc')).statusCode).toBe(400);
  });

  it('refuses bad bodies and leaves the user as it was', async () => {
    const target = users.employee.id;
    const before = await userRow(target);
    const cases: Array<[unknown, number, string]> = [
      ['{not json', 400, 'invalidSyntax'],
      [{ Operations: [{ op: 'replace', path: 'active', value: false }] }, 400, 'invalidSyntax'],
      [{ schemas: [PATCH_OP], Operations: [] }, 400, 'invalidSyntax'],
      [{ schemas: [PATCH_OP], Operations: [{ op: 'move', path: 'active', value: false }] }, 400, 'invalidSyntax'],
      [{ schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'active', value: 'maybe' }] }, 400, 'invalidValue'],
      [{ schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'shoeSize', value: 42 }] }, 400, 'invalidPath'],
      [{ schemas: [PATCH_OP], Operations: [{ op: 'remove', path: 'userName' }] }, 400, 'mutability'],
      [{ schemas: [PATCH_OP], Operations: [{ op: 'remove' }] }, 400, 'noTarget'],
      [{ schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'userName', value: 'not-an-email' }] }, 400, 'invalidValue'],
      [{ schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'emails[type eq "home"].value', value: 'a@example.com' }] }, 400, 'invalidPath'],
      // The first operation is fine, the second is not: nothing of either is written.
      [{ schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'displayName', value: 'Changed' }, { op: 'replace', path: 'active', value: 3 }] }, 400, 'invalidValue'],
      [{ schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'displayName', value: 'Changed' }, { op: 'replace', path: 'userName', value: 'approver@example.com' }] }, 409, 'uniqueness'],
    ];
    for (const [body, status, scimType] of cases) {
      const reply = await scim(rhToken, 'PATCH', `/Users/${target}`, body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(status);
      expect(reply.json(), JSON.stringify(body)).toMatchObject({ schemas: [ERROR], status: String(status), scimType });
    }
    expect(await userRow(target)).toEqual(before);
    const count = (await t.db.selectFrom('users').select('id').execute()).length;
    for (const [body, scimType] of [[{ schemas: [CORE], userName: 'approver@example.com' }, 'uniqueness'], [{ schemas: [CORE] }, 'invalidValue'], [{ schemas: ['urn:other'], userName: 'x@example.com' }, 'invalidSyntax'], [[1], 'invalidSyntax']] as const) {
      const reply = await scim(rhToken, 'POST', '/Users', body);
      expect(reply.json(), JSON.stringify(body)).toMatchObject({ schemas: [ERROR], scimType });
    }
    expect((await t.db.selectFrom('users').select('id').execute()).length).toBe(count);
  });
});
