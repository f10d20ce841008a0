/**
 * One descriptor per approver-resolver kind (issue #32): a toy kind registered here — and nowhere
 * else — is checked by the definition checker (its position parameter like any position: unknown
 * codes refused with a suggestion), passes the server's publish check, resolves on the process
 * card (`POST /master_processes/resolve`) and in filing (its users become the step's candidates),
 * and counts as naming its position (the server loads its holders; retiring it is refused).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approverResolvers, checkDefinitions, copySource, holdersUpward, registerApproverResolver, resolverReferences, resolveRoute,
  type ApproverResolverDescriptor, type ModuleSource,
} from '../../src/engine';
import { WIDGET_NAMES } from '../../src/engine/definitions/widget-names';
import { toyFiles } from '../engine/toy-definitions';
import { purchaseRefs, workflowSuite, type WorkflowSuite } from './workflow-fixtures';

/** 一つ上: the holders of a position in the department above the one the requester files from (or further up). */
const SKIP_LEVEL: ApproverResolverDescriptor = {
  code: 'skipLevel',
  params: [{ key: 'skipLevel', input: 'position' }],
  example: () => ({ skipLevel: 'head' }),
  resolve(rule, context) {
    const parent = context.organisation.departments.find((d) => d.id === context.startDepartment)?.parent_id ?? null;
    return holdersUpward(context, parent, String(rule.skipLevel)).filter((id) => context.enabled.has(id));
  },
  sentenceKey: () => 'studio.route.describe.skipLevel',
};

let unregister: () => void;
beforeAll(() => { unregister = registerApproverResolver(SKIP_LEVEL); });
afterAll(() => unregister());

let s: WorkflowSuite;
workflowSuite((suite) => { s = suite; });

const names = { en: 'Skip-level approval', ja: '一つ上の承認', zh: '越级审批' };
const check = (approvers: unknown[]) => {
  const files = toyFiles();
  Object.assign(files.processes!.toy.steps[0], { approvers });
  return checkDefinitions(files, { widgetNames: WIDGET_NAMES, positions: ['head', 'director'] }).map((p) => `${p.file}#${p.pointer}: ${p.message}`);
};

describe('a toy approver resolver', () => {
  it('is a kind among the built-in ones, and cannot be registered twice', () => {
    expect(approverResolvers().map((r) => r.code)).toEqual(['position', 'role', 'users', 'colleagues', 'skipLevel']);
    expect(() => registerApproverResolver(SKIP_LEVEL)).toThrow(/already registered/);
  });

  it('passes the checker; its position parameter is checked as a position, its keys as its own', () => {
    expect(check([{ skipLevel: 'head' }])).toEqual([]);
    expect(check([{ skipLevel: 'haed' }]).join('\n')).toContain('processes/toy.json#/steps/0/approvers/0/skipLevel: unknown position "haed" (closest valid names: head');
    expect(check([{ skipLevel: 'head', of: 'requester' }]).join('\n')).toContain('/approvers/0/of: unknown key "of" in an approver rule');
    expect(check([{ skipLevel: 'head', role: 'legal' }]).join('\n')).toContain('an approver rule names exactly one of position, role, users, colleagues, skipLevel (found skipLevel, role)');
    expect(check([7]).join('\n')).toContain('an approver rule is an object: {position, of}, {role}, {users}, {colleagues} or {skipLevel}');
  });

  it('names its position: the server loads its holders, and the position admin sees the route', () => {
    expect(resolverReferences([{ skipLevel: 'director' }, { users: ['A@x.test'] }])).toEqual({ positions: ['director'], emails: ['a@x.test'] });
  });

  it('resolves in the engine: the head above, not the requester\'s own', () => {
    const organisation = {
      departments: [{ id: 1, company_id: 1, parent_id: null }, { id: 2, company_id: 1, parent_id: 1 }],
      posts: [{ user_id: 5, department_id: 2, position: 'head' }, { user_id: 6, department_id: 1, position: 'head' }],
      users: [5, 6, 9].map((id) => ({ id, email: `u${id}@x.test`, company_id: 1, department_id: 2, roles: [] })),
    };
    const [step] = resolveRoute({
      steps: [{ code: 'p-skip', names, approvers: [{ skipLevel: 'head' }] }],
      data: {}, requester: { id: 9, company_id: 1, department_id: 2 }, companyId: 1, organisation,
    });
    expect(step).toMatchObject({ by: 'rule', approvers: [6], blocked: null });
  });

  it('is published, resolved on the process card and filed by the server, with no other edit', async () => {
    const admin = await s.auth('admin');
    const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      s.t.app.inject({ method, url, headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en' }, ...(payload === undefined ? {} : { payload: payload as object }) });
    const source = copySource((await call('GET', '/api/module-definitions/purchase/source')).json(), 'skip-level-purchase') as ModuleSource;
    const first = source.process!.steps[0];
    source.process = { steps: [{ code: first.code, names: first.names, approvers: [{ skipLevel: 'haed' }] }] };
    const refused = await call('POST', '/api/module-definitions', source);
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(refused.json())).toMatch(/unknown position \\"haed\\"/);
    source.process = { steps: [{ code: first.code, names: first.names, approvers: [{ skipLevel: 'head' }] }] };
    const published = await call('POST', '/api/module-definitions', source);
    expect(published.statusCode, published.body).toBe(201);

    // The employee files from RH/Sales (head: approver); the department above is RH/Management (head: authorizer).
    const refs = await purchaseRefs(s.t.db);
    const sales = await s.t.db.selectFrom('departments').select('id').where('company_id', '=', refs.company).where('name', '=', 'Sales').executeTakeFirstOrThrow();
    const data = {
      send_notification_first_approval: true, save_approvers: false, approvals: [],
      currency_id: refs.currency, company_id: refs.company, department_id: sales.id,
      purchase_goods: [{ department_id: sales.id, delivery_date: '2026-12-01', goods_name: 'Desk', qty: 1, budget: 100, arrange_by: 'me' }],
      total_estimated: 100, user_finances: [],
    };
    const card = await s.post('employee', '/api/master_processes/resolve', { module_code: 'skip-level-purchase', data });
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json().steps.map((st: { by: string; approvers: Array<{ id: number }>; blocked: string | null }) => [st.by, st.approvers.map((a) => a.id), st.blocked]))
      .toEqual([['rule', [s.users.authorizer.id], null]]);

    const filed = await s.post('employee', '/api/buffer/skip-level-purchase', data);
    expect(filed.statusCode, filed.body).toBe(201);
    const candidates = await s.t.db.selectFrom('approvals').innerJoin('approval_candidates', 'approval_candidates.approval_id', 'approvals.id')
      .select('approval_candidates.user_id').where('approvals.buffer_id', '=', filed.json().id).execute();
    expect(candidates.map((c) => c.user_id)).toEqual([s.users.authorizer.id]);
  });
});
