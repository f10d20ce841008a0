import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';

let t: TestApp;
let token: string;
let ids: { currency: number; company: number; department: number; otherDepartment: number; steps: Array<{ id: number; optional: boolean; approver_role: string | null }>; approver: number; authorizer: number };

beforeAll(async () => {
  t = await buildTestApp();
  token = await t.login('employee@example.com');
  const currency = await t.db.selectFrom('currencies').select('id').where('code', '=', 'CNY').executeTakeFirstOrThrow();
  const company = await t.db.selectFrom('companies').select('id').where('code', '=', 'RH').executeTakeFirstOrThrow();
  const department = await t.db.selectFrom('departments').select('id').where('company_id', '=', company.id).orderBy('id').executeTakeFirstOrThrow();
  const other = await t.db.selectFrom('departments').select('id').where('company_id', '!=', company.id).orderBy('id').executeTakeFirstOrThrow();
  const steps = await t.db.selectFrom('master_processes').innerJoin('processes', 'processes.id', 'master_processes.process_id')
    .select(['master_processes.id', 'master_processes.optional', 'processes.approver_role']).where('module_code', '=', 'purchase').orderBy('position').execute();
  const approver = await t.db.selectFrom('users').select('id').where('email', '=', 'approver@example.com').executeTakeFirstOrThrow();
  const authorizer = await t.db.selectFrom('users').select('id').where('email', '=', 'authorizer@example.com').executeTakeFirstOrThrow();
  ids = { currency: currency.id, company: company.id, department: department.id, otherDepartment: other.id, steps, approver: approver.id, authorizer: authorizer.id };
});
afterAll(async () => t?.close());

/** An eligible approver of a step: the authorizer on the role-bound step, the plain approver elsewhere. */
const approverFor = (step: { approver_role: string | null }) => (step.approver_role === 'authorizer' ? ids.authorizer : ids.approver);

function validBody(): Record<string, unknown> {
  return {
    send_notification_first_approval: true,
    save_approvers: true,
    approvals: ids.steps.map((s) => ({ approver_id: s.optional ? null : approverFor(s), master_process_id: s.id })),
    currency_id: ids.currency,
    company_id: ids.company,
    department_id: ids.department,
    purchase_goods: [
      { department_id: ids.department, delivery_date: '2026-12-01', goods_name: 'Laptop', qty: 3, budget: 1000, arrange_by: 'me' },
      { department_id: ids.department, delivery_date: '2026-12-02', goods_name: 'Desk', qty: 2, budget: 250.5 },
    ],
    total_estimated: 1250.5,
    user_finances: [],
  };
}

async function post(body: unknown, lang = 'en', auth = true, code = 'purchase') {
  return t.app.inject({
    method: 'POST', url: `/api/buffer/${code}`, payload: body as Record<string, unknown>,
    headers: { 'accept-language': lang, ...(auth ? { authorization: `Bearer ${token}` } : {}) },
  });
}

