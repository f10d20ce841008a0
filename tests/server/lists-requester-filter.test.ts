/**
 * The approval lists' requester filter (spec 000 §3 filter key `requester.id`, fed by the user
 * multi-select): one or several requesters, as `requester.id=` or as the browser's axios sends an
 * array (`requester.id[]=`), on the pending, done and forwarded lists; bad ids are a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { demoUsers, filePurchase, getter, poster, purchaseBody, tokens, type Users } from './workflow-fixtures';

let t: TestApp;
let users: Users;
let get: ReturnType<typeof getter>;
let post: ReturnType<typeof poster>;
const byEmployee: Array<{ id: number; steps: number[] }> = [];
// A second requester who heads no department, so the purchase's manager step is not skipped and
// goes to the approver the body names (the step is editable).
const byTreasury: Array<{ id: number; steps: number[] }> = [];

const documentIds = (response: { json(): any }) => response.json()['hydra:member'].map((m: any) => m.buffer?.id ?? m.id).sort((a: number, b: number) => a - b);
const sorted = (list: Array<{ id: number }>) => list.map((d) => d.id).sort((a, b) => a - b);

beforeAll(async () => {
  t = await buildTestApp();
  users = await demoUsers(t.db);
  const auth = tokens(t);
  get = getter(t, auth);
  post = poster(t, auth);
  for (let i = 0; i < 2; i++) byEmployee.push(await filePurchase(t, await auth('employee'), await purchaseBody(t.db, users, { budget: 100 + i, user_finances: [users.finance.id] })));
  byTreasury.push(await filePurchase(t, await auth('treasury'), await purchaseBody(t.db, users, { budget: 300 })));
});
afterAll(async () => t?.close());

describe('requester filter', () => {
  const pending = (query: string) => get('approver', `/api/approvals/my?itemsPerPage=100${query}`);

  it('narrows the pending list to the chosen requesters, one or several, in either array form', async () => {
    expect(documentIds(await pending(''))).toEqual(sorted([...byEmployee, ...byTreasury]));
    expect(documentIds(await pending(`&requester.id=${users.employee.id}`))).toEqual(sorted(byEmployee));
    expect(documentIds(await pending(`&requester.id[]=${users.treasury.id}`))).toEqual(sorted(byTreasury));
    expect(documentIds(await pending(`&requester.id[]=${users.treasury.id}&requester.id[]=${users.employee.id}`))).toEqual(sorted([...byEmployee, ...byTreasury]));
    expect(documentIds(await pending(`&requester.id[]=${users.authorizer.id}`))).toEqual([]);
    // Combined with another filter key: all must hold.
    expect(documentIds(await pending(`&requester.id[]=${users.employee.id}&amount[gte]=101`))).toEqual([byEmployee[1].id]);
  });

  it('applies to the done and forwarded lists too', async () => {
    expect((await post('approver', `/api/approvals/${byEmployee[0].steps[0]}/action`, { approve: true })).statusCode).toBe(200);
    expect((await post('approver', `/api/approvals/${byTreasury[0].steps[0]}/action`, { approve: true })).statusCode).toBe(200);
    expect(documentIds(await get('approver', `/api/approvals/my?isDone=1&requester.id[]=${users.treasury.id}`))).toEqual(sorted(byTreasury));
    expect(documentIds(await get('finance', `/api/buffer/forwarded?requester.id[]=${users.employee.id}`))).toEqual(sorted(byEmployee));
    expect(documentIds(await get('finance', `/api/buffer/forwarded?requester.id[]=${users.treasury.id}`))).toEqual([]);
  });

  it('refuses ids that are not ids (400), and more than 100 of them', async () => {
    expect((await pending('&requester.id[]=abc')).statusCode).toBe(400);
    expect((await pending('&requester.id=0')).statusCode).toBe(400);
    expect((await pending(Array.from({ length: 101 }, (_, i) => `&requester.id[]=${i + 1}`).join(''))).statusCode).toBe(400);
  });
});
