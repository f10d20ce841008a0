import { CompiledQuery, sql } from 'kysely';
import { inboxPageRows } from '../../server/workflow/lists/inbox-page';
import { beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_LIST_COUNT_CAP } from '../../src/wire/list-query';
import type { TestApp } from './helpers';
import { filePurchase, purchaseBody, workflowSuite, type Auth, type Getter, type Users } from './workflow-fixtures';
import { okPage } from './keyset-walk';

/**
 * `/approvals/my` counts at most APPROVAL_LIST_COUNT_CAP pending items (the decade bench's approver
 * with 56,058 pending spent 16 ms a request on an exact count), in the indexed default list and
 * in the general (filtered) query alike; the list itself pages on past the count by cursor.
 */
let t: TestApp;
let users: Users;
let get: Getter;
let auth: Auth;

type Page = { 'hydra:member': Array<{ id: number }>; 'hydra:totalItems': number; nextCursor?: string };

workflowSuite((suite) => ({ t, users, auth, get } = suite));

const extra = APPROVAL_LIST_COUNT_CAP + 1;

beforeAll(async () => {
  const filed = await filePurchase(t, await auth('employee'), await purchaseBody(t.db, users, { send_notification_first_approval: false }));
  // More active pending steps of the same document than the cap, each with the approver as its
  // candidate (positions after the route's own): the triggers put each in the approver's inbox.
  const first = filed.steps[0];
  await sql`insert into approvals (buffer_id, master_process_id, position, status, active, mode, required)
    select a.buffer_id, a.master_process_id, 1000 + g, a.status, true, a.mode, a.required
      from approvals a, generate_series(1, ${extra}) g where a.id = ${first}`.execute(t.db);
  await sql`insert into approval_candidates (approval_id, user_id)
    select a.id, ${users.approver.id} from approvals a where a.buffer_id = ${filed.id} and a.position >= 1000`.execute(t.db);
});

describe('pending list count', () => {
  it('counts at most the cap, indexed and filtered, and the list goes on past it by cursor', async () => {
    const open = await t.db.selectFrom('approval_candidates').where('user_id', '=', users.approver.id).where('inbox_open', '=', true)
      .select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(open.n)).toBeGreaterThan(APPROVAL_LIST_COUNT_CAP);
    const indexed = await okPage<Page>(get, 'approver', '/api/approvals/my?itemsPerPage=5');
    expect(indexed['hydra:totalItems']).toBe(APPROVAL_LIST_COUNT_CAP);
    expect(indexed.nextCursor).toBeTruthy();
    // A filter takes the general query: the same cap.
    const filtered = await okPage<Page>(get, 'approver', '/api/approvals/my?itemsPerPage=5&sort[createdAt]=desc');
    expect(filtered['hydra:totalItems']).toBe(APPROVAL_LIST_COUNT_CAP);
    // Past the cap the list goes on: the page after the thousandth item is not empty.
    const after = await okPage<Page>(get, 'approver', `/api/approvals/my?itemsPerPage=100&page=${APPROVAL_LIST_COUNT_CAP / 100 + 1}`);
    expect(after['hydra:member'].length).toBeGreaterThan(0);
  });

  it('reads a page of the pending list from the index, not every pending item (first page, a later page, after a cursor)', async () => {
    // Rows each plan node returned, summed over the scans of approval_candidates (EXPLAIN ANALYZE):
    // a figure of the plan, not a timing. Sorting the union of all pending items read all 1,001+.
    const rowsRead = async (q: { page: number; itemsPerPage: number; cursor?: string }) => {
      const compiled = inboxPageRows(t.db, users.approver.id, q).compile();
      const [{ 'QUERY PLAN': plan }] = (await t.db.executeQuery<{ 'QUERY PLAN': unknown }>(
        CompiledQuery.raw(`explain (analyze, format json) ${compiled.sql}`, [...compiled.parameters]),
      )).rows;
      type PlanNode = { 'Relation Name'?: string; 'Actual Rows': number; 'Actual Loops': number; Plans?: PlanNode[] };
      const walk = (node: PlanNode): number => (node['Relation Name'] === 'approval_candidates' ? node['Actual Rows'] * node['Actual Loops'] : 0)
        + (node.Plans ?? []).reduce((sum, child) => sum + walk(child), 0);
      const root = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{ Plan: PlanNode }>;
      return walk(root[0].Plan);
    };
    // As autovacuum leaves a table in use (statistics, visibility map): the planner then reads an index range.
    await sql`vacuum analyze approval_candidates, requester_tasks`.execute(t.db);
    expect(await rowsRead({ page: 1, itemsPerPage: 5 })).toBeLessThanOrEqual(5);
    expect(await rowsRead({ page: 3, itemsPerPage: 5 })).toBeLessThanOrEqual(15);
    const first = await okPage<Page>(get, 'approver', '/api/approvals/my?itemsPerPage=5');
    expect(await rowsRead({ page: 1, itemsPerPage: 5, cursor: first.nextCursor })).toBeLessThanOrEqual(5);
  });
});
