import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDefinitions } from '../../server/definitions/definitions';
import { buildTestApp, type TestApp } from './helpers';
import { demoUsers, getter, insertDocument, moduleSteps, tokens, type Users } from './workflow-fixtures';

let t: TestApp;
let users: Users;
let get: ReturnType<typeof getter>;

beforeAll(async () => {
  t = await buildTestApp();
  users = await demoUsers(t.db);
  get = getter(t, tokens(t));
});
afterAll(async () => t?.close());

/** Spec 000 §2: "Edit is offered for the six editable modules". */
const SPEC_EDITABLE = ['reimbursement', 'payment', 'purchase', 'contract-supplier', 'contract-customer', 'corporate-seal'];

describe('editable modules', () => {
  it('the definitions mark exactly the six modules the spec lists as editable', async () => {
    const definitions = await loadDefinitions();
    const editable = Object.values(definitions.modules).filter((m) => m.meta.editable === true).map((m) => m.code).sort();
    expect(editable).toEqual([...SPEC_EDITABLE].sort());
  });

  it('offers edit to the requester of an on-process document of each of them', async () => {
    const definitions = await loadDefinitions();
    const editable = Object.values(definitions.modules).filter((m) => m.meta.editable === true).map((m) => m.code);
    for (const [i, module] of editable.entries()) {
      const [first] = await moduleSteps(t.db, module);
      expect(first, `${module} has approval steps`).toBeDefined();
      const doc = await insertDocument(t.db, { module, requester: users.employee.id, code: `EDIT-${i}`, steps: [{ process: first.code, candidates: [users.approver.id] }] });
      const view = await get('employee', `/api/buffers/${doc.id}`);
      expect(view.statusCode, module).toBe(200);
      expect(view.json().can.edit, module).toBe(true);
    }
  });
});
