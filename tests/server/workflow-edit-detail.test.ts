import { describe, expect, it } from 'vitest';
import type { TestApp } from './helpers';
import { filePurchase, insertDocument, purchaseBody, type Users, workflowSuite, type Auth, type Poster, type Getter } from './workflow-fixtures';

let t: TestApp;
let users: Users;
let post: Poster;
let get: Getter;
let auth: Auth;
workflowSuite((suite) => ({ t, users, post, get, auth } = suite));

const file = async () => filePurchase(t, await auth('employee'), await purchaseBody(t.db, users));
const stored = async (id: number) => (await t.db.selectFrom('buffers').select(['data', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow());
const histories = async (id: number) => t.db.selectFrom('buffer_histories').select(['user_id', 'data']).where('buffer_id', '=', id).orderBy('id').execute();

describe('POST /api/buffer/{id}/edit', () => {
  it('validates like a submit, stores the data with computed fields and records each changed field', async () => {
    const filed = await file();
    const before = (await stored(filed.id)).data as any;
    const goods = [{ ...before.purchase_goods[0], budget: 3000, qty: 3 }];
    const response = await post('employee', `/api/buffer/${filed.id}/edit`, { data: { purchase_goods: goods, total_estimated: 3000 } });
    expect(response.statusCode).toBe(200);
    // Nobody had decided and the route is the same: nothing to clear (the steps are filed again under new ids).
    expect(response.json()).toEqual({ id: filed.id, status: 0, changed_fields: ['purchase_goods', 'total_estimated'], approvals_cleared: false });
    const after = (await stored(filed.id)).data as any;
    expect(after.total_estimated).toBe(3000);
    expect(after.purchase_goods[0].estimated_unit_price).toBe(1000);
    expect(after.currency_id).toBe(before.currency_id);
    const rows = await histories(filed.id);
    expect(rows.map((r) => [r.user_id, (r.data as any).field, (r.data as any).old_value, (r.data as any).value])).toEqual([
      [users.employee.id, 'purchase_goods', before.purchase_goods, after.purchase_goods],
      [users.employee.id, 'total_estimated', 1000, 3000],
    ]);

    const last = (await get('approver', `/api/buffer/${filed.id}/last-history`)).json();
    expect(last['hydra:totalItems']).toBe(2);
    // The whole entry comes through the route's response schema: old and new value (also objects), who, when.
    expect(last['hydra:member'][1]).toEqual({ field: 'total_estimated', value: 3000, old_value: 1000, user: { id: users.employee.id, name: users.employee.name }, created_at: expect.any(String) });
    expect(last['hydra:member'][0]).toMatchObject({ field: 'purchase_goods', old_value: before.purchase_goods, value: after.purchase_goods });
    expect(last.merged_info).toEqual({ purchase_goods: last['hydra:member'][0], total_estimated: last['hydra:member'][1] });
    const view = (await get('employee', `/api/buffers/${filed.id}`)).json();
    expect(view.approval_logs.map((l: any) => l.action)).toEqual(['submit', 'edit']);
    expect(view.info.total).toBe(3000);
  });

  it('answers a bad edit with the submission\'s 422 violations and stores nothing', async () => {
    const filed = await file();
    const before = await stored(filed.id);
    const missing = await post('employee', `/api/buffer/${filed.id}/edit`, { data: { currency_id: null } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().violations[0].propertyPath).toBe('currency_id');
    const submitted = await post('employee', '/api/buffer/purchase', { ...(await purchaseBody(t.db, users)), currency_id: null });
    expect(missing.json().message).toBe(submitted.json().message);
    const wrongType = await post('employee', `/api/buffer/${filed.id}/edit`, { data: { total_estimated: 'lots' } });
    expect(wrongType.statusCode).toBe(422);
    const otherDepartment = await t.db.selectFrom('departments').innerJoin('companies', 'companies.id', 'departments.company_id')
      .select('departments.id').where('companies.code', '=', 'RT').executeTakeFirstOrThrow();
    const mismatch = await post('employee', `/api/buffer/${filed.id}/edit`, { data: { department_id: otherDepartment.id } });
    expect(mismatch.statusCode).toBe(422);
    expect(await stored(filed.id)).toEqual(before);
    expect(await histories(filed.id)).toEqual([]);
    expect((await post('employee', `/api/buffer/${filed.id}/edit`, {})).statusCode).toBe(400);
  });

  it('lets the requester and the active step\'s approvers edit; refuses others and ended or non-editable documents', async () => {
    // Forwarded at filing: the finance user sees it but may not edit it.
    const filed = await filePurchase(t, await auth('employee'), await purchaseBody(t.db, users, { user_finances: [users.finance.id] }));
    const edit = (user: string, id = filed.id) => post(user, `/api/buffer/${id}/edit`, { data: { total_estimated: 1000, purchase_goods: [] } });
    // The forward-document users are read-only on the edit page (spec 000 §2): an edit keeps them.
    const approverEdit = await post('approver', `/api/buffer/${filed.id}/edit`, { data: { user_finances: [] } });
    expect(approverEdit.statusCode).toBe(200);
    expect(approverEdit.json().changed_fields).toEqual([]);
    expect((await edit('finance')).statusCode).toBe(403);
    expect((await edit('authorizer')).statusCode).toBe(403);
    expect((await edit('client')).statusCode).toBe(404);
    const unchanged = await post('employee', `/api/buffer/${filed.id}/edit`, { data: {} });
    expect(unchanged.json().changed_fields).toEqual([]);

    await post('approver', `/api/approvals/${filed.steps[0]}/action`, { approve: false });
    const ended = await post('employee', `/api/buffer/${filed.id}/edit`, { data: { user_finances: [] } });
    expect(ended.statusCode).toBe(409);
    expect(ended.json().code).toBe('ILLEGAL_TRANSITION');

    const other = await insertDocument(t.db, { module: 'no-such-module', requester: users.employee.id, code: 'X-1', steps: [] });
    expect((await post('employee', `/api/buffer/${other.id}/edit`, { data: { total: 1 } })).json()).toMatchObject({ code: 'ILLEGAL_TRANSITION', message: 'Documents of this kind cannot be edited' });
  });
});

describe('POST /api/buffer/{id}/histories and GET last-history', () => {
  it('records explicit entries without changing the document; the last change per field wins', async () => {
    const filed = await file();
    const empty = (await get('employee', `/api/buffer/${filed.id}/last-history`)).json();
    expect(empty).toEqual({ 'hydra:member': [], 'hydra:totalItems': 0, merged_info: {} });
    const before = await stored(filed.id);
    const first = await post('employee', `/api/buffer/${filed.id}/histories`, { data: { note: 'first', total_estimated: 5 } });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ id: filed.id, recorded: 2 });
    await post('approver', `/api/buffer/${filed.id}/histories`, { data: { note: 'second' } });
    expect((await stored(filed.id)).data).toEqual(before.data);
    const last = (await get('employee', `/api/buffer/${filed.id}/last-history`)).json();
    expect(last['hydra:member'].map((h: any) => [h.field, h.value, h.user.name])).toEqual([
      ['note', 'second', users.approver.name], ['total_estimated', 5, users.employee.name],
    ]);
    expect(last.merged_info.note).toMatchObject({ value: 'second', old_value: null });
    expect((await post('authorizer', `/api/buffer/${filed.id}/histories`, { data: { note: 'x' } })).statusCode).toBe(403);
  });
});

describe('the document with its timeline', () => {
  it('answers GET /api/approvals/{id}/buffer and /api/buffers/{id} with steps, candidates, logs and the requester', async () => {
    const filed = await file();
    await post('approver', `/api/approvals/${filed.steps[0]}/action`, { approve: true });
    const byStep = (await get('authorizer', `/api/approvals/${filed.steps[1]}/buffer`)).json();
    const byId = (await get('authorizer', `/api/buffers/${filed.id}`)).json();
    expect(byStep).toEqual(byId);
    expect(byId).toMatchObject({
      id: filed.id, code: filed.code, status: 0, module: { code: 'purchase' }, definition_version: expect.stringMatching(/^[0-9a-f]{16}$/),
      requester: { id: users.employee.id, name: users.employee.name }, current_approval_id: filed.steps[1], waiting_for: 'Company authorizer',
      can: { approve: true, reject: true, step_back: true, withdraw: false, edit: true, treasury: false },
    });
    expect(byId.approvals).toHaveLength(2);
    expect(byId.approvals[0]).toMatchObject({
      id: filed.steps[0], status: 1, active: false, approver: { id: users.approver.id, name: users.approver.name },
      master_process: { optional: false, process: { code: 'p-manager', name: 'Manager approval' } },
      prospective_approvers: [{ id: users.approver.id, name: users.approver.name }],
      approval_logs: [{ log_text: `Approved by ${users.approver.name}`, action: 'approve', user: { id: users.approver.id } }],
    });
    expect(byId.approvals[1]).toMatchObject({ status: 0, active: true, approver: null, approved_at: null, approval_logs: [] });
    const ja = await t.app.inject({ method: 'GET', url: `/api/buffers/${filed.id}`, headers: { authorization: `Bearer ${await auth('employee')}`, 'accept-language': 'ja' } });
    expect(ja.json().approvals[0].approval_logs[0].log_text).toBe(`${users.approver.name} が承認しました`);
    expect(ja.json().approvals[0].master_process.process.name).toBe('上長承認');
  });

  it('writes every key of the document\'s data, also one with a line break, in the list and the detail', async () => {
    const filed = await file();
    // Stored data is free-form JSON (a key no definition declares may have come with an import); a line
    // break in a key is what a `patternProperties` key pattern (`^(.*)$`) made the serializer drop.
    const key = 'line\nbreak';
    const data = { ...((await stored(filed.id)).data as Record<string, unknown>), [key]: 'kept' };
    await t.db.updateTable('buffers').set({ data: JSON.stringify(data) }).where('id', '=', filed.id).execute();
    const listed = (await get('employee', '/api/my-buffers?itemsPerPage=100')).json()['hydra:member'].find((b: { id: number }) => b.id === filed.id);
    expect(listed.data).toEqual(data);
    expect((await get('employee', `/api/buffers/${filed.id}`)).json().data).toEqual(data);
    // The step action's `data` is any object or null, as before: such a key passes the schema (the step
    // reads only its own fields), anything but an object is still the schema's 400.
    expect((await post('approver', `/api/approvals/${filed.steps[0]}/action`, { approve: true, data: { [key]: 1 } })).statusCode).toBe(200);
    for (const bad of [[], 'x', 1]) {
      expect((await post('authorizer', `/api/approvals/${filed.steps[1]}/action`, { approve: true, data: bad })).statusCode, JSON.stringify(bad)).toBe(400);
    }
  });
});
