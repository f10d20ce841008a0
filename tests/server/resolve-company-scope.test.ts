/**
 * `POST /master_processes/resolve` answers only for what the requester may file (issue #30 item 3):
 * client@ (a user of the non-group company Acme Partners) asking for a group company's route is
 * refused exactly as filing that document is — 422 "You may not file a document for this company."
 * at `company_id` — and learns none of its post holders; for their own company the route resolves.
 */
import { describe, expect, it } from 'vitest';
import { purchaseBody, purchaseRefs, workflowSuite, type WorkflowSuite } from './workflow-fixtures';

let s: WorkflowSuite;
workflowSuite((suite) => { s = suite; });

const SCOPE_MESSAGE = 'You may not file a document for this company.';
const companyId = async (code: string) => (await s.t.db.selectFrom('companies').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

describe('POST /master_processes/resolve: the requester\'s company scope', () => {
  it('refuses client@ a group company\'s route with filing\'s own 422, naming no post holder', async () => {
    const refs = await purchaseRefs(s.t.db);
    const data = { company_id: refs.company, currency_id: refs.currency, purchase_goods: [{ goods_name: 'Server', qty: 1, budget: 150_000 }] };
    const resolved = await s.post('client', '/api/master_processes/resolve', { module_code: 'purchase', data });
    expect(resolved.statusCode, resolved.body).toBe(422);
    // The document's company and each item's (computed from it), as filing names them.
    expect(resolved.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(resolved.json().violations).toEqual([
      { propertyPath: 'company_id', message: SCOPE_MESSAGE }, { propertyPath: 'purchase_goods[0].company_id', message: SCOPE_MESSAGE },
    ]);
    expect(resolved.body).not.toContain(s.users.approver2.name);
    expect(resolved.body).not.toContain('"steps"');
    // Filing the same document answers the same company-scope violations.
    const filed = await s.post('client', '/api/buffer/purchase', await purchaseBody(s.t.db, s.users));
    expect(filed.statusCode).toBe(422);
    expect((filed.json().violations as Array<{ message: string }>).filter((v) => v.message === SCOPE_MESSAGE)).toEqual(resolved.json().violations);
  });

  it('refuses in the reader\'s language', async () => {
    const data = { company_id: await companyId('RT') };
    for (const lang of ['ja', 'zh']) {
      const reply = await s.post('client', '/api/master_processes/resolve', { module_code: 'contract-supplier', data }, { 'accept-language': lang });
      expect(reply.statusCode, lang).toBe(422);
      const [violation] = reply.json().violations as Array<{ propertyPath: string; message: string }>;
      expect(violation.propertyPath).toBe('company_id');
      expect(violation.message).not.toBe(SCOPE_MESSAGE);
      expect(violation.message).not.toContain('server.');
    }
  });

  it('still resolves for client@\'s own company, and with no company (their own), and for a group member any group company', async () => {
    const own = await s.post('client', '/api/master_processes/resolve', { module_code: 'contract-supplier', data: { company_id: await companyId('AP') } });
    expect(own.statusCode, own.body).toBe(200);
    expect((own.json() as { steps: unknown[] }).steps.length).toBeGreaterThan(0);
    expect((await s.post('client', '/api/master_processes/resolve', { module_code: 'purchase', data: {} })).statusCode).toBe(200);
    const group = await s.post('employee', '/api/master_processes/resolve', { module_code: 'contract-supplier', data: { company_id: await companyId('RT') } });
    expect(group.statusCode, group.body).toBe(200);
    // A group member asking for the non-group company is refused like filing refuses it.
    const outside = await s.post('employee', '/api/master_processes/resolve', { module_code: 'contract-supplier', data: { company_id: await companyId('AP') } });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().violations).toEqual([{ propertyPath: 'company_id', message: SCOPE_MESSAGE }]);
  });
});

/**
 * An organisation or finance record's `company_id` is the record's, not a company filed for: the
 * route resolves when the caller may request that change for it (the entity kind's company rule,
 * as filing runs it) and is refused with filing's 403 otherwise. Found by the submission fuzzer:
 * employee@'s budget for a non-group company was judged along a route filing resolved while this
 * call refused it, so the form and the server disagreed about "choose an approver".
 */
describe('POST /master_processes/resolve: an entity module\'s company is its own rule\'s', () => {
  const budgetModule = () => Object.values(s.t.app.definitions.modules).find((m) => m.kind === 'module' && m.meta.entity?.kind === 'budget')!;

  it('resolves a non-group company\'s budget route for a group admin, whom filing lets request it', async () => {
    const code = budgetModule().code;
    const reply = await s.post('admin', '/api/master_processes/resolve', { module_code: code, data: { company_id: await companyId('AP') } });
    expect(reply.statusCode, reply.body).toBe(200);
    expect((reply.json() as { steps: unknown[] }).steps.length).toBeGreaterThan(0);
  });

  it('refuses employee@ (no finance role) with the 403 filing answers, before any field is judged', async () => {
    const code = budgetModule().code;
    const steps = await s.t.db.selectFrom('master_processes').select('id').where('module_code', '=', code).orderBy('position').execute();
    const data = { company_id: await companyId('AP') };
    const resolved = await s.post('employee', '/api/master_processes/resolve', { module_code: code, data });
    expect(resolved.statusCode, resolved.body).toBe(403);
    expect(resolved.body).not.toContain('"steps"');
    const before = await s.t.db.selectFrom('buffers').select((eb) => eb.fn.countAll().as('n')).where('module_code', '=', code).executeTakeFirstOrThrow();
    const filed = await s.post('employee', `/api/buffer/${code}`, { ...data, approvals: [{ master_process_id: steps.at(-1)!.id, approver_id: 0 }], user_finances: [] });
    expect(filed.statusCode, filed.body).toBe(403);
    expect(filed.json().message).toBe(resolved.json().message);
    const after = await s.t.db.selectFrom('buffers').select((eb) => eb.fn.countAll().as('n')).where('module_code', '=', code).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
