/**
 * Routes as data on the server: `POST /master_processes/resolve` (the demo purchase route, live
 * conditions, bad bodies), filing that follows the resolved route (locked resolved approvers,
 * skips with reasons, refusals), pinning (a later change of the organisation moves no step of a
 * filed document) and a 合議 step with two approvers acting at once (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set).
 */
import { describe, expect, it } from 'vitest';
import { readDefinitionSet } from '../../server/definitions/definition-store';
import { serverTranslate } from '../../server/lib/i18n';
import { RESOLVE_CANDIDATES_PAGE } from '../../src/wire/routes';
import { eligibleAmong, scopeCompany, stepRulesOf } from '../../server/workflow/core/eligibility';
import { filePurchase, insertDocument, purchaseBody, purchaseRefs, workflowSuite, type WorkflowSuite } from './workflow-fixtures';

const definitions = await readDefinitionSet(undefined, { check: false });
let s: WorkflowSuite;
workflowSuite((suite) => { s = suite; });

interface Step {
  id: number; code: string; mode: string; required: number; by: string; editable: boolean; approvers: Array<{ id: number; name: string }>;
  skipped: string | null; skipped_reason: string | null; blocked: string | null; blocked_reason: string | null;
  candidates: Array<{ id: number; name: string }>; candidates_total: number;
}
const resolve = async (user: string, module_code: string, data: Record<string, unknown>) => {
  const reply = await s.post(user, '/api/master_processes/resolve', { module_code, data });
  expect(reply.statusCode, reply.body).toBe(200);
  return (reply.json() as { steps: Step[] }).steps;
};
const currency = async (code: string) => (await s.t.db.selectFrom('currencies').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
const purchaseData = async (code: string, total: number) => {
  const refs = await purchaseRefs(s.t.db);
  return { company_id: refs.company, currency_id: await currency(code), purchase_goods: [{ goods_name: 'Server', qty: 1, budget: total }] };
};

describe('POST /master_processes/resolve', () => {
  it('resolves the manager step to the head of the requester\'s department, and adds the director at 100,000 CNY / 2,000,000 JPY', async () => {
    const small = await resolve('employee', 'purchase', await purchaseData('CNY', 99_999));
    expect(small.map((st) => st.code)).toEqual(['p-manager', 'p-authorizer']);
    expect(small[0]).toMatchObject({ by: 'rule', editable: true, approvers: [{ id: s.users.approver.id, name: s.users.approver.name }], skipped: null });
    expect(small[1]).toMatchObject({ by: 'choice', approvers: [] });
    const big = await resolve('employee', 'purchase', await purchaseData('CNY', 100_000));
    expect(big.map((st) => st.code)).toEqual(['p-manager', 'p-director', 'p-authorizer']);
    expect(big[1]).toMatchObject({ by: 'rule', editable: false, approvers: [{ id: s.users.approver2.id }] });
    expect((await resolve('employee', 'purchase', await purchaseData('JPY', 1_999_999))).map((st) => st.code)).not.toContain('p-director');
    expect((await resolve('employee', 'purchase', await purchaseData('JPY', 2_000_000))).map((st) => st.code)).toContain('p-director');
  });

  it('skips the manager step when the requester heads the department, with the reason', async () => {
    const [manager] = await resolve('approver', 'purchase', await purchaseData('CNY', 10));
    expect(manager).toMatchObject({ code: 'p-manager', skipped: 'requester', skipped_reason: 'Skipped: the requester holds this post', approvers: [] });
  });

  it('the supplier contract has a legal + finance 合議 step of the document\'s company', async () => {
    const refs = await purchaseRefs(s.t.db);
    const steps = await resolve('employee', 'contract-supplier', { company_id: refs.company });
    const council = steps.find((st) => st.code === 'p-legal-finance')!;
    expect(council).toMatchObject({ mode: 'all', required: 2, by: 'rule' });
    expect(council.approvers.map((u) => u.id).sort()).toEqual([s.users.legal.id, s.users.finance.id].sort());
  });

  it.each<[string, unknown]>([
    ['no body fields', {}],
    ['data missing', { module_code: 'purchase' }],
    ['data an array', { module_code: 'purchase', data: [] }],
    ['module_code not a code', { module_code: 'Purchase!', data: {} }],
    ['an extra field', { module_code: 'purchase', data: {}, steps: [] }],
    ['a JSON array body', [1]],
  ])('answers 422 to a malformed body: %s', async (_name, body) => {
    const reply = await s.post('employee', '/api/master_processes/resolve', body);
    expect(reply.statusCode, reply.body).toBe(422);
    expect(reply.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining('module_code') });
  });

  it('answers 404 for an unknown module or a sub-form, 401 without a token', async () => {
    expect((await s.post('employee', '/api/master_processes/resolve', { module_code: 'nope', data: {} })).statusCode).toBe(404);
    expect((await s.post('employee', '/api/master_processes/resolve', { module_code: 'purchase-goods', data: {} })).statusCode).toBe(404);
    expect((await s.t.app.inject({ method: 'POST', url: '/api/master_processes/resolve', payload: { module_code: 'purchase', data: {} } })).statusCode).toBe(401);
  });
});

