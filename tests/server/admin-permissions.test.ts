import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { demoUsers, getter, poster, tokens, type Users } from './workflow-fixtures';
import { companyRefs, userPayload, wrapperFor } from './admin-fixtures';

/**
 * Spec 000 §6 over every admin submission and read, per role: group admin (RH authorizer),
 * group member (RH employee), authorizer of another group company (RT, so also a group admin),
 * client (AP user) and authorizer of a client company (AP: an authorizer but no group admin). Each cell is the status the server must answer; filings that are
 * allowed are withdrawn again so the cells stay independent.
 */
let t: TestApp;
let users: Users;
let post: ReturnType<typeof poster>;
let get: ReturnType<typeof getter>;
let refs: Record<string, { company: number; department: number; location: number }>;

beforeAll(async () => {
  t = await buildTestApp();
  users = await demoUsers(t.db);
  const auth = tokens(t);
  post = poster(t, auth);
  get = getter(t, auth);
  refs = Object.fromEntries(await Promise.all(['RH', 'RT', 'AP'].map(async (code) => [code, await companyRefs(t.db, code)])));
});
afterAll(async () => t?.close());

const ROLES = ['admin', 'employee', 'rt.authorizer', 'client', 'ap.authorizer'] as const;
type Role = (typeof ROLES)[number];

/** Files, checks the status, and withdraws what was filed (so pending-change refusals do not leak between cells). */
async function expectFiling(role: Role, url: string, body: unknown, status: number) {
  const response = await post(role, url, body);
  expect(response.statusCode, `${role} ${url}: ${response.body}`).toBe(status);
  if (response.statusCode === 201) {
    expect((await post(role, '/api/buffer/withdrawal', { buffer_id: response.json().id })).statusCode).toBe(200);
  }
}

const companyBody = async (code: string) => {
  const { company } = refs[code];
  const locations = await t.db.selectFrom('locations').select(['id', 'address']).where('company_id', '=', company).execute();
  const departments = await t.db.selectFrom('departments').select(['id', 'name']).where('company_id', '=', company).execute();
  return { ...(await wrapperFor(t.db, 'companies', users)), name: `Company ${code}`, locations, departments };
};

describe('user requests', () => {
  const createIn: Record<Role, Record<string, number>> = {
    admin: { RH: 201, RT: 201, AP: 201 },
    employee: { RH: 201, RT: 403, AP: 403 },
    // An authorizer of another group company is a group admin too (group member + authorizer).
    'rt.authorizer': { RH: 201, RT: 201, AP: 201 },
    client: { RH: 403, RT: 403, AP: 201 },
    'ap.authorizer': { RH: 403, RT: 403, AP: 201 },
  };
  for (const role of ROLES) {
    it(`${role} creates users only where §6 allows`, async () => {
      for (const [code, status] of Object.entries(createIn[role])) {
        await expectFiling(role, '/api/buffer/users', await userPayload(t.db, users, code), status);
      }
    });
  }

  it('edit and delete: group admin anywhere, others only users of their own company', async () => {
    const target = users['hina.shimizu']; // an RT user
    const edit = async () => userPayload(t.db, users, 'RT', { email: target.email, name: 'Hina Shimizu' });
    const expected: Record<Role, number> = { admin: 201, employee: 403, 'rt.authorizer': 201, client: 403, 'ap.authorizer': 403 };
    for (const role of ROLES) {
      await expectFiling(role, `/api/buffer/users/${target.id}/edit`, await edit(), expected[role]);
      await expectFiling(role, `/api/buffer/users/${target.id}/delete`, await wrapperFor(t.db, 'users', users), expected[role]);
    }
  });

  it('a user may not delete themselves; unknown users answer 404', async () => {
    await expectFiling('employee', `/api/buffer/users/${users.employee.id}/delete`, await wrapperFor(t.db, 'users', users), 403);
    await expectFiling('admin', '/api/buffer/users/999999/edit', await userPayload(t.db, users, 'RH'), 404);
  });

  it('companies have no delete, and a module without entity has no edit route', async () => {
    await expectFiling('admin', `/api/buffer/companies/${refs.RH.company}/delete`, await wrapperFor(t.db, 'companies', users), 404);
    await expectFiling('admin', `/api/buffer/purchase/1/edit`, {}, 404);
  });
});

