import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICKER_COUNT_CAP } from '../../server/repositories/keyset-paginate';
import { buildTestApp, type TestApp } from './helpers';
import { demoUsers, insertDocument, purchaseRefs, tokens, type Users } from './workflow-fixtures';
import { okPage, walkByCursor } from './keyset-walk';

/**
 * Keyset paging of the pickers (`cursor` / `nextCursor`, server/lib/keyset-paginate.ts): the
 * related-contracts picker and the approver picker walk every row once while rows are inserted
 * between pages; a cursor of another list or order is refused with 400; the count is capped.
 */
let t: TestApp;
let users: Users;
let auth: (user: string) => Promise<string>;
let cny: number;

type Page = { 'hydra:member': Array<{ id: number; name?: string }>; 'hydra:totalItems': number; nextCursor?: string };

async function get(user: string, url: string) {
  return t.app.inject({ url, headers: { authorization: `Bearer ${await auth(user)}`, 'accept-language': 'en' } });
}

const page = (user: string, url: string) => okPage<Page>(get, user, url);

let seq = 0;
/** A supplier contract on process filed by `requester` (who sees it). */
async function contract(requester: string) {
  seq += 1;
  const doc = await insertDocument(t.db, {
    module: 'contract-supplier', requester: users[requester].id, code: `CTK-${seq}`,
    steps: [{ process: 'p-manager', candidates: [users.approver.id] }],
    data: { currency_id: cny, contract_full_name: `Contract ${seq}` },
  });
  return doc.id;
}

const walk = (user: string, url: string, size: number, between?: (pageNo: number) => Promise<void>) =>
  walkByCursor(get, user, url, size, { between, maxPages: 60 });

beforeAll(async () => {
  t = await buildTestApp();
  users = await demoUsers(t.db);
  auth = tokens(t);
  cny = (await purchaseRefs(t.db)).currency;
  for (let i = 0; i < 7; i++) await contract('employee');
});
afterAll(() => t?.close());

describe('picker keyset paging', () => {
  it('/contracts/list: contracts filed between pages neither repeat nor shift the walk', async () => {
    const before = (await page('employee', '/api/contracts/list?itemsPerPage=100'))['hydra:member'].map((m) => m.id);
    expect(before.length).toBeGreaterThanOrEqual(7);
    const walked = await walk('employee', '/api/contracts/list', 2, async (n) => {
      if (n <= 2) await contract('employee');
    });
    expect(walked).toEqual(before);
    // With page numbers the same insertion repeats a row (why the cursor exists).
    const first = (await page('employee', '/api/contracts/list?itemsPerPage=3'))['hydra:member'].map((m) => m.id);
    await contract('employee');
    const second = (await page('employee', '/api/contracts/list?itemsPerPage=3&page=2'))['hydra:member'].map((m) => m.id);
    expect(second.filter((id) => first.includes(id))).toHaveLength(1);
    // Members carry no cursor keys.
    const one = await page('employee', '/api/contracts/list?itemsPerPage=1');
    expect(Object.keys(one['hydra:member'][0]).some((k) => /^k\d$/.test(k))).toBe(false);
    expect(one['hydra:totalItems']).toBe(Math.min(before.length + 3, PICKER_COUNT_CAP));
  });

  it('/users/approver: users added between pages do not make the walk repeat or miss anyone', async () => {
    const before = (await page('employee', '/api/users/approver?itemsPerPage=100'))['hydra:member'];
    expect(before.length).toBeGreaterThanOrEqual(6);
    const template = await t.db.selectFrom('users').selectAll().where('id', '=', users.approver.id).executeTakeFirstOrThrow();
    const walked = await walk('employee', '/api/users/approver', 3, async (n) => {
      if (n !== 1) return;
      // Sorts before every name already listed, i.e. onto a page the walk has passed.
      const { id: _id, ...copy } = template;
      await t.db.insertInto('users').values({ ...copy, email: 'aaa.keyset@example.com', name: 'AAA Keyset' } as never).execute();
    });
    const ids = before.map((u) => u.id);
    expect(walked).toEqual(ids);
    expect(new Set(walked).size).toBe(walked.length);
  });

  it('/companies and /my-organization walk by cursor in their own order (group companies first; by name)', async () => {
    for (const url of ['/api/companies', '/api/my-organization', '/api/companies/bank_accounts']) {
      const before = (await page('employee', `${url}?itemsPerPage=100`))['hydra:member'].map((m) => m.id);
      expect(before.length, url).toBeGreaterThanOrEqual(2);
      expect(await walk('employee', url, 1), url).toEqual(before);
    }
  });

  it('refuses a cursor of another list order or a malformed one with 400, changing nothing', async () => {
    const contracts = await page('employee', '/api/contracts/list?itemsPerPage=1');
    const approvers = await page('employee', '/api/users/approver?itemsPerPage=1');
    expect(contracts.nextCursor && approvers.nextCursor).toBeTruthy();
    const crossed = await get('employee', `/api/users/approver?itemsPerPage=1&cursor=${contracts.nextCursor}`);
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json()).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('cursor') });
    expect((await get('employee', `/api/contracts/list?cursor=${approvers.nextCursor}`)).statusCode).toBe(400);
    const forged = Buffer.from(JSON.stringify({ o: 'createdAt desc,document desc', v: ['not a time', '1'] })).toString('base64url');
    expect((await get('employee', `/api/contracts/list?cursor=${forged}`)).statusCode).toBe(400);
    expect((await get('employee', '/api/contracts/list?cursor=not*base64')).statusCode).toBe(400);
  });
});