/**
 * The candidates of a step the requester chooses for are the picker's first page: per module with
 * such a step (from the definitions), filed by a demo user who would qualify for it but for being
 * the requester (a holder of its role), after adding enough eligible colleagues to fill more than
 * one page. Rule steps list none.
 */
describe('resolve lists the candidates of a choice step', () => {
  const cases = Object.entries(definitions.modules).sort(([a], [b]) => a.localeCompare(b))
    .filter(([, module]) => module.kind === 'module' && !module.meta.entity)
    .flatMap(([code, module]) => (module.process ?? [])
      .filter((step) => !step.approvers && !step.allowRequester && step.when === undefined)
      .map((step) => ({ module: code, step: step.code, role: step.roles?.[0] ?? 'employee' })));

  it('exists in the definitions', () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  it.each(cases)('$module ($step) filed by $role: the first page of GET /users/approver, without the requester, with its total', async ({ module, step, role }) => {
    const requester = s.users[role];
    const rule = (await stepRulesOf(s.t.db, module)).find((r) => r.process_code === step)!;
    const scope = { requesterId: requester.id, companyId: await scopeCompany(s.t.db, requester.id, undefined) };
    // The requester would qualify if the step allowed it: leaving them out is the rule's doing.
    expect(await eligibleAmong(s.t.db, { ...rule, allow_requester: true }, scope, [requester.id])).toEqual(new Set([requester.id]));
    const template = await s.t.db.selectFrom('users').selectAll().where('id', '=', requester.id).executeTakeFirstOrThrow();
    const { id: _id, ...copy } = template;
    const added = await s.t.db.insertInto('users').values(Array.from({ length: RESOLVE_CANDIDATES_PAGE + 1 }, (_, i) => (
      { ...copy, email: `candidate-${module}-${step}-${i}@example.com`, name: `Candidate ${i}` }) as never)).returning('id').execute();
    try {
      const resolved = (await resolve(role, module, {})).find((st) => st.code === step)!;
      expect(resolved).toMatchObject({ by: 'choice', skipped: null, blocked: null, approvers: [] });
      const picker = await s.get(role, `/api/users/approver?masterProcessId=${resolved.id}&itemsPerPage=${RESOLVE_CANDIDATES_PAGE}`);
      expect(picker.statusCode, picker.body).toBe(200);
      const page = picker.json() as { 'hydra:member': Step['candidates']; 'hydra:totalItems': number };
      expect(page['hydra:totalItems']).toBeGreaterThan(RESOLVE_CANDIDATES_PAGE);
      expect(resolved.candidates).toEqual(page['hydra:member']);
      expect(resolved.candidates).toHaveLength(RESOLVE_CANDIDATES_PAGE);
      expect(resolved.candidates_total).toBe(page['hydra:totalItems']);
      expect(resolved.candidates.map((u) => u.id)).not.toContain(requester.id);
      const all = await s.get(role, `/api/users/approver?masterProcessId=${resolved.id}&itemsPerPage=100`);
      expect((all.json() as typeof page)['hydra:member'].map((u) => u.id)).not.toContain(requester.id);
    } finally {
      await s.t.db.deleteFrom('users').where('id', 'in', added.map((u) => u.id)).execute();
    }
  });

  it('rule steps list no candidates', async () => {
    const steps = await resolve('employee', 'purchase', await purchaseData('CNY', 100_000));
    for (const step of steps.filter((st) => st.by === 'rule')) expect(step).toMatchObject({ candidates: [], candidates_total: 0 });
  });
});

describe('filing follows the resolved route', () => {
  const stepsOf = (documentId: number) => s.t.db.selectFrom('approvals')
    .innerJoin('master_processes', 'master_processes.id', 'approvals.master_process_id')
    .innerJoin('processes', 'processes.id', 'master_processes.process_id')
    .select(['approvals.id', 'processes.code', 'approvals.status', 'approvals.active', 'approvals.skipped', 'approvals.mode', 'approvals.required'])
    .where('approvals.buffer_id', '=', documentId).orderBy('approvals.position').execute();
  const candidatesOf = async (stepId: number) => (await s.t.db.selectFrom('approval_candidates').select('user_id').where('approval_id', '=', stepId).execute()).map((c) => c.user_id).sort();

  it('a large purchase gets the director step; resolved approvers are locked (a named director is ignored)', async () => {
    const body = await purchaseBody(s.t.db, s.users, { budget: 150_000, approvers: [[], [s.users.authorizer.id]] });
    const director = (await s.t.db.selectFrom('master_processes').innerJoin('processes', 'processes.id', 'master_processes.process_id')
      .select('master_processes.id').where('module_code', '=', 'purchase').where('processes.code', '=', 'p-director').executeTakeFirstOrThrow()).id;
    body.approvals.push({ approver_id: s.users.finance.id, master_process_id: director });
    const filed = await filePurchase(s.t, await s.auth('employee'), body);
    const steps = await stepsOf(filed.id);
    expect(steps.map((st) => [st.code, st.status, st.active])).toEqual([['p-manager', 0, true], ['p-director', 0, false], ['p-authorizer', 0, false]]);
    expect(await candidatesOf(steps[0].id)).toEqual([s.users.approver.id]);
    expect(await candidatesOf(steps[1].id)).toEqual([s.users.approver2.id]);
  });

  it('pinning: moving the department head after filing moves none of the document\'s steps', async () => {
    const filed = await filePurchase(s.t, await s.auth('employee'), await purchaseBody(s.t.db, s.users, { approvers: [[], [s.users.authorizer.id]] }));
    const sales = (await s.t.db.selectFrom('users').select('department_id').where('id', '=', s.users.employee.id).executeTakeFirstOrThrow()).department_id!;
    await s.t.db.updateTable('user_posts').set({ effective_to: '2000-01-01' }).where('user_id', '=', s.users.approver.id).where('position_code', '=', 'head').execute();
    await s.t.db.insertInto('user_posts').values({ user_id: s.users['aiko.ito'].id, department_id: sales, position_code: 'head' }).execute();
    try {
      const [manager] = await resolve('employee', 'purchase', await purchaseData('CNY', 10));
      expect(manager.approvers.map((u) => u.id)).toEqual([s.users['aiko.ito'].id]);
      const steps = await stepsOf(filed.id);
      expect(await candidatesOf(steps[0].id)).toEqual([s.users.approver.id]);
      const approve = await s.post('approver', `/api/approvals/${steps[0].id}/action`, { approve: true });
      expect(approve.statusCode, approve.body).toBe(200);
    } finally {
      await s.t.db.deleteFrom('user_posts').where('user_id', '=', s.users['aiko.ito'].id).execute();
      await s.t.db.updateTable('user_posts').set({ effective_to: null }).where('user_id', '=', s.users.approver.id).execute();
    }
  });

  it('a head filing skips their own manager step; the timeline says why', async () => {
    const filed = await filePurchase(s.t, await s.auth('approver'), await purchaseBody(s.t.db, s.users, { approvers: [[], [s.users.authorizer.id]] }));
    const steps = await stepsOf(filed.id);
    expect(steps.map((st) => [st.code, st.status, st.active, st.skipped])).toEqual([['p-manager', 3, false, 'requester'], ['p-authorizer', 0, true, null]]);
    const view = (await s.get('approver', `/api/buffers/${filed.id}`)).json() as { approvals: Array<{ id: number; status: number; skipped?: string | null; skipped_reason?: string | null }> };
    expect(view.approvals[0]).toMatchObject({ status: 3, skipped: 'requester', skipped_reason: 'Skipped: the requester holds this post' });
  });

  it('a vacant mandatory post refuses the filing with a message, unless the requester names someone (editable step)', async () => {
    // Every head on the way up (Sales, then Management above it) takes office only in 2999.
    await s.t.db.updateTable('user_posts').set({ effective_from: '2999-01-01' }).where('position_code', '=', 'head').execute();
    try {
      const body = await purchaseBody(s.t.db, s.users, { approvers: [[], [s.users.authorizer.id]] });
      const reply = await s.post('employee', '/api/buffer/purchase', body);
      expect(reply.statusCode, reply.body).toBe(422);
      expect(reply.json()).toMatchObject({ violations: [{ propertyPath: 'approvals', message: 'Step "Manager approval": nobody holds the post that approves it. Ask an administrator to fill the post.' }] });
      const named = await purchaseBody(s.t.db, s.users, { approvers: [[s.users['aiko.ito'].id], [s.users.authorizer.id]] });
      const filed = await filePurchase(s.t, await s.auth('employee'), named);
      expect(await candidatesOf((await stepsOf(filed.id))[0].id)).toEqual([s.users['aiko.ito'].id]);
    } finally {
      await s.t.db.updateTable('user_posts').set({ effective_from: null }).where('position_code', '=', 'head').execute();
    }
  });
});

describe('合議 (mode all)', () => {
  let n = 0;
  async function councilDocument() {
    const doc = await insertDocument(s.t.db, { module: 'purchase', requester: s.users.employee.id, code: `PUR-ALL-${++n}`, steps: [
      { process: 'p-manager', candidates: [s.users.legal.id, s.users.finance.id] },
      { process: 'p-authorizer', candidates: [s.users.authorizer.id] },
    ] });
    await s.t.db.updateTable('approvals').set({ mode: 'all', required: 2 }).where('id', '=', doc.steps[0]).execute();
    return doc;
  }

  it('waits for every approver; each decision is on the timeline; the step passes once', async () => {
    const doc = await councilDocument();
    const first = await s.post('legal', `/api/approvals/${doc.steps[0]}/action`, { approve: true });
    expect(first.json()).toMatchObject({ status: 0, buffer: { status: 0 } });
    expect((await s.post('legal', `/api/approvals/${doc.steps[0]}/action`, { approve: true })).statusCode).toBe(409);
    const inbox = (await s.get('legal', '/api/approvals/my')).json() as { 'hydra:member': Array<{ id: number }> };
    expect(inbox['hydra:member'].map((i) => i.id)).not.toContain(doc.steps[0]);
    const second = await s.post('finance', `/api/approvals/${doc.steps[0]}/action`, { approve: true });
    expect(second.json()).toMatchObject({ status: 1 });
    const step = await s.t.db.selectFrom('approvals').select(['status', 'active']).where('id', '=', doc.steps[0]).executeTakeFirstOrThrow();
    expect(step).toEqual({ status: 1, active: false });
    const logs = await s.t.db.selectFrom('approval_logs').select(['user_id', 'log_text']).where('approval_id', '=', doc.steps[0]).orderBy('id').execute();
    expect(logs).toEqual([{ user_id: s.users.legal.id, log_text: 'approve' }, { user_id: s.users.finance.id, log_text: 'approve' }]);
  });

  it('two approvers at once: each counted once, the step advances once', async () => {
    const doc = await councilDocument();
    const replies = await Promise.all([
      s.post('legal', `/api/approvals/${doc.steps[0]}/action`, { approve: true }),
      s.post('finance', `/api/approvals/${doc.steps[0]}/action`, { approve: true }),
      s.post('legal', `/api/approvals/${doc.steps[0]}/action`, { approve: true }),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 200, 409]);
    const decided = await s.t.db.selectFrom('approval_candidates').select('user_id').where('approval_id', '=', doc.steps[0]).where('decision', '=', 1).execute();
    expect(decided).toHaveLength(2);
    const steps = await s.t.db.selectFrom('approvals').select(['id', 'status', 'active']).where('buffer_id', '=', doc.id).orderBy('position').execute();
    expect(steps.map((st) => [st.status, st.active])).toEqual([[1, false], [0, true]]);
    const logs = await s.t.db.selectFrom('approval_logs').select('id').where('approval_id', '=', doc.steps[0]).execute();
    expect(logs).toHaveLength(2);
  });
});

describe('circulation (回覧)', () => {
  it('circulates a collection report to the requester\'s colleagues: listed, readable, marked read; the document does not wait', async () => {
    const refs = await purchaseRefs(s.t.db);
    const sales = (await s.t.db.selectFrom('users').select('department_id').where('id', '=', s.users.employee.id).executeTakeFirstOrThrow()).department_id!;
    const account = (await s.t.db.selectFrom('company_bank_accounts').select('id').where('company_id', '=', refs.company).orderBy('id').executeTakeFirstOrThrow()).id;
    const steps = await s.t.db.selectFrom('master_processes').innerJoin('processes', 'processes.id', 'master_processes.process_id')
      .select(['master_processes.id', 'processes.code']).where('module_code', '=', 'collection-report').where('retired_at', 'is', null).execute();
    const finance = steps.find((st) => st.code === 'p-finance')!;
    const filed = await s.post('employee', '/api/buffer/collection-report', {
      send_notification_first_approval: true, save_approvers: false,
      approvals: [{ approver_id: s.users.finance.id, master_process_id: finance.id }],
      company_id: refs.company, department_id: sales, customer_name: 'ACME', currency_id: refs.currency, amount: 500, receipt_account_id: account, user_finances: [],
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const id = (filed.json() as { id: number }).id;
    const colleagues = (await s.t.db.selectFrom('users').select('id').where('department_id', '=', sales).where('id', '!=', s.users.employee.id).execute()).map((u) => u.id).sort();
    const circulated = (await s.t.db.selectFrom('circulations').select('user_id').where('buffer_id', '=', id).execute()).map((c) => c.user_id).sort();
    expect(circulated).toEqual(colleagues);
    // No approval step for the circulation: the first approval step is active.
    const filedSteps = await s.t.db.selectFrom('approvals').innerJoin('master_processes', 'master_processes.id', 'approvals.master_process_id')
      .innerJoin('processes', 'processes.id', 'master_processes.process_id').select('processes.code').where('buffer_id', '=', id).execute();
    expect(filedSteps.map((st) => st.code)).not.toContain('p-circulation');

    const list = (await s.get('aiko.ito', '/api/buffer/circulated')).json() as { 'hydra:member': Array<{ id: number; read_at: string | null }>; 'hydra:totalItems': number };
    expect(list['hydra:member'].find((b) => b.id === id)).toMatchObject({ read_at: null });
    const unread = async () => (await s.get('aiko.ito', '/api/buffer/circulated?unread=1&itemsPerPage=100')).json() as { 'hydra:member': Array<{ id: number; read_at: string | null }>; 'hydra:totalItems': number };
    const before = await unread();
    expect(before['hydra:member'].map((b) => b.id)).toContain(id);
    expect(before['hydra:member'].every((b) => b.read_at === null)).toBe(true);
    expect((await s.get('aiko.ito', `/api/buffers/${id}`)).statusCode).toBe(200);
    const read = await s.post('aiko.ito', `/api/buffer/${id}/circulation/read`);
    expect(read.statusCode, read.body).toBe(200);
    const again = (await s.get('aiko.ito', '/api/buffer/circulated')).json() as { 'hydra:member': Array<{ id: number; read_at: string | null }> };
    expect(again['hydra:member'].find((b) => b.id === id)?.read_at).toBe((read.json() as { read_at: string }).read_at);
    // The unread filter (Home's count) loses it.
    const after = await unread();
    expect(after['hydra:member'].map((b) => b.id)).not.toContain(id);
    expect(after['hydra:totalItems']).toBe(before['hydra:totalItems'] - 1);
    // The query's constraints (src/wire/workflow.ts CirculatedQuery): a yes/no unread, at most 100 a page.
    expect((await s.get('aiko.ito', '/api/buffer/circulated?unread=maybe')).statusCode).toBe(400);
    expect((await s.get('aiko.ito', '/api/buffer/circulated?itemsPerPage=101')).statusCode).toBe(400);
    // Not circulated to them: 404, and not listed.
    expect((await s.post('finance', `/api/buffer/${id}/circulation/read`)).statusCode).toBe(404);
    expect(((await s.get('legal', '/api/buffer/circulated')).json() as { 'hydra:member': Array<{ id: number }> })['hydra:member'].map((b) => b.id)).not.toContain(id);
    // Mailed in the recipient's language (default ja): the circulation subject naming the document.
    const code = (filed.json() as { code: string }).code;
    const mails = await s.t.db.selectFrom('mail_outbox').select(['to_address', 'subject']).where('subject', 'like', `%${code}%`).where('to_address', '=', 'aiko.ito@example.com').execute();
    expect(mails).toHaveLength(1);
    expect(mails[0].subject.startsWith(`回覧: ${code}`)).toBe(true);
  });
});

/**
 * A mandatory step whose approver the requester picks among role holders (the corporate seal's
 * signer: legal) has nobody to pick when the requester is the only holder: the route says so
 * (blocked, with why and what to do, in the reader's language) and filing answers 422 with the same
 * message — not an empty picker and "choose an approver". Derived from the definitions: per role,
 * the first module with such a step, filed by the demo user holding that role.
 */
describe('a role-bound step only the requester could approve', () => {
  const cases = Object.entries(definitions.modules).sort(([a], [b]) => a.localeCompare(b))
    .filter(([, module]) => module.kind === 'module' && !module.meta.entity)
    .flatMap(([code, module]) => (module.process ?? [])
      .filter((step) => !step.approvers && !step.optional && !step.circulation && !step.allowRequester && step.when === undefined)
      .flatMap((step) => (step.roles ?? []).map((role) => ({ role, module: code, step: step.code, bodyKey: module.meta.bodyKey }))));

  it('exists in the definitions (legal signs corporate seals)', () => {
    expect(cases.filter((c) => c.role === 'legal').map((c) => c.module)).toContain('corporate-seal');
  });

  it.each(cases)('$role on $module ($step): blocked with the reason on the route and a 422 on filing; another holder unblocks it', async ({ role, module, step, bodyKey }) => {
    const requester = s.users[role];
    const flag = `is_${role}` as 'is_legal';
    const others = (await s.t.db.selectFrom('users').select('id').where(flag, '=', true).where('id', '<>', requester.id).execute()).map((u) => u.id);
    if (others.length) await s.t.db.updateTable('users').set({ [flag]: false }).where('id', 'in', others).execute();
    try {
      for (const lang of ['en', 'ja', 'zh'] as const) {
        const tr = serverTranslate(lang);
        const reply = await s.post(role, '/api/master_processes/resolve', { module_code: module, data: {} }, { 'accept-language': lang });
        const blocked = (reply.json() as { steps: Step[] }).steps.find((st) => st.code === step)!;
        expect(blocked.blocked).toBe('requester');
        expect(blocked.blocked_reason).toContain(tr(`server.routes.roles.${role}`));
        expect(blocked.blocked_reason).not.toBe(tr('server.routes.blockedRequester', { step: '' }));
        expect(blocked).toMatchObject({ candidates: [], candidates_total: 0 });
        const filed = await s.post(role, `/api/buffer/${module}`, { approvals: [], send_notification_first_approval: true, save_approvers: false, ...(bodyKey ? { [bodyKey]: {} } : {}) }, { 'accept-language': lang });
        expect(filed.statusCode, filed.body).toBe(422);
        expect(filed.json().violations).toEqual([{ propertyPath: 'approvals', message: blocked.blocked_reason }]);
      }
    } finally {
      if (others.length) await s.t.db.updateTable('users').set({ [flag]: true }).where('id', 'in', others).execute();
    }
    if (others.length) {
      const open = (await resolve(role, module, {})).find((st) => st.code === step)!;
      expect(open.blocked).toBeNull();
    }
  });
});
