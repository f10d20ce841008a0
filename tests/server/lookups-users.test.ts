import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { getAs } from './lookup-helpers';
import { DEMO_COMPANIES, DEMO_USERS } from '../../server/demo/seed-data';
import { readDefinitionSet } from '../../server/definitions/definition-store';

const definitions = await readDefinitionSet(undefined, { check: false });

// Expected figures come from the demo data, so growing it does not break these tests.
const colleagues = (code: string) => DEMO_USERS.filter((u) => u.company === code).length;
const externalCompanies = DEMO_COMPANIES.filter((c) => !c.is_group).length;
const withFlag = (flag: string) => DEMO_USERS.filter((u) => (u.flags as string[]).includes(flag))
  .sort((a, b) => a.name.localeCompare(b.name)).map((u) => u.email);
const groupCodes = new Set(DEMO_COMPANIES.filter((c) => c.is_group).map((c) => c.code));

let t: TestApp;
let get: ReturnType<typeof getAs>;
beforeAll(async () => {
  t = await buildTestApp();
  get = getAs(t, await t.login('employee@example.com'));
});
afterAll(async () => { await t?.close(); });

const emails = (body: { 'hydra:member': Array<{ email: string }> }) => body['hydra:member'].map((u) => u.email);

describe('GET /api/profile', () => {
  test('has every field of the spec User for the employee', async () => {
    const { status, body } = await get('/api/profile');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      name: 'Emi Tanaka', email: 'employee@example.com', initial_name: 'ET', join_date: '2021-04-01',
      company: { code: 'RH', name: 'Ringi Holdings', is_group: true }, department: { name: 'Sales' },
      location: { address: '1-1 Marunouchi, Chiyoda-ku, Tokyo' },
      is_authorizer: false, is_finance: false, is_treasury: false, is_legal: false, is_ringi_group_member: true,
      roles: { 'hydra:member': ['ROLE_USER'] }, my_organization_count: colleagues('RH'), external_company_count: externalCompanies,
    });
    expect(body.user_id).toBe(body.id);
    expect(body.user_settings).toHaveLength(4);
    expect(body.user_settings[0]).toMatchObject({ setting_type: { name: 'Company Authorizer' }, approver: { name: 'Haruka Suzuki' } });
    expect(body).not.toHaveProperty('password_hash');
    expect(body).not.toHaveProperty('failed_attempts');
  });

  test.each([
    // Group member + company authorizer = group admin (spec 000 §6): both RH authorizers are.
    ['authorizer@example.com', { is_authorizer: true, is_company_authorizer: true, is_group_admin: true }, ['ROLE_USER', 'ROLE_AUTHORIZER', 'ROLE_COMPANY_AUTHORIZER', 'ROLE_GROUP_ADMIN']],
    ['finance@example.com', { is_finance: true }, ['ROLE_USER', 'ROLE_FINANCE']],
    ['treasury@example.com', { is_treasury: true }, ['ROLE_USER', 'ROLE_TREASURY']],
    ['legal@example.com', { is_legal: true }, ['ROLE_USER', 'ROLE_LEGAL']],
    ['admin@example.com', { is_authorizer: true, is_company_authorizer: true, is_group_admin: true }, ['ROLE_USER', 'ROLE_AUTHORIZER', 'ROLE_COMPANY_AUTHORIZER', 'ROLE_GROUP_ADMIN']],
    ['client@example.com', { is_ringi_group_member: false, is_group_admin: false, my_organization_count: colleagues('AP') }, ['ROLE_USER']],
    // An authorizer outside the group is a company authorizer but not a group admin.
    ['ap.authorizer@example.com', { is_authorizer: true, is_ringi_group_member: false, is_group_admin: false }, ['ROLE_USER', 'ROLE_AUTHORIZER', 'ROLE_COMPANY_AUTHORIZER']],
  ])('%s has its flags and roles', async (email, flags, roles) => {
    const body = (await getAs(t, await t.login(email))('/api/profile')).body;
    expect(body).toMatchObject(flags);
    expect(body.roles['hydra:member']).toEqual(roles);
  });
});

describe('GET /api/users/approver', () => {
  test('lists approver candidates, group members first, 10 per page by default', async () => {
    const { body } = await get('/api/users/approver');
    expect(body['hydra:totalItems']).toBe(DEMO_USERS.length);
    expect(body['hydra:member']).toHaveLength(Math.min(10, DEMO_USERS.length));
    const all = (await get('/api/users/approver?itemsPerPage=100')).body['hydra:member'] as Array<{ is_ringi_group_member: boolean; company: { code: string } }>;
    const firstOutside = all.findIndex((u) => !u.is_ringi_group_member);
    expect(firstOutside).toBe(DEMO_USERS.filter((u) => groupCodes.has(u.company)).length);
    expect(all.slice(firstOutside).every((u) => !u.is_ringi_group_member && !groupCodes.has(u.company.code))).toBe(true);
    expect(body['hydra:member'][0]).toHaveProperty('is_authorizer');
    expect((await get('/api/users/approver?itemsPerPage=4&page=3')).body['hydra:member']).toHaveLength(Math.max(0, Math.min(4, DEMO_USERS.length - 8)));
  });

  test('searches by name and limits role-bound steps to users with that role', async () => {
    expect(emails((await get('/api/users/approver?name=sato')).body)).toEqual(['approver@example.com']);
    const steps = (await get('/api/master_processes?module_code=payment')).body['hydra:member'];
    const treasury = steps.find((s: { process: { code: string } }) => s.process.code === 'p-treasury');
    expect(emails((await get(`/api/users/approver?masterProcessId=${treasury.id}`)).body).sort()).toEqual(withFlag('is_treasury').sort());
    expect(emails((await get(`/api/users/approver?masterProcessId=${treasury.id}`)).body)).toContain('treasury@example.com');
    const manager = steps.find((s: { process: { code: string } }) => s.process.code === 'p-manager');
    // Every enabled group member but the requester (the eligibility rule); the client of another company is not offered.
    const offered = emails((await get(`/api/users/approver?masterProcessId=${manager.id}&itemsPerPage=100`)).body);
    const groupUsers = await t.db.selectFrom('users').innerJoin('companies', 'companies.id', 'users.company_id')
      .select('users.email').where('companies.is_group', '=', true).where('users.disabled', '=', false).execute();
    expect(offered.sort()).toEqual(groupUsers.map((u) => u.email).filter((e) => e !== 'employee@example.com').sort());
    expect(offered).not.toContain('client@example.com');
    expect((await get('/api/users/approver?masterProcessId=9999')).status).toBe(404);
    expect((await get('/api/users/approver?itemsPerPage=0')).status).toBe(400);
  });

  test('disabled users are not offered', async () => {
    await t.db.updateTable('users').set({ disabled: true }).where('email', '=', 'approver2@example.com').execute();
    expect(emails((await get('/api/users/approver?itemsPerPage=100')).body)).not.toContain('approver2@example.com');
    await t.db.updateTable('users').set({ disabled: false }).where('email', '=', 'approver2@example.com').execute();
  });
});

