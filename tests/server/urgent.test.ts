import { describe, expect, it } from 'vitest';
import { filePurchase, purchaseBody, workflowSuite, type WorkflowSuite } from './workflow-fixtures';
import { okPage, walkByCursor, type KeysetPage } from './keyset-walk';

/**
 * Urgent documents (至急, issue #33 item 8): the requester marks a document urgent where its
 * definition allows it (`ui:module.allowUrgent`: purchase does, corporate-seal does not); it
 * sorts first in the approver's pending list (index page and general query alike, cursor walks
 * included) and in the requester's own list; an edit may mark it (recorded in its history, the
 * approvals kept); elsewhere `urgent: true` is refused with 422 and nothing is stored.
 */
let s: WorkflowSuite;
workflowSuite((suite) => { s = suite; });

type Item = { id: number; urgent?: boolean; buffer?: { id: number; urgent: boolean } };
const ids = (page: KeysetPage<Item>) => page['hydra:member'].map((m) => m.buffer?.id ?? m.id);

async function file(urgent?: boolean, notify = false) {
  const body = await purchaseBody(s.t.db, s.users, { send_notification_first_approval: notify });
  return filePurchase(s.t, await s.auth('employee'), urgent === undefined ? body : { ...body, urgent });
}

describe('urgent documents', () => {
  it('sort first in the pending list (inbox index and general query, walked by cursor) and the requester\'s list', async () => {
    const a = await file();
    const b = await file(true);
    const c = await file(false);
    for (const url of ['/api/approvals/my', '/api/approvals/my?sort[createdAt]=desc', '/api/approvals/my?sort[code]=asc&module.code=purchase']) {
      const page = await okPage<KeysetPage<Item>>(s.get, 'approver', `${url}${url.includes('?') ? '&' : '?'}itemsPerPage=100`);
      const order = ids(page).filter((id) => [a.id, b.id, c.id].includes(id));
      expect(order[0], url).toBe(b.id);
      expect(page['hydra:member'].find((m) => m.buffer?.id === b.id)?.buffer?.urgent).toBe(true);
      expect(page['hydra:member'].find((m) => m.buffer?.id === a.id)?.buffer?.urgent).toBe(false);
      // Page by page (cursor) the walk gives the one-page order: nothing repeated or skipped across the urgent boundary.
      const walked = await walkByCursor(s.get, 'approver', url, 1);
      const steps = page['hydra:member'].map((m) => m.id);
      expect(walked, url).toEqual(steps);
    }
    const mine = await okPage<KeysetPage<Item>>(s.get, 'employee', '/api/my-buffers?itemsPerPage=100&sort[createdAt]=desc');
    expect(ids(mine)[0]).toBe(b.id);
    expect(await walkByCursor(s.get, 'employee', '/api/my-buffers?sort[createdAt]=desc', 2)).toEqual(ids(mine));
    // The detail says it too.
    const detail = await s.get('approver', `/api/approvals/${b.steps[0]}/buffer`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(JSON.stringify(detail.json())).toContain('"urgent":true');
    // The timeline records it.
    const logs = detail.json().approval_logs as Array<{ action: string; log_text: string }>;
    expect(logs.find((l) => l.action === 'urgent')?.log_text).toBe(`Marked urgent by ${s.users.employee.name}`);
  });

  it('is refused with 422 where the definition does not allow it, and nothing is stored', async () => {
    const before = await s.t.db.selectFrom('buffers').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const response = await s.post('employee', '/api/buffer/corporate-seal', { urgent: true, approvals: [] });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().violations).toEqual([{ propertyPath: 'urgent', message: 'This form cannot be marked urgent.' }]);
    const after = await s.t.db.selectFrom('buffers').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    // A value that is not a boolean is the schema's to refuse.
    const body = await purchaseBody(s.t.db, s.users);
    const typed = await s.post('employee', '/api/buffer/purchase', { ...body, urgent: 'yes' });
    expect(typed.statusCode, typed.body).toBe(422);
    expect(typed.json().violations[0].propertyPath).toBe('urgent');
  });

  it('an edit by the requester marks it urgent (history recorded, approvals kept); nobody else may', async () => {
    const doc = await file();
    const later = await file();
    const byApprover = await s.post('approver', `/api/buffer/${doc.id}/edit`, { data: { urgent: true } });
    expect(byApprover.statusCode, byApprover.body).toBe(403);
    const edited = await s.post('employee', `/api/buffer/${doc.id}/edit`, { data: { urgent: true } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ changed_fields: ['urgent'], approvals_cleared: false });
    const history = (await s.get('employee', `/api/buffer/${doc.id}/last-history`)).json();
    expect(history.merged_info.urgent).toMatchObject({ old_value: false, value: true });
    const page = await okPage<KeysetPage<Item>>(s.get, 'approver', '/api/approvals/my?itemsPerPage=100');
    const order = ids(page);
    expect(order.indexOf(doc.id)).toBeLessThan(order.indexOf(later.id));
    // And back: no longer urgent, the older document sorts after the newer one again.
    expect((await s.post('employee', `/api/buffer/${doc.id}/edit`, { data: { urgent: false } })).statusCode).toBe(200);
    const again = ids(await okPage<KeysetPage<Item>>(s.get, 'approver', '/api/approvals/my?itemsPerPage=100'));
    expect(again.indexOf(doc.id)).toBeGreaterThan(again.indexOf(later.id));
    const view = (await s.get('approver', `/api/approvals/${doc.steps[0]}/buffer`)).json() as { approval_logs: Array<{ action: string }> };
    expect(view.approval_logs.map((l) => l.action).filter((a) => a.startsWith('urgent'))).toEqual(['urgent', 'urgent_cleared']);
  });

  it('an urgent document\'s pushes go out with Urgency: high, others with normal', async () => {
    await s.t.db.insertInto('push_subscriptions').values({ user_id: s.users.approver.id, endpoint: 'https://push.example.test/urgent-1', p256dh: 'p', auth: 'a' }).execute();
    const plain = await file(false, true);
    const urgent = await file(true, true);
    const rows = await s.t.db.selectFrom('push_outbox').select(['topic', 'urgency', 'payload']).execute();
    const of = (id: number) => rows.filter((r) => JSON.parse(r.payload).document_id === id).map((r) => r.urgency);
    expect(of(urgent.id)).toEqual(['high']);
    expect(of(plain.id)).toEqual(['normal']);
    // Decided: the requester's push of the document's end keeps its urgency (read with the document's state).
    await s.t.db.insertInto('push_subscriptions').values({ user_id: s.users.employee.id, endpoint: 'https://push.example.test/urgent-2', p256dh: 'p', auth: 'a' }).execute();
    for (const doc of [plain, urgent]) {
      expect((await s.post('approver', `/api/approvals/${doc.steps[0]}/action`, { approve: true })).statusCode).toBe(200);
      expect((await s.post('authorizer', `/api/approvals/${doc.steps[1]}/action`, { approve: true })).statusCode).toBe(200);
    }
    const decided = await s.t.db.selectFrom('push_outbox').innerJoin('push_subscriptions', 'push_subscriptions.id', 'push_outbox.subscription_id')
      .select(['push_outbox.urgency', 'push_outbox.payload']).where('push_subscriptions.user_id', '=', s.users.employee.id).execute();
    const decidedOf = (id: number) => decided.filter((r) => JSON.parse(r.payload).document_id === id && JSON.parse(r.payload).event === 'decided').map((r) => r.urgency);
    expect(decidedOf(urgent.id)).toEqual(['high']);
    expect(decidedOf(plain.id)).toEqual(['normal']);
  });
});
