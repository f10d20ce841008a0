import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { getAs } from './lookup-helpers';

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
      roles: { 'hydra:member': ['ROLE_USER'] }, my_organization_count: 7, external_company_count: 1,
    });
    expect(body.user_id).toBe(body.id);
    expect(body.user_settings).toHaveLength(4);
    expect(body.user_settings[0]).toMatchObject({ setting_type: { name: 'Company Authorizer' }, approver: { name: 'Haruka Suzuki' } });
    expect(body).not.toHaveProperty('password_hash');
    expect(body).not.toHaveProperty('failed_attempts');
  });

  test.each([
    ['authorizer@example.com', { is_authorizer: true }, ['ROLE_USER', 'ROLE_AUTHORIZER']],
    ['finance@example.com', { is_finance: true }, ['ROLE_USER', 'ROLE_FINANCE']],
    ['treasury@example.com', { is_treasury: true }, ['ROLE_USER', 'ROLE_TREASURY']],
    ['legal@example.com', { is_legal: true }, ['ROLE_USER', 'ROLE_LEGAL']],
    ['admin@example.com', { is_company_authorizer: true, is_group_admin: true }, ['ROLE_USER', 'ROLE_COMPANY_AUTHORIZER', 'ROLE_GROUP_ADMIN']],
    ['client@example.com', { is_ringi_group_member: false, is_group_admin: false, my_organization_count: 1 }, ['ROLE_USER']],
  ])('%s has its flags and roles', async (email, flags, roles) => {
    const body = (await getAs(t, await t.login(email))('/api/profile')).body;
    expect(body).toMatchObject(flags);
    expect(body.roles['hydra:member']).toEqual(roles);
  });
});

describe('GET /api/users/approver', () => {
  test('lists approver candidates, group members first, 10 per page by default', async () => {
    const { body } = await get('/api/users/approver');
    expect(body['hydra:totalItems']).toBe(9);
    expect(body['hydra:member']).toHaveLength(9);
    expect(body['hydra:member'][8]).toMatchObject({ email: 'client@example.com', is_ringi_group_member: false, company: { code: 'AP' } });
    expect(body['hydra:member'][0]).toHaveProperty('is_authorizer');
    expect((await get('/api/users/approver?itemsPerPage=4&page=3')).body['hydra:member']).toHaveLength(1);
  });

  test('searches by name and limits role-bound steps to users with that role', async () => {
    expect(emails((await get('/api/users/approver?name=sato')).body)).toEqual(['approver@example.com']);
    const steps = (await get('/api/master_processes?module_code=payment')).body['hydra:member'];
    const treasury = steps.find((s: { process: { code: string } }) => s.process.code === 'p-treasury');
    expect(emails((await get(`/api/users/approver?masterProcessId=${treasury.id}`)).body)).toEqual(['treasury@example.com']);
    const manager = steps.find((s: { process: { code: string } }) => s.process.code === 'p-manager');
    expect((await get(`/api/users/approver?masterProcessId=${manager.id}`)).body['hydra:totalItems']).toBe(9);
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
  expect(emails(body)).toEqual(['finance@example.com']);
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
    expect(body['hydra:member'].map((s: { position: number; optional: boolean; process: { code: string } }) =>
      [s.position, s.process.code, s.optional])).toEqual([
      [1, 'p-manager', false], [2, 'p-director', true], [3, 'p-finance', false], [4, 'p-treasury', false],
    ]);
    expect(body['hydra:member'][0].process).toMatchObject({ id: expect.any(Number), name: 'Manager approval' });
    expect((await get('/api/master_processes')).status).toBe(400);
    expect((await get('/api/master_processes?module_code=unknown-module')).body['hydra:totalItems']).toBe(0);
  });

  test.each(['reimbursement', 'payment', 'purchase', 'contract-supplier', 'contract-customer', 'corporate-seal', 'collection-debt', 'collection-report', 'collection-sales'])(
    '%s has ordered steps with at least one optional, and its signer/treasury step', async (module) => {
      const steps = (await get(`/api/master_processes?module_code=${module}`)).body['hydra:member'];
      expect(steps.length).toBeGreaterThan(1);
      expect(steps.some((s: { optional: boolean }) => s.optional)).toBe(true);
      const processCodes = steps.map((s: { process: { code: string } }) => s.process.code);
      if (['payment', 'reimbursement'].includes(module)) expect(processCodes).toContain('p-treasury');
      if (['contract-supplier', 'contract-customer', 'corporate-seal'].includes(module)) expect(processCodes).toContain('p-signer');
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