test('GET /api/users/finance lists finance users for forwarding', async () => {
  const { body } = await get('/api/users/finance');
  // Forwarding stays inside the document's company: the requester's own (RH) without companyId.
  const rhFinance = DEMO_USERS.filter((u) => u.company === 'RH' && (u.flags as string[]).includes('is_finance')).map((u) => u.email);
  expect(emails(body).sort()).toEqual(rhFinance.sort());
  expect(emails(body)).toContain('finance@example.com');
  expect((await get('/api/users/finance?name=nobody')).body['hydra:totalItems']).toBe(0);
});

test('GET /api/users/{id} answers the user detail, 404 for an unknown one', async () => {
  const approver = (await get('/api/users/approver?name=sato')).body['hydra:member'][0];
  const { status, body } = await get(`/api/users/${approver.id}`, 'ja');
  expect(status).toBe(200);
  expect(body).toMatchObject({ id: approver.id, name: 'Kenji Sato', department: { name: '営業部' }, roles: { 'hydra:member': ['ROLE_USER'] } });
  expect(body.user_settings).toHaveLength(4);
  expect((await get('/api/users/9999')).status).toBe(404);
});

describe('processes', () => {
  test('GET /api/master_processes lists the ordered steps of a module', async () => {
    const { body } = await get('/api/master_processes?module_code=reimbursement');
    // The module's route as its definition file has it (processes/reimbursement.json), in order.
    const route = JSON.parse(readFileSync('processes/reimbursement.json', 'utf8')) as { steps: Array<{ code: string; optional?: boolean }> };
    expect(body['hydra:member'].map((s: { position: number; optional: boolean; process: { code: string } }) =>
      [s.position, s.process.code, s.optional])).toEqual(route.steps.map((step, i) => [i + 1, step.code, step.optional === true]));
    expect(body['hydra:member'][0].process).toMatchObject({ id: expect.any(Number), name: 'Manager approval' });
    expect((await get('/api/master_processes')).status).toBe(400);
    expect((await get('/api/master_processes?module_code=unknown-module')).body['hydra:totalItems']).toBe(0);
  });

  // Every module of the definitions, never a list spelled here: the rows follow processes/<code>.json.
  test.each(Object.values(definitions.modules).filter((m) => m.kind === 'module').map((m) => [m.code, m.process ?? []] as const))(
    '%s has the ordered steps of its definition (codes, optional flags, names)', async (module, steps) => {
      const rows = (await get(`/api/master_processes?module_code=${module}`)).body['hydra:member'];
      expect(steps.length).toBeGreaterThan(0);
      expect(rows.map((s: { position: number; optional: boolean; process: { code: string; name: string } }) => [s.position, s.process.code, s.optional, s.process.name]))
        .toEqual(steps.map((step, i) => [i + 1, step.code, step.optional === true, step.names.en]));
    },
  );

  test('GET /api/my-default-process/{moduleCode}: steps and default approvers for every mandatory step', async () => {
    const { status, body } = await get('/api/my-default-process/payment');
    expect(status).toBe(200);
    const mandatory = body.process.filter((s: { optional: boolean }) => !s.optional).map((s: { id: number }) => s.id);
    expect(body.default_approvers.map((a: { master_process_id: number }) => a.master_process_id)).toEqual(mandatory);
    expect(body.default_approvers.map((a: { approver: { email: string } }) => a.approver.email)).toEqual([
      'approver@example.com', 'finance@example.com', 'authorizer@example.com', 'treasury@example.com',
    ]);
    expect(body.default_approvers[0]).toMatchObject({ is_ringi_group_member: true, approver: { name: 'Kenji Sato' } });
    expect((await get('/api/my-default-process/unknown-module')).status).toBe(404);
  });

  test('GET /api/saved_approvers lists my remembered approvers for a module', async () => {
    const { body } = await get('/api/saved_approvers?moduleCode=corporate-seal');
    expect(body['hydra:member'].map((a: { approver: { email: string } }) => a.approver.email)).toEqual(['approver@example.com', 'legal@example.com']);
    expect((await get('/api/saved_approvers')).status).toBe(400);
    // The approver's own first step goes to their manager instead of themselves.
    const approver = getAs(t, await t.login('approver@example.com'));
    expect((await approver('/api/saved_approvers?moduleCode=purchase')).body['hydra:member'][0].approver.email).toBe('approver2@example.com');
  });
});
