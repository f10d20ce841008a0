import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { demoUsers, filePurchase, getter, poster, purchaseBody, tokens, type Users } from './workflow-fixtures';
import { okPage, walkByCursor } from './keyset-walk';

/**
 * Keyset paging (`cursor` / `nextCursor`) of the three long lists: a walk from page to page
 * neither repeats nor skips a row when rows arrive or leave between two pages, also across
 * rows with the same filing time; `page`/`itemsPerPage` keep answering as before.
 */
let t: TestApp;
let users: Users;
let post: ReturnType<typeof poster>;
let get: ReturnType<typeof getter>;
let auth: ReturnType<typeof tokens>;

type Page = { 'hydra:member': Array<{ id: number }>; 'hydra:totalItems': number; nextCursor?: string };

async function file(n: number, options: { finance?: boolean } = {}) {
  const out: Array<{ id: number; steps: number[] }> = [];
  for (let i = 0; i < n; i++) {
    const body = await purchaseBody(t.db, users, { user_finances: options.finance ? [users.finance.id] : [], send_notification_first_approval: false, budget: 100 + i });
    out.push(await filePurchase(t, await auth('employee'), body));
  }
  return out;
}

const page = (user: string, url: string) => okPage<Page>(get, user, url);

const join = (url: string, params: string) => `${url}${url.includes('?') ? '&' : '?'}${params}`;

const walk = (user: string, url: string, size: number, between?: (pageNo: number) => Promise<void>) =>
  walkByCursor(get, user, url, size, { between });

/** The whole list in one page (the reference order). */
async function everything(user: string, url: string) {
  return (await page(user, join(url, 'itemsPerPage=100')))['hydra:member'].map((m) => m.id);
}

beforeAll(async () => {
  t = await buildTestApp();
  users = await demoUsers(t.db);
  auth = tokens(t);
  post = poster(t, auth);
  get = getter(t, auth);
  await file(7, { finance: true });
});
afterAll(async () => t?.close());

describe('keyset paging', () => {
  it('/my-buffers: documents filed between pages neither repeat nor push rows onto the next page', async () => {
    const before = await everything('employee', '/api/my-buffers');
    expect(before.length).toBeGreaterThanOrEqual(7);
    const walked = await walk('employee', '/api/my-buffers', 3, async (n) => {
      if (n === 1) await file(2);
    });
    expect(walked).toEqual(before);
    // The same insertion with offsets does repeat rows (why the cursor exists).
    const first = (await page('employee', '/api/my-buffers?itemsPerPage=3'))['hydra:member'].map((m) => m.id);
    await file(1);
    const second = (await page('employee', '/api/my-buffers?itemsPerPage=3&page=2'))['hydra:member'].map((m) => m.id);
    expect(second.filter((id) => first.includes(id))).toHaveLength(1);
  });

  it('/approvals/my (inbox index): steps approved between pages do not make the walk skip rows', async () => {
    const before = await everything('approver', '/api/approvals/my');
    expect(before.length).toBeGreaterThanOrEqual(6);
    const walked = await walk('approver', '/api/approvals/my', 2, async (n) => {
      if (n !== 1) return;
      // The first row of page 1 leaves the inbox, and a new document arrives in it.
      const ok = await post('approver', `/api/approvals/${before[0]}/action`, { approve: true });
      expect(ok.statusCode, ok.body).toBe(200);
      await file(1);
    });
    expect(walked).toEqual(before);
  });

  it('/approvals/my with a filter and a mixed-direction sort (general query) walks every row once', async () => {
    const url = '/api/approvals/my?module.code=purchase&sort[code]=asc';
    const before = await everything('approver', url);
    expect(before.length).toBeGreaterThanOrEqual(4);
    expect(await walk('approver', url, 2)).toEqual(before);
    const done = await everything('approver', '/api/approvals/my?isDone=1');
    expect(await walk('approver', '/api/approvals/my?isDone=1', 1)).toEqual(done);
  });

  it('/buffer/forwarded and rows with the same filing time (to the microsecond) continue by id', async () => {
    // Every forwarded document gets one filing time: only the id orders them.
    await sql`update buffers set created_at = '2026-11-20 10:00:00.123456+00' where user_finances @> ${JSON.stringify([users.finance.id])}::jsonb`.execute(t.db);
    const before = await everything('finance', '/api/buffer/forwarded');
    expect(before).toHaveLength(7);
    expect(before).toEqual([...before].sort((a, b) => b - a));
    expect(await walk('finance', '/api/buffer/forwarded', 2)).toEqual(before);
    expect(await walk('finance', '/api/buffer/forwarded?sort[createdAt]=asc', 3)).toEqual([...before].reverse());
  });

  it('answers 400 with a message for a cursor that is not one of this list\'s order, and a last page has no nextCursor', async () => {
    const first = await page('employee', '/api/my-buffers?itemsPerPage=2');
    expect(first.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const other = await get('employee', `/api/my-buffers?itemsPerPage=2&sort[code]=asc&cursor=${first.nextCursor}`);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('cursor') });
    const forged = Buffer.from(JSON.stringify({ o: 'createdAt desc,document desc', v: ['yesterday', '1'] })).toString('base64url');
    expect((await get('employee', `/api/my-buffers?cursor=${forged}`)).statusCode).toBe(400);
    expect((await get('employee', '/api/my-buffers?cursor=not*base64')).statusCode).toBe(400);
    const all = await page('employee', '/api/my-buffers?itemsPerPage=100');
    expect(all.nextCursor).toBeUndefined();
  });
});
