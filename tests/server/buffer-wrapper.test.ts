import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';

/**
 * A module with bypass, a stamp number and its body under `transaction`, added as files only
 * (DEFINITIONS_DIR points the server at a copy of the definitions with it).
 */
const root = mkdtempSync(join(tmpdir(), 'ringi-defs-'));
const repo = resolve(import.meta.dirname, '../..');
for (const dir of ['schemas', 'uiSchemas', 'rules', 'processes', 'attachments', 'locales']) cpSync(join(repo, dir), join(root, dir), { recursive: true });
const write = (file: string, json: unknown) => { mkdirSync(join(root, file, '..'), { recursive: true }); writeFileSync(join(root, file), JSON.stringify(json)); };
write('schemas/stamp-demo.json', {
  type: 'object',
  properties: { customer_name: { type: ['string', 'null'] }, amount: { type: ['number', 'null'] } },
});
write('uiSchemas/stamp-demo.json', {
  'ui:module': { kind: 'module', title: 'stamp-demo.title', codePrefix: 'STD', hasBypass: true, bypassRoles: ['is_finance'], needsStampNo: true, bodyKey: 'transaction' },
  customer_name: { 'ui:widget': 'text' }, amount: { 'ui:widget': 'money' },
});
write('rules/stamp-demo.json', {
  validations: [
    { field: 'customer_name', when: { blank: [{ var: 'customer_name' }] }, message: 'stamp-demo.messages.customerName' },
    { field: 'approvals', when: { '!': [{ approvals_complete: [{ var: 'approvals' }, { var: 'bypass' }] }] }, message: 'engine.messages.approvers' },
  ],
});
// Its approval step is definition data too: publishing the files creates the master_processes row.
// The requester chooses its approver among authorizers (a mandatory step names who may approve it).
write('processes/stamp-demo.json', { steps: [{ code: 'p-stamp-check', names: { en: 'Stamp check', ja: '押印確認', zh: '盖章确认' }, roles: ['authorizer'] }] });
for (const lang of ['en', 'ja', 'zh']) {
  write(`locales/${lang}/stamp-demo.json`, { title: 'Stamp demo', customer_name: { label: 'Customer' }, amount: { label: 'Amount' }, messages: { customerName: `${lang}: enter the customer` } });
}

let t: TestApp;
let token: string;
let financeToken: string;
let step: number;
let approver: number;

beforeAll(async () => {
  process.env.DEFINITIONS_DIR = root;
  t = await buildTestApp();
  token = await t.login('employee@example.com');
  financeToken = await t.login('finance@example.com');
  step = (await t.db.selectFrom('master_processes').select('id').where('module_code', '=', 'stamp-demo').executeTakeFirstOrThrow()).id;
  approver = (await t.db.selectFrom('users').select('id').where('email', '=', 'authorizer@example.com').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  delete process.env.DEFINITIONS_DIR;
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

const post = (payload: Record<string, unknown>, as = token) => t.app.inject({
  method: 'POST', url: '/api/buffer/stamp-demo', payload, headers: { authorization: `Bearer ${as}`, 'accept-language': 'en' },
});

describe('a module added as files: bypass, stamp number, body under transaction', () => {
  it('files with approval steps and a stamp number', async () => {
    const response = await post({ bypass: false, approvals: [{ approver_id: approver, master_process_id: step }], transaction: { customer_name: 'ACME', amount: 10 } });
    expect(response.statusCode).toBe(201);
    const buffer = await t.db.selectFrom('buffers').selectAll().where('id', '=', response.json().id).executeTakeFirstOrThrow();
    expect(buffer.code).toMatch(/^STD-\d{4}-000001$/);
    expect(buffer.stamp_no).toMatch(/^STD\d{4}-0001$/);
    expect(buffer.bypass).toBe(false);
    expect(buffer.data).toMatchObject({ customer_name: 'ACME', amount: 10, stamp_no: buffer.stamp_no });
    expect(await t.db.selectFrom('approvals').select('id').where('buffer_id', '=', buffer.id).execute()).toHaveLength(1);
  });

  it('bypass (a bypassRoles user) files the document completed, without steps, and needs no approver; others get 403', async () => {
    const before = (await t.db.selectFrom('buffers').select('id').execute()).length;
    const refused = await post({ bypass: true, approvals: [], transaction: { customer_name: 'ACME' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'FORBIDDEN', message: 'You may not bypass the approval process of this form.' });
    expect((await t.db.selectFrom('buffers').select('id').execute()).length).toBe(before);
    const response = await post({ bypass: true, approvals: [], transaction: { customer_name: 'ACME' } }, financeToken);
    expect(response.statusCode).toBe(201);
    expect(response.json().status).toBe(2);
    const buffer = await t.db.selectFrom('buffers').selectAll().where('id', '=', response.json().id).executeTakeFirstOrThrow();
    expect(buffer.bypass).toBe(true);
    expect(buffer.stamp_no).toMatch(/-0002$/);
    expect(await t.db.selectFrom('approvals').select('id').where('buffer_id', '=', buffer.id).execute()).toEqual([]);
  });

  it('without bypass the approvers are required; the body is read from transaction', async () => {
    const response = await post({ bypass: false, approvals: [], transaction: { customer_name: '' } });
    expect(response.statusCode).toBe(422);
    expect(response.json().violations).toEqual([
      { propertyPath: 'customer_name', message: 'en: enter the customer' },
      { propertyPath: 'approvals', message: 'Please choose an approver for every required step' },
    ]);
    const flat = await post({ bypass: true, customer_name: 'ACME' });
    expect(flat.statusCode).toBe(422);
    expect(flat.json().violations[0].propertyPath).toBe('transaction');
  });

  it('previews the next code and stamp number, and lists the module', async () => {
    const next = await t.app.inject({ method: 'GET', url: '/api/buffer/next_code?module_code=stamp-demo', headers: { authorization: `Bearer ${token}` } });
    expect(next.json()).toEqual({ code: expect.stringMatching(/^STD-\d{4}-000003$/), stamp_no: expect.stringMatching(/^STD\d{4}-0003$/) });
    const list = await t.app.inject({ method: 'GET', url: '/api/module-definitions', headers: { authorization: `Bearer ${token}` } });
    expect(list.json()['hydra:member'].map((m: { code: string }) => m.code)).toContain('stamp-demo');
  });
});
