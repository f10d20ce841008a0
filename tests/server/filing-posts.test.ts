/**
 * Filing as one of my posts (兼務, issue #36 item 6): a user with posts in two companies' departments
 * (the demo's approver2@: main department in one company, a concurrent post in another) picks which
 * post a document is filed as; the route resolves from that post's department (its head approves
 * the manager step) and a form without a company files for that post's company. A department that
 * is not one of the user's posts is refused with 422 and files nothing; a user with one post files
 * as it without choosing. Expectations come from the organisation tables, not from names.
 */
import { describe, expect, it } from 'vitest';
import { moduleSteps, purchaseRefs, workflowSuite, type WorkflowSuite } from './workflow-fixtures';

type Post = { department_id: number; company_id: number; main: boolean; department_name: string; company_name: string; positions: string[] };

describe('filing as one of my posts', () => {
  let s: WorkflowSuite;
  workflowSuite((suite) => { s = suite; });

  const posts = async (user: string) => {
    const reply = await s.get(user, '/api/posts/mine');
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json()['hydra:member'] as Post[];
  };
  /** Heads of a department (the debt module's manager step: the head of the requester's department). */
  const heads = async (departmentId: number) => (await s.t.db.selectFrom('user_posts').select('user_id').where('department_id', '=', departmentId)
    .where('position_code', '=', 'head').execute()).map((r) => r.user_id).sort();
  const buffers = async () => (await s.t.db.selectFrom('buffers').select('id').execute()).length;
  const preview = (user: string, filedAs?: unknown) => s.post(user, '/api/master_processes/resolve', {
    module_code: 'collection-debt', data: {}, ...(filedAs === undefined ? {} : { filed_as_department_id: filedAs }),
  });
  /** A valid debt filing whose finance step names a finance user of `companyId`. */
  async function debt(companyId: number, filedAs?: unknown) {
    const steps = await moduleSteps(s.t.db, 'collection-debt');
    const finance = await s.t.db.selectFrom('users').select('id').where('company_id', '=', companyId).where('is_finance', '=', true)
      .where('disabled', '=', false).orderBy('id').executeTakeFirstOrThrow();
    return {
      customer_name: 'ACME', currency_id: (await purchaseRefs(s.t.db)).currency, amount: 1200, payment_date: '2026-12-24',
      send_notification_first_approval: true, save_approvers: false,
      approvals: [{ master_process_id: steps.find((x) => x.code === 'p-finance')!.id, approver_id: finance.id }],
      ...(filedAs === undefined ? {} : { filed_as_department_id: filedAs }),
    };
  }

  it('lists a user\'s posts: the main department first, then the concurrent posts\' departments', async () => {
    const me = await s.t.db.selectFrom('users').select(['department_id']).where('id', '=', s.users.approver2.id).executeTakeFirstOrThrow();
    const concurrent = (await s.t.db.selectFrom('user_posts').select('department_id').where('user_id', '=', s.users.approver2.id).execute()).map((p) => p.department_id);
    const mine = await posts('approver2');
    expect(mine.map((p) => p.department_id)).toEqual([me.department_id, ...new Set(concurrent.filter((d) => d !== me.department_id))]);
    expect(mine.map((p) => p.main)).toEqual([true, ...mine.slice(1).map(() => false)]);
    // The demo's two posts are in two companies, and the concurrent one names its position.
    expect(mine).toHaveLength(2);
    expect(mine[0].company_id).not.toBe(mine[1].company_id);
    expect(mine[1].positions.length).toBeGreaterThan(0);
    expect((await posts('employee')).map((p) => p.main)).toEqual([true]);
  });

  it('resolves the route from the post chosen — in the preview and at filing — and files for that post\'s company', async () => {
    const mine = await posts('approver2');
    for (const post of mine) {
      const expected = await heads(post.department_id);
      expect(expected.length).toBeGreaterThan(0);
      const route = await preview('approver2', post.department_id);
      expect(route.statusCode, route.body).toBe(200);
      const manager = route.json().steps.find((x: { code: string }) => x.code === 'p-manager');
      expect(manager.approvers.map((a: { id: number }) => a.id).sort()).toEqual(expected);

      const filed = await s.post('approver2', '/api/buffer/collection-debt', await debt(post.company_id, post.department_id));
      expect(filed.statusCode, filed.body).toBe(201);
      const row = await s.t.db.selectFrom('buffers').select(['company_id', 'filed_as_department_id', 'requester_id']).where('id', '=', filed.json().id).executeTakeFirstOrThrow();
      expect(row).toEqual({ company_id: post.company_id, filed_as_department_id: post.department_id, requester_id: s.users.approver2.id });
      const candidates = await s.t.db.selectFrom('approvals').innerJoin('approval_candidates', 'approval_candidates.approval_id', 'approvals.id')
        .innerJoin('master_processes', 'master_processes.id', 'approvals.master_process_id').innerJoin('processes', 'processes.id', 'master_processes.process_id')
        .select('approval_candidates.user_id').where('approvals.buffer_id', '=', filed.json().id).where('processes.code', '=', 'p-manager').execute();
      expect(candidates.map((c) => c.user_id).sort()).toEqual(expected);
    }
    // The two posts give two different managers: the choice matters.
    expect(await heads(mine[0].department_id)).not.toEqual(await heads(mine[1].department_id));
  });

  it('offers in the approver picker the candidates of the chosen post\'s company', async () => {
    const step = (await moduleSteps(s.t.db, 'collection-debt')).find((x) => x.code === 'p-finance')!;
    const list = async (query: string) => {
      const reply = await s.get('approver2', `/api/users/approver?masterProcessId=${step.id}&itemsPerPage=100${query}`);
      expect(reply.statusCode, reply.body).toBe(200);
      return (reply.json()['hydra:member'] as Array<{ id: number }>).map((u) => u.id).sort();
    };
    for (const post of await posts('approver2')) {
      // As a document of that post's company would have them (the filing's eligibility rule for that company).
      const offered = await list(`&filed_as_department_id=${post.department_id}`);
      expect(offered.length).toBeGreaterThan(0);
      expect(offered).toEqual(await list(`&companyId=${post.company_id}`));
    }
    const foreign = (await posts('approver2')).find((p) => !p.main)!;
    expect((await s.get('employee', `/api/users/approver?masterProcessId=${step.id}&filed_as_department_id=${foreign.department_id}`)).statusCode).toBe(422);
  });

  it('keeps the post on an edit: the route resolves again from the post the document was filed as', async () => {
    const other = (await posts('approver2')).find((p) => !p.main)!;
    // The form's department (the cost centre) is one of that company's that is none of approver2's posts.
    const mine = (await posts('approver2')).map((p) => p.department_id);
    const costCentre = (await s.t.db.selectFrom('departments').select('id').where('company_id', '=', other.company_id).orderBy('id').execute())
      .map((d) => d.id).find((id) => !mine.includes(id))!;
    const expense = await s.t.db.selectFrom('expense_accounts').select('id').where('company_id', '=', other.company_id).where('module_type', '=', 'reimbursement')
      .where('is_transportation', '=', false).orderBy('id').executeTakeFirstOrThrow();
    const steps = await moduleSteps(s.t.db, 'reimbursement');
    const chooser: Record<string, number> = { 'p-finance': s.users.finance.id, 'p-treasury': s.users.treasury.id };
    const transaction = {
      currency_id: (await purchaseRefs(s.t.db)).currency, company_id: other.company_id, department_id: costCentre, user_finances: [], note: 'Filed',
      transaction_items: [{ index: 1, company_id: other.company_id, department_id: costCentre, contents: [{ content_type_id: expense.id, company_id: other.company_id, amount: 120, note: 'Taxi' }] }],
    };
    const filed = await s.post('approver2', '/api/buffer/reimbursement', {
      bypass: false, send_notification_first_approval: true, save_approvers: false, filed_as_department_id: other.department_id, transaction,
      approvals: steps.filter((x) => chooser[x.code]).map((x) => ({ approver_id: chooser[x.code], master_process_id: x.id })),
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const manager = async () => (await s.t.db.selectFrom('approvals').innerJoin('approval_candidates', 'approval_candidates.approval_id', 'approvals.id')
      .innerJoin('master_processes', 'master_processes.id', 'approvals.master_process_id').innerJoin('processes', 'processes.id', 'master_processes.process_id')
      .select('approval_candidates.user_id').where('approvals.buffer_id', '=', filed.json().id).where('approvals.voided_at', 'is', null)
      .where('processes.code', '=', 'p-manager').execute()).map((c) => c.user_id).sort();
    const expected = await heads(other.department_id);
    expect(await manager()).toEqual(expected);
    // Resolved from the main post instead, the manager would be another (so an edit that forgot the post would restart the route).
    expect(await heads((await posts('approver2')).find((p) => p.main)!.department_id)).not.toEqual(expected);
    const edited = await s.post('approver2', `/api/buffer/${filed.json().id}/edit`, { data: { ...transaction, note: 'Edited' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().changed_fields).toContain('note');
    expect(edited.json().approvals_cleared).toBe(false);
    expect(await manager()).toEqual(expected);
  });

  it('refuses a post that is not the user\'s (422 with a clear message) and files nothing', async () => {
    const others = (await posts('approver2')).filter((p) => !p.main);
    const employeeDepartments = (await posts('employee')).map((p) => p.department_id);
    const foreign = others.find((p) => !employeeDepartments.includes(p.department_id))!;
    const before = await buffers();
    for (const filedAs of [foreign.department_id, 999_999, 'Sales', 1.5]) {
      const filed = await s.post('employee', '/api/buffer/collection-debt', await debt(foreign.company_id, filedAs));
      expect([filedAs, filed.statusCode], filed.body).toEqual([filedAs, 422]);
      expect(filed.json().violations).toEqual([{ propertyPath: 'filed_as_department_id', message: expect.stringMatching(/^This is not one of your posts/) }]);
      const route = await preview('employee', filedAs);
      expect([filedAs, route.statusCode]).toEqual([filedAs, 422]);
    }
    expect(await buffers()).toBe(before);
    // In the reader's language.
    const ja = await s.t.app.inject({
      method: 'POST', url: '/api/buffer/collection-debt', payload: await debt(foreign.company_id, foreign.department_id),
      headers: { authorization: `Bearer ${await s.auth('employee')}`, 'accept-language': 'ja' },
    });
    expect(ja.statusCode).toBe(422);
    expect(ja.json().violations[0].message).toMatch(/所属/);
  });

  it('uses the only post of a user who holds one, chosen or not', async () => {
    const [only] = await posts('employee');
    const expected = await heads(only.department_id);
    for (const filedAs of [undefined, only.department_id]) {
      const route = await preview('employee', filedAs);
      expect(route.json().steps.find((x: { code: string }) => x.code === 'p-manager').approvers.map((a: { id: number }) => a.id).sort()).toEqual(expected);
      const filed = await s.post('employee', '/api/buffer/collection-debt', await debt(only.company_id, filedAs));
      expect(filed.statusCode, filed.body).toBe(201);
      const row = await s.t.db.selectFrom('buffers').select('company_id').where('id', '=', filed.json().id).executeTakeFirstOrThrow();
      expect(row.company_id).toBe(only.company_id);
    }
  });
});
