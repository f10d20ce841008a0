import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** Which modules are editable is definition data (`ui:module.editable`, spec 000 §2): read, never listed here. */
const editableness = async () => {
  const definitions = t.app.definitions;
  const modules = Object.values(definitions.modules).filter((m) => m.kind === 'module');
  return { editable: modules.filter((m) => m.meta.editable === true).map((m) => m.code), fixed: modules.filter((m) => m.meta.editable !== true).map((m) => m.code) };
};

describe('editable modules', () => {
  it('the definitions mark some modules editable and some not (both kinds below are exercised)', async () => {
    const { editable, fixed } = await editableness();
    expect(editable.length).toBeGreaterThan(0);
    expect(fixed.length).toBeGreaterThan(0);
  });

  it('offers no edit on a document of a module the definitions do not mark editable', async () => {
    const { fixed } = await editableness();
    for (const [i, module] of fixed.entries()) {
      const [first] = await moduleSteps(t.db, module);
      if (!first) continue;
      const doc = await insertDocument(t.db, { module, requester: users.employee.id, code: `FIXED-${i}`, steps: [{ process: first.code, candidates: [users.approver.id] }] });
      const view = await get('employee', `/api/buffers/${doc.id}`);
      expect(view.statusCode, module).toBe(200);
      expect(view.json().can.edit, module).toBe(false);
    }
  });

  it('offers edit to the requester of an on-process document of each of them', async () => {
    const { editable } = await editableness();
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