describe('company requests', () => {
  it('group members create companies; clients may not', async () => {
    const body = { ...(await wrapperFor(t.db, 'companies', users)), name: 'New Co', locations: [{ id: null, address: 'Somewhere 1' }], departments: [] };
    const expected: Record<Role, number> = { admin: 201, employee: 201, 'rt.authorizer': 201, client: 403, 'ap.authorizer': 403 };
    for (const role of ROLES) await expectFiling(role, '/api/buffer/companies', body, expected[role]);
  });

  it('clients edit only their own company; group members edit any', async () => {
    const expected: Record<Role, Record<string, number>> = {
      admin: { RH: 201, AP: 201 },
      employee: { RH: 201, AP: 201 },
      'rt.authorizer': { RH: 201, AP: 201 },
      client: { RH: 403, AP: 201 },
      'ap.authorizer': { RH: 403, AP: 201 },
    };
    for (const role of ROLES) {
      for (const [code, status] of Object.entries(expected[role])) {
        await expectFiling(role, `/api/buffer/companies/${refs[code].company}/edit`, await companyBody(code), status);
      }
    }
  });

  it('a department or location of another company is refused with 422', async () => {
    const body = await companyBody('AP');
    const foreign = await t.db.selectFrom('departments').select(['id', 'name']).where('company_id', '=', refs.RH.company).executeTakeFirstOrThrow();
    const response = await post('client', `/api/buffer/companies/${refs.AP.company}/edit`, { ...body, departments: [...body.departments, foreign] });
    expect(response.statusCode).toBe(422);
    expect(response.json().violations[0].propertyPath).toMatch(/^departments\[\d+\]\.id$/);
  });
});

describe('background groups', () => {
  it('only group admins file background groups and read them; the settings lock is readable by all', async () => {
    const body = { ...(await wrapperFor(t.db, 'backgrounds', users)), name: 'Matrix group', companies: [refs.RT.company], background_pics: [] };
    const expected: Record<Role, number> = { admin: 201, employee: 403, 'rt.authorizer': 201, client: 403, 'ap.authorizer': 403 };
    for (const role of ROLES) {
      await expectFiling(role, '/api/buffer/backgrounds', body, expected[role]);
      expect((await get(role, '/api/backgrounds')).statusCode, role).toBe(expected[role] === 201 ? 200 : 403);
      expect((await get(role, `/api/backgrounds/setting/${refs.RH.company}`)).statusCode, role).toBe(200);
    }
  });
});

describe('reads of §7', () => {
  const paths = ['/api/companies', '/api/companies-external', '/api/companies/background', '/api/my-organization', '/api/setting_types', '/api/pic_types', '/api/users/pic'];
  it('every role reads the organisation lookups as hydra collections', async () => {
    for (const role of ROLES) {
      for (const path of paths) {
        const response = await get(role, path);
        expect(response.statusCode, `${role} ${path}`).toBe(200);
        expect(response.json()).toHaveProperty('hydra:member');
        expect(typeof response.json()['hydra:totalItems']).toBe('number');
      }
    }
  });

  it('paging and search on /users/pic and /companies/background', async () => {
    const page = (await get('employee', '/api/users/pic?itemsPerPage=10&page=1')).json();
    expect(page['hydra:member']).toHaveLength(10);
    expect(page['hydra:totalItems']).toBeGreaterThan(10);
    expect((await get('employee', '/api/users/pic?name=tanaka')).json()['hydra:member'].map((u: { email: string }) => u.email)).toEqual(['employee@example.com']);
    expect((await get('employee', '/api/users/pic?name=' + 'x'.repeat(101))).statusCode).toBe(400);
    const companies = (await get('employee', '/api/companies/background')).json()['hydra:member'];
    expect(companies.find((c: { id: number }) => c.id === refs.RH.company).background).toMatchObject({ name: expect.any(String) });
    const type = (await get('employee', '/api/pic_types')).json()['hydra:member'][0];
    expect((await get('employee', `/api/pic_types/${type.id}`)).json()).toMatchObject({ id: type.id, name: type.name });
    expect((await get('employee', '/api/pic_types/99999')).statusCode).toBe(404);
  });
});
