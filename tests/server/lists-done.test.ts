import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_LIST_COUNT_CAP } from '../../src/wire/list-query';
import type { TestApp } from './helpers';
import { filePurchase, purchaseBody, workflowSuite, type Auth, type Getter, type Poster, type Users } from './workflow-fixtures';
import { okPage, walkByCursor } from './keyset-walk';

/**
 * The done list (`/approvals/my?isDone=1`) from `approval_done` (migration 0820, kept by
 * triggers): the table always equals the rule evaluated from the steps (a user's latest done or
 * rejected step per document), the indexed default list answers what the general query answers,
 * and a cursor walk neither repeats nor skips while steps are handled between pages.
 */
let t: TestApp;
let users: Users;
let post: Poster;
let get: Getter;
let auth: Auth;

type Page = { 'hydra:member': Array<{ id: number; buffer: { id: number } }>; 'hydra:totalItems': number; nextCursor?: string };

async function file(n: number) {
  const out: Array<{ id: number; steps: number[] }> = [];
  for (let i = 0; i < n; i++) {
    const body = await purchaseBody(t.db, users, { send_notification_first_approval: false, budget: 200 + i });
    out.push(await filePurchase(t, await auth('employee'), body));
  }
  return out;
}

const page = (user: string, url: string) => okPage<Page>(get, user, url);

async function act(user: string, step: number, approve: boolean) {
  const response = await post(user, `/api/approvals/${step}/action`, { approve });
  expect(response.statusCode, response.body).toBe(200);
}

/** The table and the rule computed from the steps, as sorted `user:document:step` triples. */
async function tableAndRule() {
  const table = await t.db.selectFrom('approval_done').select(['user_id', 'buffer_id', 'approval_id']).execute();
  const rule = await sql<{ user_id: number; buffer_id: number; approval_id: number }>`select approver_id as user_id, buffer_id, max(id) as approval_id
    from approvals where approver_id is not null and status in (1, 2) group by approver_id, buffer_id`.execute(t.db);
  const key = (r: { user_id: number; buffer_id: number; approval_id: number }) => `${r.user_id}:${r.buffer_id}:${r.approval_id}`;
  return { table: table.map(key).sort(), rule: rule.rows.map(key).sort() };
}

const walk = (user: string, url: string, size: number, between?: (pageNo: number) => Promise<void>) =>
  walkByCursor(get, user, url, size, { between, fullPages: false });

let filed: Array<{ id: number; steps: number[] }>;

workflowSuite((suite) => ({ t, users, auth, post, get } = suite));
beforeAll(async () => {
  filed = await file(6);
  for (const doc of filed.slice(0, 5)) await act('approver', doc.steps[0], true);
});

describe('done list (approval_done)', () => {
  it('keeps the table equal to the rule through approve, reject, step back and a deleted document', async () => {
    expect((await tableAndRule()).table.length).toBeGreaterThanOrEqual(5);
    // The next step rejects one document, and steps back another (the approver's step is pending again).
    await act('authorizer', filed[0].steps[1], false);
    const back = await post('authorizer', `/api/approvals/${filed[1].steps[1]}/step_back`);
    expect(back.statusCode, back.body).toBe(200);
    const { table, rule } = await tableAndRule();
    expect(table).toEqual(rule);
    expect(table).not.toContain(`${users.approver.id}:${filed[1].id}:${filed[1].steps[0]}`);
    expect(table).toContain(`${users.authorizer.id}:${filed[0].id}:${filed[0].steps[1]}`);
    // Approved again after the step back: the row is back.
    await act('approver', filed[1].steps[0], true);
    expect((await tableAndRule()).table).toContain(`${users.approver.id}:${filed[1].id}:${filed[1].steps[0]}`);
    // A step re-assigned to another approver, and a deleted document.
    await t.db.updateTable('approvals').set({ approver_id: users.client.id }).where('id', '=', filed[2].steps[0]).execute();
    await t.db.deleteFrom('buffers').where('id', '=', filed[3].id).execute();
    const after = await tableAndRule();
    expect(after.table).toEqual(after.rule);
    expect(after.table.some((k) => k.split(':')[1] === String(filed[3].id))).toBe(false);
  });

  it('answers the same rows as the general query, and caps hydra:totalItems', async () => {
    const indexed = await page('approver', '/api/approvals/my?isDone=1&itemsPerPage=100');
    // An explicit sort equal to the default order takes the general query.
    const general = await page('approver', '/api/approvals/my?isDone=1&itemsPerPage=100&sort[createdAt]=desc');
    expect(indexed['hydra:member'].map((m) => m.id)).toEqual(general['hydra:member'].map((m) => m.id));
    expect(indexed['hydra:member'].length).toBeGreaterThanOrEqual(3);
    expect(indexed['hydra:totalItems']).toBe(Math.min(indexed['hydra:member'].length, APPROVAL_LIST_COUNT_CAP));
    expect(indexed['hydra:member'].every((m) => m.buffer.id > 0)).toBe(true);
  });

  it('walks by cursor without repeats or misses while more steps are handled between pages', async () => {
    const before = (await page('approver', '/api/approvals/my?isDone=1&itemsPerPage=100'))['hydra:member'].map((m) => m.id);
    const more = await file(2);
    const walked = await walk('approver', '/api/approvals/my?isDone=1', 1, async (n) => {
      // Newer documents handled mid-walk go to the top, ahead of the walk: never into it.
      if (n <= 2) await act('approver', more[n - 1].steps[0], true);
    });
    expect(walked).toEqual(before);
    expect(new Set(walked).size).toBe(walked.length);
  });

  it('refuses a cursor of another list order with 400', async () => {
    const first = await page('approver', '/api/approvals/my?isDone=1&itemsPerPage=1');
    expect(first.nextCursor).toBeTruthy();
    const other = await get('approver', `/api/approvals/my?isDone=1&sort[code]=asc&cursor=${first.nextCursor}`);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('cursor') });
    expect((await get('approver', '/api/approvals/my?isDone=1&cursor=e30')).statusCode).toBe(400);
  });
});
