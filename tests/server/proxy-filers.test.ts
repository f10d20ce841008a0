import { describe, expect, it } from 'vitest';
import { deputyDay } from '../../server/workflow/people/deputies';
import { purchaseBody, workflowSuite, type WorkflowSuite } from './workflow-fixtures';

const day = (offset: number) => deputyDay(new Date(Date.now() + offset * 86_400_000));

/**
 * Filing for someone (代理申請, issue #36 item 3): a principal allows a colleague to file for them
 * (`/proxy_filers`, per module, for a period); the filer's `filed_for` files the principal's
 * document. The permission matrix: allowed / not allowed / other module / not yet / withdrawn.
 */
describe('proxy filers', () => {
  let s: WorkflowSuite;
  workflowSuite((suite) => { s = suite; });
  const allow = (principal: string, body: Record<string, unknown>) => s.post(principal, '/api/proxy_filers', body);
  const fileFor = async (filer: string, principal: number | unknown, goods: string) =>
    s.post(filer, '/api/buffer/purchase', { ...(await purchaseBody(s.t.db, s.users, { goods })), filed_for: principal });
  const mailsTo = async (email: string) => (await s.t.db.selectFrom('mail_outbox').select('id').where('to_address', 'like', `%${email}%`).execute()).length;

  it('lets an allowed colleague file the principal\'s document: theirs, in their list, "filed by B for A", mails to both', async () => {
    const created = await allow('employee', { filer_id: s.users.finance.id, from: day(0), to: day(7), module_codes: ['purchase'] });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ principal: { id: s.users.employee.id }, filer: { id: s.users.finance.id }, module_codes: ['purchase'], state: 'active' });
    expect((await s.get('employee', '/api/proxy_filers')).json()['hydra:member'].map((p: { id: number }) => p.id)).toContain(created.json().id);
    expect((await s.get('finance', '/api/proxy_filers')).json().filing_for.map((p: { principal: { id: number } }) => p.principal.id)).toContain(s.users.employee.id);

    // The principal's own draft of the module is kept apart from the filer's filing.
    await s.post('employee', '/api/buffer_temporaries', { module_code: 'purchase', data: { purchase_goods: [{ goods_name: 'My own draft' }] } });
    const filed = await fileFor('finance', s.users.employee.id, 'Filed for Emi');
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.json().application_number).toMatch(/^RH-/);
    const row = await s.t.db.selectFrom('buffers').select(['requester_id', 'filed_by']).where('id', '=', filed.json().id).executeTakeFirstOrThrow();
    expect(row).toEqual({ requester_id: s.users.employee.id, filed_by: s.users.finance.id });
    const drafts = await s.t.db.selectFrom('buffer_temporaries').select('id').where('user_id', '=', s.users.employee.id).where('module_code', '=', 'purchase').execute();
    expect(drafts).toHaveLength(1);

    const mine = (await s.get('employee', '/api/my-buffers')).json()['hydra:member'].map((m: { id: number }) => m.id);
    expect(mine).toContain(filed.json().id);
    const detail = await s.get('finance', `/api/buffers/${filed.json().id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().requester).toMatchObject({ id: s.users.employee.id });
    const submitted = detail.json().approval_logs.find((l: { action: string }) => l.action === 'submit');
    expect(submitted).toMatchObject({ user: { id: s.users.finance.id }, on_behalf_of: { id: s.users.employee.id } });
    expect(submitted.log_text).toBe(`Submitted by ${s.users.finance.name} on behalf of ${s.users.employee.name}`);

    const [employeeBefore, financeBefore] = [await mailsTo('employee@'), await mailsTo('finance@')];
    const steps = await s.t.db.selectFrom('approvals').select('id').where('buffer_id', '=', filed.json().id).orderBy('position').execute();
    expect((await s.post('approver', `/api/approvals/${steps[0].id}/action`, { approve: true })).statusCode).toBe(200);
    expect((await s.post('authorizer', `/api/approvals/${steps[1].id}/action`, { approve: true })).statusCode).toBe(200);
    expect(await mailsTo('employee@')).toBe(employeeBefore + 1);
    expect(await mailsTo('finance@')).toBe(financeBefore + 1);
  });

  it('lists the principal\'s approver candidates to the filer they allowed, and refuses anyone else (403)', async () => {
    // employee@ allowed finance@ for purchases in the first test.
    const steps = await s.t.db.selectFrom('master_processes').select(['id', 'allow_requester']).where('module_code', '=', 'purchase').where('retired_at', 'is', null).execute();
    const step = steps.find((x) => !x.allow_requester)!;
    const ids = async (user: string, query: string) => {
      const reply = await s.get(user, `/api/users/approver?masterProcessId=${step.id}&itemsPerPage=100${query}`);
      return reply.statusCode === 200 ? reply.json()['hydra:member'].map((u: { id: number }) => u.id) as number[] : reply.statusCode;
    };
    const own = await ids('finance', '');
    const forEmployee = await ids('finance', `&filed_for=${s.users.employee.id}`);
    expect(Array.isArray(forEmployee)).toBe(true);
    // Never the requester: the filer's own list leaves out the filer, the principal's leaves out the principal.
    expect(own).not.toContain(s.users.finance.id);
    expect(forEmployee).not.toContain(s.users.employee.id);
    expect(forEmployee).toEqual((await ids('employee', '')));
    expect(await ids('treasury', `&filed_for=${s.users.employee.id}`)).toBe(403);
  });

  it('mails a rejection to both the principal and the filer', async () => {
    // employee@ allowed finance@ for purchases in the first test (in effect for a week).
    const filed = await fileFor('finance', s.users.employee.id, 'To be rejected');
    expect(filed.statusCode, filed.body).toBe(201);
    const [employeeBefore, financeBefore] = [await mailsTo('employee@'), await mailsTo('finance@')];
    const [first] = await s.t.db.selectFrom('approvals').select('id').where('buffer_id', '=', filed.json().id).orderBy('position').execute();
    expect((await s.post('approver', `/api/approvals/${first.id}/action`, { approve: false })).statusCode).toBe(200);
    expect(await mailsTo('employee@')).toBe(employeeBefore + 1);
    expect(await mailsTo('finance@')).toBe(financeBefore + 1);
  });

  it.each([
    ['someone who allowed nobody', 'authorizer', 'treasury', null],
    ['a colleague allowed only for another module', 'legal', 'treasury', { module_codes: ['reimbursement'] }],
    // Two days ahead: a run that crosses midnight between the permission and the filing still files before it starts.
    ['a colleague allowed only from a later day', 'admin', 'treasury', { from: day(2) }],
  ])('refuses filing for %s (403 naming the principal, nothing stored)', async (_name, principal, filer, permission) => {
    if (permission) expect((await allow(principal, { filer_id: s.users[filer].id, from: day(0), to: day(5), ...permission })).statusCode).toBe(201);
    const before = await s.t.db.selectFrom('buffers').select('id').execute();
    const refused = await fileFor(filer, s.users[principal].id, `Not for ${principal}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain(s.users[principal].name);
    expect(await s.t.db.selectFrom('buffers').select('id').execute()).toHaveLength(before.length);
  });

  it('stops at once when the principal withdraws the permission; only the principal may', async () => {
    const created = (await allow('approver2', { filer_id: s.users.treasury.id, from: day(0), to: day(3) })).json();
    expect((await s.t.app.inject({ method: 'DELETE', url: `/api/proxy_filers/${created.id}`, headers: { authorization: `Bearer ${await s.auth('treasury')}` } })).statusCode).toBe(404);
    expect((await s.t.app.inject({ method: 'DELETE', url: `/api/proxy_filers/${created.id}`, headers: { authorization: `Bearer ${await s.auth('approver2')}` } })).statusCode).toBe(204);
    expect((await fileFor('treasury', s.users.approver2.id, 'After withdrawal')).statusCode).toBe(403);
  });

  it('resolves the route for the principal only when allowed, and refuses a forged filed_for (403 with a message)', async () => {
    // A route read from the requester's organisation (the head of the requester's department).
    const routed = Object.entries(s.t.app.definitions.modules).find(([, m]) => m.kind === 'module' && !m.meta.entity
      && (m.process ?? []).some((step) => JSON.stringify(step.approvers ?? []).includes('"of":"requester"')))![0];
    expect((await allow('employee', { filer_id: s.users.legal.id, from: day(0), to: day(5), module_codes: [routed] })).statusCode).toBe(201);
    const resolve = (user: string, body: Record<string, unknown> = {}) => s.post(user, '/api/master_processes/resolve', { module_code: routed, data: {}, ...body });
    const approversOf = (reply: Awaited<ReturnType<typeof resolve>>) => reply.json().steps.map((step: { approvers: Array<{ id: number }> }) => step.approvers.map((a) => a.id));
    const principal = await resolve('employee');
    const own = await resolve('legal');
    const forPrincipal = await resolve('legal', { filed_for: s.users.employee.id });
    expect(forPrincipal.statusCode, forPrincipal.body).toBe(200);
    expect(approversOf(forPrincipal)).toEqual(approversOf(principal));
    expect(approversOf(forPrincipal)).not.toEqual(approversOf(own));
    // Not allowed: someone who allowed nobody, a module not allowed, anyone for an allowed pair but another filer.
    for (const [user, body] of [
      ['legal', { filed_for: s.users.authorizer.id }],
      ['legal', { filed_for: s.users.employee.id, module_code: 'purchase' }],
      ['treasury', { filed_for: s.users.employee.id }],
    ] as const) {
      const refused = await resolve(user, body);
      expect([user, refused.statusCode]).toEqual([user, 403]);
      expect(refused.json().message).toMatch(/\S/);
    }
    expect((await resolve('legal', { filed_for: 'x' })).statusCode).toBe(422);
  });

  it('keeps drafts apart per principal: a draft for A is neither the filer\'s own nor their draft for B', async () => {
    expect((await allow('approver', { filer_id: s.users['aiko.ito'].id, from: day(0), to: day(5), module_codes: ['purchase'] })).statusCode).toBe(201);
    expect((await allow('daichi.kato', { filer_id: s.users['aiko.ito'].id, from: day(0), to: day(5) })).statusCode).toBe(201);
    const draft = async (user: string, filedFor?: number) => {
      const reply = await s.get(user, `/api/buffer_temporaries?module_code=purchase${filedFor ? `&filed_for=${filedFor}` : ''}`);
      return reply.statusCode === 204 ? null : reply.json().data?.note ?? reply.statusCode;
    };
    const save = (user: string, note: string, filedFor?: number) => s.post(user, '/api/buffer_temporaries', { module_code: 'purchase', data: { note }, ...(filedFor ? { filed_for: filedFor } : {}) });
    expect((await save('aiko.ito', 'own')).statusCode).toBe(200);
    expect((await save('aiko.ito', 'for approver', s.users.approver.id)).statusCode).toBe(200);
    expect((await save('aiko.ito', 'for daichi', s.users['daichi.kato'].id)).statusCode).toBe(200);
    expect((await save('aiko.ito', 'for approver again', s.users.approver.id)).statusCode).toBe(200);
    expect(await draft('aiko.ito')).toBe('own');
    expect(await draft('aiko.ito', s.users.approver.id)).toBe('for approver again');
    expect(await draft('aiko.ito', s.users['daichi.kato'].id)).toBe('for daichi');
    // The principal's own draft is theirs alone.
    expect(await draft('approver')).toBeNull();
    // Someone who allowed nothing: 403, nothing stored.
    const refused = await save('aiko.ito', 'forged', s.users.treasury.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain(s.users.treasury.name);
    expect((await s.get('aiko.ito', `/api/buffer_temporaries?module_code=purchase&filed_for=${s.users.treasury.id}`)).statusCode).toBe(403);
    // Filing for approver clears that draft only.
    const filed = await fileFor('aiko.ito', s.users.approver.id, 'Filed from a draft');
    expect(filed.statusCode, filed.body).toBe(201);
    expect(await draft('aiko.ito', s.users.approver.id)).toBeNull();
    expect(await draft('aiko.ito')).toBe('own');
    expect(await draft('aiko.ito', s.users['daichi.kato'].id)).toBe('for daichi');
    // Clearing one draft leaves the others.
    const cleared = await s.t.app.inject({ method: 'DELETE', url: `/api/buffer_temporaries?module_code=purchase&filed_for=${s.users['daichi.kato'].id}`, headers: { authorization: `Bearer ${await s.auth('aiko.ito')}` } });
    expect(cleared.statusCode).toBe(204);
    expect(await draft('aiko.ito', s.users['daichi.kato'].id)).toBeNull();
    expect(await draft('aiko.ito')).toBe('own');
  });

  it('checks the permission body and filed_for', async () => {
    const self = await allow('employee', { filer_id: s.users.employee.id, from: day(0), to: day(1) });
    expect([self.statusCode, self.json().violations[0].propertyPath]).toEqual([422, 'filer_id']);
    const past = await allow('employee', { filer_id: s.users.legal.id, from: day(-1), to: day(1) });
    expect([past.statusCode, past.json().violations[0].propertyPath]).toEqual([422, 'from']);
    // An entity module is never filed for someone: not a module a permission may name.
    const entity = Object.entries(s.t.app.definitions.modules).find(([, m]) => m.kind === 'module' && m.meta.entity && (m.process ?? []).length > 0)![0];
    const entityPermission = await allow('employee', { filer_id: s.users.legal.id, from: day(0), to: day(1), module_codes: [entity] });
    expect([entityPermission.statusCode, entityPermission.json().violations[0].propertyPath]).toEqual([422, 'module_codes[0]']);
    const bad = await fileFor('finance', 'abc', 'Bad filed_for');
    expect([bad.statusCode, bad.json().violations?.[0]?.propertyPath]).toEqual([422, 'filed_for']);
    // Filing "for" oneself is one's own filing.
    const own = await fileFor('legal', s.users.legal.id, 'Own');
    expect(own.statusCode).toBe(201);
    expect((await s.t.db.selectFrom('buffers').select(['requester_id', 'filed_by']).where('id', '=', own.json().id).executeTakeFirstOrThrow())).toEqual({ requester_id: s.users.legal.id, filed_by: null });
  });
});