const documentCount = async () => Number((await t.db.selectFrom('buffers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('POST /api/buffer/purchase', () => {
  it('files a valid purchase with a code, its definition version and approval steps', async () => {
    const response = await post(validBody());
    expect(response.statusCode).toBe(201);
    const filed = response.json();
    expect(filed.code).toMatch(new RegExp(`^PUR-${new Date().getUTCFullYear()}-\\d{6}$`));
    expect(filed.status).toBe(0);

    const buffer = await t.db.selectFrom('buffers').selectAll().where('id', '=', filed.id).executeTakeFirstOrThrow();
    expect(buffer.module_code).toBe('purchase');
    expect(buffer.company_id).toBe(ids.company);
    expect(buffer.department_id).toBe(ids.department);
    expect(buffer.definition_version).toMatch(/^[0-9a-f]{16}$/);
    const data = buffer.data as Record<string, any>;
    expect(data.total_estimated).toBe(1250.5);
    expect(data.purchase_goods[0].estimated_unit_price).toBe(333.33);
    expect(data.purchase_goods[1].estimated_unit_price).toBe(125.25);

    const steps = await t.db.selectFrom('approvals').selectAll().where('buffer_id', '=', filed.id).orderBy('position').execute();
    const mandatory = ids.steps.filter((s) => !s.optional);
    expect(steps.map((s) => s.master_process_id)).toEqual(mandatory.map((s) => s.id));
    expect(steps.map((s) => s.active)).toEqual(mandatory.map((_, i) => i === 0));
    const candidates = await t.db.selectFrom('approval_candidates').selectAll().where('approval_id', '=', steps[0].id).execute();
    expect(candidates.map((c) => c.user_id)).toEqual([ids.approver]);

    const saved = await t.db.selectFrom('saved_approvers').select(['master_process_id', 'approver_id']).where('module_code', '=', 'purchase').where('user_id', '=', buffer.requester_id).execute();
    expect(saved).toHaveLength(mandatory.length);

    const version = await t.db.selectFrom('module_definition_versions').select('code').where('version', '=', buffer.definition_version).executeTakeFirst();
    expect(version?.code).toBe('purchase');
  });

  it('numbers concurrent submissions with distinct codes', async () => {
    const responses = await Promise.all([post(validBody()), post(validBody()), post(validBody())]);
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(responses.map((r) => r.json().code)).size).toBe(3);
  });

  it('replaces the saved approvers with the filing\'s choice: an approver no longer chosen is forgotten', async () => {
    const requester = await t.db.selectFrom('users').select('id').where('email', '=', 'employee@example.com').executeTakeFirstOrThrow();
    const chosenStep = ids.steps.find((s) => s.approver_role === 'authorizer')!;
    // A list saved earlier: the chosen step with someone else as well.
    await t.db.deleteFrom('saved_approvers').where('user_id', '=', requester.id).where('module_code', '=', 'purchase').execute();
    await t.db.insertInto('saved_approvers').values({ user_id: requester.id, module_code: 'purchase', master_process_id: chosenStep.id, approver_id: ids.approver, position: 0 }).execute();
    expect((await post(validBody())).statusCode).toBe(201);
    const saved = await t.db.selectFrom('saved_approvers').select(['master_process_id', 'approver_id', 'position'])
      .where('user_id', '=', requester.id).where('module_code', '=', 'purchase').orderBy('master_process_id').execute();
    expect(saved.filter((row) => row.master_process_id === chosenStep.id)).toEqual([{ master_process_id: chosenStep.id, approver_id: ids.authorizer, position: 0 }]);
  });

  it('files the optional step when the route says it applies (the director of a purchase of 100,000 CNY or more)', async () => {
    const body = validBody();
    (body.purchase_goods as Array<Record<string, unknown>>)[0].budget = 100_000;
    const response = await post(body);
    expect(response.statusCode).toBe(201);
    const steps = await t.db.selectFrom('approvals').select('master_process_id').where('buffer_id', '=', response.json().id).execute();
    expect(steps).toHaveLength(ids.steps.length);
  });

  const cases: Array<[string, (b: Record<string, any>) => void, string, string]> = [
    ['currency', (b) => { delete b.currency_id; }, 'currency_id', 'Please select currency'],
    ['company', (b) => { b.company_id = null; }, 'company_id', 'Please select company'],
    ['department', (b) => { delete b.department_id; }, 'department_id', 'Please select department'],
    ['total estimated', (b) => { b.purchase_goods = []; }, 'total_estimated', 'Total estimated must not be zero'],
    // The manager step resolves by the route; the authorizer's is the requester's to choose.
    ['approvers', (b) => { b.approvals = b.approvals.filter((a: { master_process_id: number }) => ids.steps.find((s) => s.id === a.master_process_id)?.approver_role !== 'authorizer'); }, 'approvals', 'Please choose an approver for every required step'],
    ['goods name', (b) => { b.purchase_goods[1].goods_name = ' '; }, 'purchase_goods[1].goods_name', 'Please enter goods name'],
  ];
  for (const [name, change, path, message] of cases) {
    it(`answers 422 with the ${name} message first and stores nothing`, async () => {
      const before = await documentCount();
      const body = validBody();
      change(body);
      const response = await post(body);
      expect(response.statusCode).toBe(422);
      const error = response.json();
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.message).toBe(message);
      expect(error.violations[0]).toEqual({ propertyPath: path, message });
      expect(await documentCount()).toBe(before);
    });
  }

  it('reports every violation in the spec order, in the request language', async () => {
    const response = await post({}, 'ja');
    expect(response.statusCode).toBe(422);
    expect(response.json().violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual(['currency_id', 'company_id', 'department_id', 'total_estimated', 'approvals']);
    expect(response.json().message).toBe('通貨を選択してください');
  });

  it('answers wrong types with a clear 422 naming the field', async () => {
    const body = validBody();
    body.currency_id = 'CNY';
    (body.purchase_goods as Array<Record<string, unknown>>)[0].qty = 'three';
    const response = await post(body);
    expect(response.statusCode).toBe(422);
    expect(response.json().violations).toEqual([
      { propertyPath: 'currency_id', message: 'Currency must be a whole number' },
      { propertyPath: 'purchase_goods[0].qty', message: 'Quantity must be a number' },
    ]);
  });

  it('refuses ids that do not exist or do not belong together', async () => {
    const body = validBody();
    body.department_id = ids.otherDepartment;
    const response = await post(body);
    expect(response.statusCode).toBe(422);
    expect(response.json().violations[0].propertyPath).toBe('department_id');
    const unknownApprover = validBody();
    (unknownApprover.approvals as Array<Record<string, unknown>>)[0].approver_id = 999999;
    const second = await post(unknownApprover);
    expect(second.statusCode).toBe(422);
    expect(second.json().message).toBe('The chosen approver does not exist');
  });

  it('answers 404 for an unknown module and 401 without a login', async () => {
    const unknown = await post(validBody(), 'en', true, 'no-such-module');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Unknown module: no-such-module' });
    const subForm = await post(validBody(), 'en', true, 'purchase-goods');
    expect(subForm.statusCode).toBe(404);
    const anonymous = await post(validBody(), 'en', false);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHORIZED');
  });
});

describe('GET /api/buffer/next_code', () => {
  it('previews the next document code of a module', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/buffer/next_code?module_code=purchase', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(200);
    const last = await t.db.selectFrom('buffers').select('code').where('module_code', '=', 'purchase').orderBy('code', 'desc').executeTakeFirstOrThrow();
    const next = Number(last.code.slice(-6)) + 1;
    expect(response.json()).toEqual({ code: `${last.code.slice(0, -6)}${String(next).padStart(6, '0')}`, stamp_no: null });
  });
});
