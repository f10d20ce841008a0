/**
 * Over budget, the route decides (`ui:module.budget.over: route`, issue #36 item 4): a module whose
 * definition routes over-budget documents files them (nothing refused) and a step whose condition
 * reads `budget.over` is added to the route only when the document would overrun its budget —
 * at filing, in the route preview and in the form's check. The module and its extra step are found
 * in the definitions (the one opting in to `route` with a step reading `budget.over`), not named here.
 */
import { describe, expect, it } from 'vitest';
import type { CompiledModule } from '../../src/engine';
import { companyFiscalYear } from '../../server/budgets/budget-ledger';
import { approveEveryStep, wrapperFor } from './admin-fixtures';
import { moduleSteps, purchaseRefs, workflowSuite, type WorkflowSuite } from './workflow-fixtures';

describe('over budget: an extra route step', () => {
  let s: WorkflowSuite;
  workflowSuite((suite) => { s = suite; });

  /** The module routing over-budget documents and its step that applies only then. */
  const routed = () => {
    const modules = Object.values(s.t.app.definitions.modules) as CompiledModule[];
    const module = modules.find((m) => m.kind === 'module' && m.meta.budget?.over === 'route');
    expect(module, 'a module whose definition says over: route').toBeTruthy();
    const extra = (module!.process ?? []).filter((step) => step.when !== undefined && JSON.stringify(step.when).includes('"budget.over"'));
    expect(extra).toHaveLength(1);
    return { module: module!, step: extra[0] };
  };
  const budgetModule = () => Object.values(s.t.app.definitions.modules).find((m) => m.kind === 'module' && m.meta.entity?.kind === 'budget')!.code;

  /** RH, its first department and the first non-transport expense account of the routed module. */
  async function refs() {
    const r = await purchaseRefs(s.t.db);
    const account = await s.t.db.selectFrom('expense_accounts').select('id').where('company_id', '=', r.company)
      .where('module_type', '=', routed().module.code).where('is_transportation', '=', false).orderBy('id').executeTakeFirstOrThrow();
    return { ...r, account: account.id };
  }

  /** A filing of the routed module asking `amount` of the account (its choice steps named: the first eligible demo user of each role). */
  async function body(amount: number) {
    const r = await refs();
    const { module } = routed();
    const steps = await moduleSteps(s.t.db, module.code);
    const chooser: Record<string, number> = { 'p-finance': s.users.finance.id, 'p-treasury': s.users.treasury.id, 'p-manager': s.users.approver.id };
    const data = {
      currency_id: r.currency, company_id: r.company, department_id: r.department, user_finances: [],
      transaction_items: [{ index: 1, company_id: r.company, department_id: r.department, contents: [{ content_type_id: r.account, company_id: r.company, amount, note: 'Taxi' }] }],
    };
    const wrapper = {
      bypass: false, send_notification_first_approval: true, save_approvers: false,
      approvals: steps.filter((x) => chooser[x.code]).map((x) => ({ approver_id: chooser[x.code], master_process_id: x.id })),
    };
    return { payload: module.meta.bodyKey ? { ...wrapper, [module.meta.bodyKey]: data } : { ...wrapper, ...data }, data };
  }

  /** The step codes a filed document got, in order. */
  const stepCodes = async (bufferId: number) => (await s.t.db.selectFrom('approvals')
    .innerJoin('master_processes', 'master_processes.id', 'approvals.master_process_id').innerJoin('processes', 'processes.id', 'master_processes.process_id')
    .select('processes.code').where('approvals.buffer_id', '=', bufferId).where('approvals.voided_at', 'is', null).orderBy('approvals.position').execute()).map((r) => r.code);

  it('files under and over budget; only the one over gets the extra step, whose approvers the route resolves', async () => {
    const { module, step } = routed();
    const r = await refs();
    // A budget of 1,000 for the department and account, through approval.
    const filedBudget = await s.post('finance', `/api/buffer/${budgetModule()}`, {
      ...await wrapperFor(s.t.db, budgetModule(), s.users), company_id: r.company, department_id: r.department, expense_account_id: r.account,
      fiscal_year: await companyFiscalYear(s.t.db, r.company), amount: 1000,
    });
    expect(filedBudget.statusCode, filedBudget.body).toBe(201);
    await approveEveryStep(s.t.db, s.post, filedBudget.json().id);

    const under = await body(400);
    const check = await s.post('employee', '/api/budgets/check', { module_code: module.code, data: under.data });
    expect(check.json()).toMatchObject({ policy: 'route', over: false, remaining: 600 });
    const preview = await s.post('employee', '/api/master_processes/resolve', { module_code: module.code, data: under.data });
    expect(preview.json().steps.map((x: { code: string }) => x.code)).not.toContain(step.code);
    const filedUnder = await s.post('employee', `/api/buffer/${module.code}`, under.payload);
    expect(filedUnder.statusCode, filedUnder.body).toBe(201);
    const underSteps = await stepCodes(filedUnder.json().id);
    expect(underSteps).not.toContain(step.code);

    // 400 reserved: 800 more would leave -200 — filed all the same, with the extra step.
    const over = await body(800);
    const overCheck = await s.post('employee', '/api/budgets/check', { module_code: module.code, data: over.data });
    expect(overCheck.json()).toMatchObject({ policy: 'route', over: true, remaining: -200 });
    const overPreview = await s.post('employee', '/api/master_processes/resolve', { module_code: module.code, data: over.data });
    expect(overPreview.json().steps.map((x: { code: string }) => x.code)).toContain(step.code);
    const filedOver = await s.post('employee', `/api/buffer/${module.code}`, over.payload);
    expect(filedOver.statusCode, filedOver.body).toBe(201);
    const overSteps = await stepCodes(filedOver.json().id);
    expect(overSteps.filter((c) => c !== step.code)).toEqual(underSteps);
    expect(overSteps).toContain(step.code);
    // Its approvers are the ones the definition's rule names (here the company's authorizers), resolved, not chosen.
    const candidates = await s.t.db.selectFrom('approvals').innerJoin('approval_candidates', 'approval_candidates.approval_id', 'approvals.id')
      .innerJoin('master_processes', 'master_processes.id', 'approvals.master_process_id').innerJoin('processes', 'processes.id', 'master_processes.process_id')
      .select('approval_candidates.user_id').where('approvals.buffer_id', '=', filedOver.json().id).where('processes.code', '=', step.code).execute();
    const resolved = overPreview.json().steps.find((x: { code: string }) => x.code === step.code).approvers.map((a: { id: number }) => a.id).sort();
    expect(resolved.length).toBeGreaterThan(0);
    expect(candidates.map((c) => c.user_id).sort()).toEqual(resolved);
    // Both hold the budget: over by 200, as the form's check now says.
    const standing = (await s.get('finance', `/api/budgets?company_id=${r.company}`)).json()['hydra:member']
      .find((b: { expense_account_id: number; department_id: number }) => b.expense_account_id === r.account && b.department_id === r.department);
    expect(standing).toMatchObject({ amount: 1000, reserved: 1200, remaining: -200 });
  });
});
