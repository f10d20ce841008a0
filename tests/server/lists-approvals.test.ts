import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { demoUsers, filePurchase, getter, poster, purchaseBody, tokens, type Users } from './workflow-fixtures';

let t: TestApp;
let users: Users;
let post: ReturnType<typeof poster>;
let get: ReturnType<typeof getter>;
let filed: Array<{ id: number; code: string; steps: number[] }>;

const ids = (response: { json(): any }) => response.json()['hydra:member'].map((m: any) => m.id);
const total = (response: { json(): any }) => response.json()['hydra:totalItems'];

beforeAll(async () => {
  t = await buildTestApp();
  users = await demoUsers(t.db);
  const auth = tokens(t);
  post = poster(t, auth);
  get = getter(t, auth);
  filed = [];
  // Seven purchases of 100 … 700 CNY; the last two go to approver2 (another group company) first.
  for (let i = 1; i <= 7; i++) {
    const approvers = i <= 5 ? [[users.approver.id], [users.authorizer.id]] : [[users.approver2.id], [users.authorizer.id]];
    const body = await purchaseBody(t.db, users, { approvers, budget: i * 100, user_finances: i === 2 ? [users.finance.id] : [], send_notification_first_approval: false });
    filed.push(await filePurchase(t, await auth('employee'), body));
  }
});
afterAll(async () => t?.close());

