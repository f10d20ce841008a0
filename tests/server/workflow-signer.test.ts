import { describe, expect, it } from 'vitest';
import { readDefinitionSet } from '../../server/definitions/definition-store';
import type { TestApp } from './helpers';
import { insertDocument, type Users, workflowSuite, type Getter, type Poster } from './workflow-fixtures';

/**
 * Steps that fill fields (`processes/<code>.json` → `fills`: the signer's signed contract / seal
 * files, spec 000 §4 "p-signer"): every such step of every module, taken from the definitions.
 */
const definitions = await readDefinitionSet(undefined, { check: false });
const cases = Object.values(definitions.modules).flatMap((module) => (module.process ?? [])
  .filter((step) => step.fills?.length)
  .map((step) => {
    const options = ((module.uiSchema[step.fills![0]] as Record<string, unknown>)['ui:options'] ?? {}) as { documentType: string; maxFiles: number };
    return { module: module.code, first: module.process![0].code, step: step.code, field: step.fills![0], documentType: options.documentType, maxFiles: options.maxFiles };
  }));

let t: TestApp;
let users: Users;
let post: Poster;
let get: Getter;
workflowSuite((suite) => ({ t, users, post, get } = suite));

async function upload(uploader: number, documentType: string) {
  return (await t.db.insertInto('files').values({
    name: 'signed.pdf', mime_type: 'application/pdf', size: 10, document_type: documentType, storage_key: `test/${documentType}-${Math.random()}.pdf`, sha256: 'x', uploader_id: uploader,
  }).returning('id').executeTakeFirstOrThrow()).id;
}

let n = 0;

it('the definitions have signer steps that fill the signed files', () => {
  expect(cases.length).toBeGreaterThanOrEqual(3);
  for (const c of cases) expect(c.documentType).toBeTruthy();
});

describe.each(cases)('$module: the $step step fills $field', ({ module, first, step, field, documentType, maxFiles }) => {
  async function atSigner() {
    const doc = await insertDocument(t.db, {
      module, requester: users.employee.id, code: `SIG-${module}-${++n}`, data: { notes: 'x' },
      steps: [{ process: first, candidates: [users.approver.id] }, { process: step, candidates: [users.legal.id] }],
    });
    return doc;
  }

  it('refuses the signed files on another step: 422 at data.<field>, nothing changes', async () => {
    const doc = await atSigner();
    const file = await upload(users.approver.id, documentType);
    const early = await post('approver', `/api/approvals/${doc.steps[0]}/action`, { approve: true, data: { [field]: [file] } });
    expect(early.statusCode).toBe(422);
    expect(early.json().violations).toEqual([{ propertyPath: `data.${field}`, message: expect.stringMatching(/signer/) }]);
    const view = (await get('employee', `/api/buffers/${doc.id}`)).json();
    expect(view.approvals[0]).toMatchObject({ status: 0, active: true, data: null });
    expect(view.data[field]).toBeUndefined();
    // Without the files, the first step passes as usual; the signer (only) is told which fields to fill.
    expect((await post('approver', `/api/approvals/${doc.steps[0]}/action`, { approve: true })).statusCode).toBe(200);
    expect((await get('legal', `/api/buffers/${doc.id}`)).json()).toMatchObject({ step_fields: [field], can: { approve: true } });
    expect((await get('employee', `/api/buffers/${doc.id}`)).json().step_fields).toEqual([]);
    expect((await get('approver', `/api/buffers/${doc.id}`)).json().step_fields).toEqual([]);
  });

  it('accepts them only from a candidate of the signer step, with valid files of the field\'s kind', async () => {
    const doc = await atSigner();
    expect((await post('approver', `/api/approvals/${doc.steps[0]}/action`, { approve: true })).statusCode).toBe(200);
    const url = `/api/approvals/${doc.steps[1]}/action`;
    const mine = await upload(users.legal.id, documentType);
    // Not a candidate of the step: 403, whatever the body.
    expect((await post('employee', url, { approve: true, data: { [field]: [mine] } })).statusCode).toBe(403);
    // Someone else's unlinked upload, a file of another kind, a malformed list: 422, each named.
    const others = await upload(users.employee.id, documentType);
    const wrongKind = await upload(users.legal.id, 'deal-slip');
    const bad = await post('legal', url, { approve: true, data: { [field]: [others, wrongKind] } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual([`data.${field}[0]`, `data.${field}[1]`]);
    for (const data of [{ [field]: 'x' }, { [field]: [mine, mine] }, { [field]: Array.from({ length: maxFiles + 1 }, (_, i) => i + 1) }]) {
      const malformed = await post('legal', url, { approve: true, data });
      expect(malformed.statusCode).toBe(422);
      expect(malformed.json().violations[0].propertyPath).toBe(`data.${field}`);
    }
    let view = (await get('employee', `/api/buffers/${doc.id}`)).json();
    expect(view.approvals[1]).toMatchObject({ status: 0, active: true, data: null });

    const signed = await post('legal', url, { approve: true, data: { [field]: [mine], unrelated: 'ignored' } });
    expect(signed.statusCode).toBe(200);
    expect(signed.json().buffer.status).toBe(2);
    view = (await get('employee', `/api/buffers/${doc.id}`)).json();
    expect(view.data).toEqual({ notes: 'x', [field]: [mine] });
    expect(view.approvals[1]).toMatchObject({ status: 1, data: { [field]: [mine] } });
    // The document grants its readers the signed file (the signer acted on it).
    expect((await get('employee', `/api/files/${mine}/meta`)).statusCode).toBe(200);
  });

  it('lets the signer approve without files, and reject', async () => {
    const plain = await atSigner();
    await post('approver', `/api/approvals/${plain.steps[0]}/action`, { approve: true });
    expect((await post('legal', `/api/approvals/${plain.steps[1]}/action`, { approve: true })).statusCode).toBe(200);
    expect((await get('employee', `/api/buffers/${plain.id}`)).json().data[field]).toBeUndefined();
    const rejected = await atSigner();
    await post('approver', `/api/approvals/${rejected.steps[0]}/action`, { approve: true });
    expect((await post('legal', `/api/approvals/${rejected.steps[1]}/action`, { approve: false })).json().buffer.status).toBe(3);
  });
});
