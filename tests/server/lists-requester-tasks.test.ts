import { describe, expect, it } from 'vitest';
import type { TestApp } from './helpers';
import { okPage, walkByCursor, type KeysetPage } from './keyset-walk';
import { filePurchase, insertDocument, purchaseBody, workflowSuite, type Getter, type Poster, type Users } from './workflow-fixtures';

/**
 * A document sent back to its requester is the requester's to-do (issue #31 item 2): it is on
 * their pending list (`GET /approvals/my`, which Home reads, and Home's count `hydra:totalItems`)
 * marked `awaiting: "requester"`, and leaves it when they resubmit or withdraw it.
 */
let t: TestApp;
let users: Users;
let post: Poster;
let get: Getter;
workflowSuite((suite) => ({ t, users, post, get } = suite));

type Item = { id: number; active: boolean; awaiting?: string; buffer: { id: number; code: string; waiting_for: string | null } };
type Page = KeysetPage<Item>;

let seq = 0;
/** A payment on process filed by `requester`, two ordinary steps (manager → finance), the first active. */
const payment = (requester: string, manager = 'approver') => insertDocument(t.db, {
  module: 'payment', requester: users[requester].id, code: `RT-${++seq}`,
  steps: [{ process: 'p-manager', candidates: [users[manager].id] }, { process: 'p-finance', candidates: [users.finance.id] }],
});
const act = (user: string, step: number, body: Record<string, unknown>) => post(user, `/api/approvals/${step}/action`, body);
const pending = (user: string, query = '') => okPage<Page>(get, user, `/api/approvals/my${query}`);
const everything = async (user: string, query = '') => (await pending(user, `${query}${query ? '&' : '?'}itemsPerPage=100`))['hydra:member'];