describe('visibility', () => {
  it('shows an outside company\'s user none of the group\'s documents, and answers 404 for them', async () => {
    for (const url of ['/api/approvals/my', '/api/approvals/my?isDone=1', '/api/my-buffers', '/api/buffer/forwarded']) {
      const response = await get('client', url);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ 'hydra:member': [], 'hydra:totalItems': 0 });
    }
    const hidden = await get('client', `/api/buffers/${filed[0].id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ code: 'NOT_FOUND', message: 'The requested document does not exist' });
    expect((await get('client', `/api/buffers/999999`)).json().message).toBe(hidden.json().message);
    expect((await get('client', `/api/approvals/${filed[0].steps[0]}/buffer`)).statusCode).toBe(404);
    expect((await get('client', `/api/buffer/${filed[0].id}/last-history`)).statusCode).toBe(404);
  });

  it('shows an approver only the steps where they are a candidate of the active step', async () => {
    expect(total(await get('approver', '/api/approvals/my'))).toBe(5);
    expect(ids(await get('approver2', '/api/approvals/my'))).toEqual([filed[6].steps[0], filed[5].steps[0]]);
    expect(total(await get('authorizer', '/api/approvals/my'))).toBe(0);
    expect((await get('approver2', `/api/buffers/${filed[0].id}`)).statusCode).toBe(404);
    expect((await get('approver2', `/api/buffers/${filed[5].id}`)).statusCode).toBe(200);
    // A later step's candidate may look at the document already (it is coming to them).
    expect((await get('authorizer', `/api/buffers/${filed[0].id}`)).statusCode).toBe(200);
    expect((await get('approver', '/api/my-buffers')).json()['hydra:totalItems']).toBe(0);
  });

  it('shows forwarded documents to their finance users only', async () => {
    expect(ids(await get('finance', '/api/buffer/forwarded'))).toEqual([filed[1].id]);
    expect((await get('finance', `/api/buffers/${filed[1].id}`)).statusCode).toBe(200);
    expect((await get('finance', `/api/buffers/${filed[0].id}`)).statusCode).toBe(404);
  });
});

describe('approval items and buffer items', () => {
  it('shapes a pending approval item as spec 000 §3', async () => {
    const item = (await get('approver', '/api/approvals/my')).json()['hydra:member'][0];
    expect(item).toMatchObject({
      id: filed[4].steps[0], code: filed[4].code, status: 0, active: true,
      master_process: { module: { code: 'purchase' }, process: { code: 'p-manager', name: 'Manager approval' }, selected_roles: [] },
      buffer: {
        id: filed[4].id, code: filed[4].code, status: 0, action: 'create', module: { code: 'purchase' },
        requester: { id: users.employee.id, name: users.employee.name }, last_approval: null, stamp_no: null,
        info: { title: 'Purchase', total: 500, currency: 'CNY' }, waiting_for: 'Manager approval',
      },
    });
    expect(item.buffer.data.total_estimated).toBe(500);
  });

  it('moves a step to the done list once acted on, and fills last_approval', async () => {
    await post('approver', `/api/approvals/${filed[0].steps[0]}/action`, { approve: true });
    expect(total(await get('approver', '/api/approvals/my'))).toBe(4);
    const done = await get('approver', '/api/approvals/my?isDone=1');
    expect(ids(done)).toEqual([filed[0].steps[0]]);
    expect(done.json()['hydra:member'][0].buffer.last_approval).toMatchObject({ approver: { id: users.approver.id }, process: { code: 'p-manager' } });
    expect(ids(await get('authorizer', '/api/approvals/my'))).toEqual([filed[0].steps[1]]);
    await post('authorizer', `/api/approvals/${filed[0].steps[1]}/action`, { approve: true });
    expect(ids(await get('approver', '/api/approvals/my?isDone=true'))).toEqual([filed[0].steps[0]]);
    expect(ids(await get('authorizer', '/api/approvals/my?isDone=1'))).toEqual([filed[0].steps[1]]);
  });
});

describe('paging, sorting, searching and filtering', () => {
  const mine = (query = '') => get('employee', `/api/my-buffers${query}`);

  it('pages by 5 by default, newest first', async () => {
    const first = await mine();
    expect(total(first)).toBe(7);
    expect(ids(first)).toEqual(filed.slice(2).reverse().map((f) => f.id));
    expect(ids(await mine('?page=2'))).toEqual([filed[1].id, filed[0].id]);
    expect(ids(await mine('?page=3'))).toEqual([]);
    expect(ids(await mine('?itemsPerPage=2&page=2'))).toEqual([filed[4].id, filed[3].id]);
  });

  it('sorts by code, createdAt or updatedAt in either order', async () => {
    expect(ids(await mine('?sort[code]=asc&itemsPerPage=7'))).toEqual(filed.map((f) => f.id));
    expect(ids(await mine('?sort[createdAt]=asc&itemsPerPage=3'))).toEqual(filed.slice(0, 3).map((f) => f.id));
    // filed[0] was acted on last, so it was updated last.
    expect(ids(await mine('?sort[updatedAt]=desc&itemsPerPage=1'))).toEqual([filed[0].id]);
    expect((await mine('?sort[code]=sideways')).statusCode).toBe(400);
    expect((await mine('?itemsPerPage=1000')).statusCode).toBe(400);
  });

  it('searches the code and the applicant name', async () => {
    expect(ids(await mine(`?search=${filed[2].code}`))).toEqual([filed[2].id]);
    expect(total(await mine(`?search=${encodeURIComponent(users.employee.name.split(' ')[0].toLowerCase())}`))).toBe(7);
    expect(total(await mine('?search=nobody%25here'))).toBe(0);
    expect(ids(await get('approver', `/api/approvals/my?search=${filed[3].code}`))).toEqual([filed[3].steps[0]]);
  });

  it('filters by status, module, company, requester, currency, amount and period', async () => {
    expect(ids(await mine('?status=2'))).toEqual([filed[0].id]);
    expect(total(await mine('?status=0&status=2'))).toBe(7);
    expect(total(await mine('?status[]=3'))).toBe(0);
    expect((await mine('?status=7')).statusCode).toBe(400);
    expect(total(await mine('?module.code=purchase'))).toBe(7);
    expect(total(await mine('?module.code=payment'))).toBe(0);
    const rh = await t.db.selectFrom('companies').select('id').where('code', '=', 'RH').executeTakeFirstOrThrow();
    const ap = await t.db.selectFrom('companies').select('id').where('code', '=', 'AP').executeTakeFirstOrThrow();
    expect(total(await mine(`?company.id=${rh.id}`))).toBe(7);
    expect(total(await mine(`?company.id=${ap.id}`))).toBe(0);
    expect(total(await mine(`?requester.id=${users.employee.id}`))).toBe(7);
    expect(total(await mine(`?applicant.id=${users.approver.id}`))).toBe(0);
    expect(total(await mine('?currency=CNY'))).toBe(7);
    expect(total(await mine('?currency=JPY'))).toBe(0);
    expect(ids(await mine('?amount[gte]=500&sort[code]=asc'))).toEqual(filed.slice(4).map((f) => f.id));
    expect(ids(await mine('?amount[lte]=200&sort[code]=asc'))).toEqual(filed.slice(0, 2).map((f) => f.id));
    expect(total(await mine('?amount[gte]=200&amount[lte]=300'))).toBe(2);
    const today = new Date().toISOString().slice(0, 10);
    expect(total(await mine(`?createdAt[after]=${today}`))).toBe(7);
    expect(total(await mine(`?createdAt[before]=2000-01-01`))).toBe(0);
    expect((await mine('?createdAt[after]=yesterday')).statusCode).toBe(400);
    // Every period of the list (src/wire/list-query.ts LIST_PERIODS) filters, and by real days only.
    expect(total(await mine(`?updatedAt[after]=${today}`))).toBe(7);
    expect(total(await mine('?updatedAt[before]=2000-01-01'))).toBe(0);
    expect(total(await mine('?completionDate[before]=2000-01-01'))).toBe(0);
    for (const key of ['updatedAt[after]', 'completionDate[before]']) expect((await mine(`?${key}=2026-02-30`)).statusCode).toBe(400);
    expect((await mine('?isDone=maybe')).statusCode).toBe(400);
    expect(total(await mine('?stamp_no=ST-1'))).toBe(0);
    expect(total(await get('approver', '/api/approvals/my?amount[gte]=400'))).toBe(2);
  });
});
