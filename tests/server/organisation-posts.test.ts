import { describe, expect, it } from 'vitest';
import { loadOrganisation } from '../../server/workflow/filing/route-resolution';
import type { TestApp } from './helpers';
import { approveEveryStep, companyRefs, userPayload } from './admin-fixtures';
import { type Getter, type Poster, type Users, workflowSuite } from './workflow-fixtures';

// Issue #20 item 1: a user's manager and posts (concurrent posts with positions, dated) are
// organisation data changed through the user module's approval, checked by the server, and read
// by route resolution on their dates.

let t: TestApp;
let users: Users;
let post: Poster;
let get: Getter;
workflowSuite((suite) => ({ t, users, post, get } = suite));

/** The edit request of a user as the form files it: the user's current data with `changes`. */
async function editBody(email: string, code: string, changes: Record<string, unknown>) {
  const target = users[email.split('@')[0]];
  const refs = await companyRefs(t.db, code);
  const body = await userPayload(t.db, users, code, { email: target.email, name: target.name, ...changes });
  return { target, refs, body };
}

const department = async (company: string, name: string) => (await t.db.selectFrom('departments').innerJoin('companies', 'companies.id', 'departments.company_id')
  .select('departments.id').where('companies.code', '=', company).where('departments.name', '=', name).executeTakeFirstOrThrow()).id;

const documentCount = async () => Number((await t.db.selectFrom('buffers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('posts and manager through approval', () => {
  it('a dated concurrent post and a manager take effect on completion; routes read the post from its date only', async () => {
    const sales = await department('RH', 'Sales');
    const trading = await department('RT', 'Trading');
    const { target, refs, body } = await editBody('aiko.ito@example.com', 'RH', {
      department_id: sales,
      manager_id: users.approver.id,
      posts: [
        { index: 1, company_id: (await companyRefs(t.db, 'RH')).company, department_id: sales, position_code: null, effective_from: null, effective_to: null },
        { index: 2, company_id: (await companyRefs(t.db, 'RT')).company, department_id: trading, position_code: 'head', effective_from: '2099-04-01', effective_to: null },
      ],
    });
    expect(refs.company).toBeGreaterThan(0);
    const filed = await post('admin', `/api/buffer/users/${target.id}/edit`, body);
    expect(filed.statusCode, filed.body).toBe(201);
    // Nothing changes while the request is pending.
    expect(await t.db.selectFrom('user_posts').select('id').where('user_id', '=', target.id).execute()).toEqual([]);

    await approveEveryStep(t.db, post, filed.json().id);
    const rows = await t.db.selectFrom('user_posts').select(['department_id', 'position_code', 'effective_from', 'effective_to'])
      .where('user_id', '=', target.id).orderBy('id').execute();
    expect(rows).toEqual([
      { department_id: sales, position_code: null, effective_from: null, effective_to: null },
      { department_id: trading, position_code: 'head', effective_from: '2099-04-01', effective_to: null },
    ]);
    const user = await t.db.selectFrom('users').select('manager_id').where('id', '=', target.id).executeTakeFirstOrThrow();
    expect(user.manager_id).toBe(users.approver.id);

    // Route resolution sees the head post only from its date.
    const heads = async (day: string) => (await loadOrganisation(t.db, { requesterId: users.employee.id, companyId: null, emails: [], day }))
      .organisation.posts.filter((p) => p.user_id === target.id);
    expect(await heads('2099-03-31')).toEqual([]);
    expect(await heads('2099-04-01')).toEqual([{ user_id: target.id, department_id: trading, position: 'head' }]);

    // The detail (and so the edit form) shows them with names.
    const detail = (await get('admin', `/api/users/${target.id}`)).json();
    expect(detail.manager).toMatchObject({ id: users.approver.id, name: users.approver.name });
    expect(detail.posts).toHaveLength(2);
    expect(detail.posts[1]).toMatchObject({ department_id: trading, position_code: 'head', effective_from: '2099-04-01', department_name: 'Trading', position_name: 'Department head' });
  });

  it('bad posts and managers are refused with a message per field and nothing is filed', async () => {
    const sales = await department('RH', 'Sales');
    const trading = await department('RT', 'Trading');
    const rh = (await companyRefs(t.db, 'RH')).company;
    const rt = (await companyRefs(t.db, 'RT')).company;
    const cases: Array<{ who: string; changes: Record<string, unknown>; path: string; message: RegExp }> = [
      { who: 'admin', changes: { posts: [{ index: 1, company_id: rh, department_id: trading }] }, path: 'posts[0].department_id', message: /not one of the chosen company's/ },
      { who: 'admin', changes: { manager_id: users['daichi.kato'].id }, path: 'manager_id', message: /own manager/ },
      { who: 'admin', changes: { manager_id: 999_999 }, path: 'manager_id', message: /not an active user/ },
      { who: 'admin', changes: { posts: [{ index: 1, company_id: rh, department_id: sales, effective_from: '2027-05-01', effective_to: '2027-04-01' }] }, path: 'posts[0].effective_to', message: /cannot end before it starts/ },
      // Only a group admin gives posts in another company (employee@ manages their own company's users).
      { who: 'employee', changes: { posts: [{ index: 1, company_id: rt, department_id: trading }] }, path: 'posts[0].company_id', message: /only a group admin/i },
    ];
    for (const c of cases) {
      const { target, body } = await editBody('daichi.kato@example.com', 'RH', c.changes);
      const before = await documentCount();
      const reply = await post(c.who, `/api/buffer/users/${target.id}/edit`, body);
      expect(reply.statusCode, `${c.path}: ${reply.body}`).toBe(422);
      const violations = reply.json().violations as Array<{ propertyPath: string; message: string }>;
      expect(violations.find((v) => v.propertyPath === c.path)?.message, reply.body).toMatch(c.message);
      expect(await documentCount()).toBe(before);
    }
  });

  it('an unknown position is refused by the definition (the catalogue is the schema enum)', async () => {
    const sales = await department('RH', 'Sales');
    const { target, body } = await editBody('daichi.kato@example.com', 'RH', {
      posts: [{ index: 1, company_id: (await companyRefs(t.db, 'RH')).company, department_id: sales, position_code: 'emperor' }],
    });
    const reply = await post('admin', `/api/buffer/users/${target.id}/edit`, body);
    expect(reply.statusCode, reply.body).toBe(422);
  });
});