describe('a document sent back to its requester', () => {
  it('is on the requester\'s pending list and count, marked as theirs to fix and resubmit, until they resubmit it', async () => {
    const doc = await payment('employee');
    const before = await pending('employee', '?itemsPerPage=1');
    expect((await everything('approver')).map((m) => m.buffer.id)).toContain(doc.id);
    expect((await everything('approver')).find((m) => m.buffer.id === doc.id)?.awaiting).toBe('approver');

    const back = await act('approver', doc.steps[0], { approve: false, back_to: 'requester' });
    expect(back.statusCode, back.body).toBe(200);

    const mine = await everything('employee');
    const item = mine.find((m) => m.buffer.id === doc.id);
    // The item stands for the document: the step a resubmit activates, inactive until then.
    expect(item).toMatchObject({ id: doc.steps[0], active: false, awaiting: 'requester', buffer: { id: doc.id, waiting_for: 'the requester' } });
    expect((await pending('employee', '?itemsPerPage=1'))['hydra:totalItems']).toBe(before['hydra:totalItems'] + 1);
    // Filtered and searched lists (the general query) find it too.
    expect((await everything('employee', '?module.code=payment')).map((m) => m.buffer.id)).toContain(doc.id);
    expect((await everything('employee', `?search=${item!.buffer.code}`)).map((m) => m.buffer.id)).toEqual([doc.id]);
    expect((await everything('employee', '?status=0&sort[code]=asc')).find((m) => m.buffer.id === doc.id)?.awaiting).toBe('requester');
    // Nobody else's: the approver's list no longer has it.
    expect((await everything('approver')).map((m) => m.buffer.id)).not.toContain(doc.id);
    // Opened from the list, the document offers the requester resubmit and withdraw.
    const opened = await get('employee', `/api/approvals/${item!.id}/buffer`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().can).toMatchObject({ resubmit: true, withdraw: true, approve: false });

    expect((await post('employee', `/api/buffer/${doc.id}/resubmit`)).statusCode).toBe(200);
    expect((await everything('employee')).map((m) => m.buffer.id)).not.toContain(doc.id);
    expect((await pending('employee', '?itemsPerPage=1'))['hydra:totalItems']).toBe(before['hydra:totalItems']);
    expect((await everything('approver')).find((m) => m.buffer.id === doc.id)).toMatchObject({ id: doc.steps[0], active: true, awaiting: 'approver' });
  });

  it('leaves the list when the requester withdraws it, and a send back to an earlier step is not the requester\'s', async () => {
    const doc = await payment('employee');
    expect((await act('approver', doc.steps[0], { approve: true })).statusCode).toBe(200);
    expect((await act('finance', doc.steps[1], { approve: false, back_to: doc.steps[0] })).statusCode).toBe(200);
    expect((await everything('employee')).map((m) => m.buffer.id)).not.toContain(doc.id);
    expect((await act('approver', doc.steps[0], { approve: false, back_to: 'requester' })).statusCode).toBe(200);
    expect((await everything('employee')).find((m) => m.buffer.id === doc.id)).toMatchObject({ id: doc.steps[0], awaiting: 'requester' });

    expect((await post('employee', '/api/buffer/withdrawal', { buffer_id: doc.id })).statusCode).toBe(200);
    expect((await everything('employee')).map((m) => m.buffer.id)).not.toContain(doc.id);
    expect((await everything('employee', '?module.code=payment')).map((m) => m.buffer.id)).not.toContain(doc.id);
  });

  it('leaves the list whatever takes the document from the requester (a step made active again, the document ended)', async () => {
    const doc = await payment('employee');
    expect((await act('approver', doc.steps[0], { approve: false, back_to: 'requester' })).statusCode).toBe(200);
    expect((await everything('employee')).map((m) => m.buffer.id)).toContain(doc.id);
    await t.db.updateTable('buffers').set({ status: 3 }).where('id', '=', doc.id).execute();
    expect((await everything('employee')).map((m) => m.buffer.id)).not.toContain(doc.id);
    await t.db.updateTable('buffers').set({ status: 0 }).where('id', '=', doc.id).execute();
    expect((await everything('employee')).map((m) => m.buffer.id)).toContain(doc.id);
    await t.db.updateTable('approvals').set({ active: true }).where('id', '=', doc.steps[1]).execute();
    expect((await everything('employee')).map((m) => m.buffer.id)).not.toContain(doc.id);
  });

  it('stays the requester\'s to-do through their edit that restarts the route, standing for the new first step', async () => {
    const filed = await filePurchase(t, await t.login('employee@example.com'), await purchaseBody(t.db, users));
    const view = async () => (await get('employee', `/api/buffers/${filed.id}`)).json();
    // Whoever the route names at the first step sends it back.
    const firstId = (await view()).approvals[0].prospective_approvers[0].id as number;
    const first = Object.keys(users).find((k) => users[k].id === firstId)!;
    expect((await act(first, filed.steps[0], { approve: false, back_to: 'requester' })).statusCode).toBe(200);
    const mine = await view();
    const edited = await post('employee', `/api/buffer/${filed.id}/edit`, {
      data: { ...mine.data, purchase_goods: mine.data.purchase_goods.map((g: Record<string, unknown>) => ({ ...g, goods_name: 'Standing desk', budget: 2000 })) },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const live = (await view()).approvals.map((s: { id: number }) => s.id) as number[];
    // The edit filed the route again (new step ids; the old ones voided, kept for the timeline).
    expect(live.some((id) => filed.steps.includes(id))).toBe(false);
    const item = (await everything('employee')).find((m) => m.buffer.id === filed.id);
    expect(item).toMatchObject({ awaiting: 'requester', active: false });
    expect(item!.id).toBe(live[0]);
    expect((await post('employee', `/api/buffer/${filed.id}/resubmit`)).statusCode).toBe(200);
    expect((await everything('employee')).map((m) => m.buffer.id)).not.toContain(filed.id);
  });

  it('pages by cursor through a list mixing steps to decide and documents sent back, neither repeating nor skipping one', async () => {
    // approver decides employee's documents and has documents of their own sent back to them.
    const decide = [await payment('employee'), await payment('employee'), await payment('employee')];
    const own = [await payment('approver', 'approver2'), await payment('approver', 'approver2'), await payment('approver', 'approver2')];
    for (const doc of own) expect((await act('approver2', doc.steps[0], { approve: false, back_to: 'requester' })).statusCode).toBe(200);
    const all = await everything('approver');
    const ids = all.map((m) => m.buffer.id);
    for (const doc of [...decide, ...own]) expect(ids).toContain(doc.id);
    expect(all.filter((m) => m.awaiting === 'requester').map((m) => m.buffer.id).sort()).toEqual(own.map((d) => d.id).sort());
    // Newest document first, as every list.
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const reference = all.map((m) => m.id);
    expect(await walkByCursor(get, 'approver', '/api/approvals/my', 2)).toEqual(reference);
    // A to-do leaving between pages (resubmitted) does not make the walk skip a row.
    const walked = await walkByCursor(get, 'approver', '/api/approvals/my', 2, {
      between: async (n) => {
        if (n === 1) expect((await post('approver', `/api/buffer/${own[2].id}/resubmit`)).statusCode).toBe(200);
      },
    });
    expect(walked).toEqual(reference);
    // The general query (a filter) pages the same way.
    const filtered = (await everything('approver', '?module.code=payment')).map((m) => m.id);
    expect(await walkByCursor(get, 'approver', '/api/approvals/my?module.code=payment', 2)).toEqual(filtered);
  });
});
