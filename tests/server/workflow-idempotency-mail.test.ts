import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers';
import { filePurchase, purchaseBody, type Users, workflowSuite, type Auth, type Poster, type Getter } from './workflow-fixtures';

let t: TestApp;
let users: Users;
let post: Poster;
let get: Getter;
let auth: Auth;
workflowSuite((suite) => ({ t, users, post, get, auth } = suite));

const documentCount = async () => (await t.db.selectFrom('buffers').select('id').execute()).length;
const mailsSince = async (id: number) => t.db.selectFrom('mail_outbox').select(['id', 'to_address', 'subject', 'text']).where('id', '>', id).orderBy('id').execute();
const lastMailId = async () => (await t.db.selectFrom('mail_outbox').select('id').orderBy('id', 'desc').executeTakeFirst())?.id ?? 0;

describe('Idempotency-Key on POST /api/buffer/{code}', () => {
  it('files one document for a repeated submit and replays the same response', async () => {
    const body = await purchaseBody(t.db, users);
    const before = await documentCount();
    const first = await post('employee', '/api/buffer/purchase', body, { 'idempotency-key': 'submit-1' });
    const second = await post('employee', '/api/buffer/purchase', body, { 'idempotency-key': 'submit-1' });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotency-replayed']).toBe('true');
    expect(await documentCount()).toBe(before + 1);
  });

  it('files one document for parallel submits with the same key; the others get its stored answer', async () => {
    const body = await purchaseBody(t.db, users, { goods: 'Parallel' });
    const before = await documentCount();
    const responses = await Promise.all(Array.from({ length: 5 }, () => post('employee', '/api/buffer/purchase', body, { 'idempotency-key': 'parallel' })));
    expect(await documentCount()).toBe(before + 1);
    const created = responses.filter((r) => r.statusCode === 201);
    expect(new Set(created.map((r) => r.json().id)).size).toBe(1);
    // The key is stored in the filing transaction: a loser's own filing rolls back and it replays the winner's answer.
    expect(created).toHaveLength(5);
    expect(responses.filter((r) => r.headers['idempotency-replayed'] === 'true')).toHaveLength(4);
  });

  it('refuses the same key with a different body (409) and keeps keys per user', async () => {
    const body = await purchaseBody(t.db, users);
    expect((await post('employee', '/api/buffer/purchase', body, { 'idempotency-key': 'k2' })).statusCode).toBe(201);
    const before = await documentCount();
    const other = await post('employee', '/api/buffer/purchase', { ...body, total_estimated: 999, purchase_goods: [{ ...body.purchase_goods[0], budget: 999 }] }, { 'idempotency-key': 'k2' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/already used for a different request/) });
    expect(await documentCount()).toBe(before);
    // Another user's identical key is their own (legal: the body names approver and authorizer, who may not approve their own).
    expect((await post('legal', '/api/buffer/purchase', body, { 'idempotency-key': 'k2' })).statusCode).toBe(201);
    expect(await documentCount()).toBe(before + 1);
  });

  it('releases the key when the submit fails, so the corrected body can use it; without a key nothing is deduplicated', async () => {
    const body = await purchaseBody(t.db, users);
    const bad = await post('employee', '/api/buffer/purchase', { ...body, currency_id: null }, { 'idempotency-key': 'retry' });
    expect(bad.statusCode).toBe(422);
    expect((await post('employee', '/api/buffer/purchase', body, { 'idempotency-key': 'retry' })).statusCode).toBe(201);
    const before = await documentCount();
    await post('employee', '/api/buffer/purchase', body);
    await post('employee', '/api/buffer/purchase', body);
    expect(await documentCount()).toBe(before + 2);
    expect((await post('employee', '/api/buffer/purchase', body, { 'idempotency-key': 'bad key with spaces' })).statusCode).toBe(400);
  });
});

describe('notifications in the mail outbox', () => {
  // Mails are written in each recipient's stored language (mail-language.test.ts): English here.
  beforeAll(async () => { await t.db.updateTable('users').set({ language: 'en' }).execute(); });

  it('mails the first step\'s approvers and the forwarded finance users on submit', async () => {
    const since = await lastMailId();
    const filed = await filePurchase(t, await auth('employee'), await purchaseBody(t.db, users, {
      approvers: [[users.approver.id, users.legal.id], [users.authorizer.id]], user_finances: [users.finance.id],
    }));
    const mails = await mailsSince(since);
    expect(mails.map((m) => m.to_address).sort()).toEqual([users.approver.email, users.finance.email, users.legal.email].sort());
    const request = mails.find((m) => m.to_address === users.approver.email)!;
    expect(request.subject).toBe(`[Ringi] ${filed.code} is waiting for your approval`);
    expect(request.text).toContain(users.employee.name);
    expect(request.text).toContain('Manager approval');
    expect(mails.find((m) => m.to_address === users.finance.email)!.subject).toBe(`[Ringi] ${filed.code} was forwarded to you`);
    // The forwarded user sees it in the forwarded list.
    const forwarded = (await get('finance', '/api/buffer/forwarded')).json();
    expect(forwarded['hydra:member'].map((b: any) => b.id)).toContain(filed.id);
  });

  it('does not mail the first approver when send_notification_first_approval is false', async () => {
    const since = await lastMailId();
    await filePurchase(t, await auth('employee'), await purchaseBody(t.db, users, { send_notification_first_approval: false }));
    expect(await mailsSince(since)).toEqual([]);
  });

  it('mails the next step\'s approvers only when send_email_push is true, in the recipient\'s language', async () => {
    const filed = await filePurchase(t, await auth('employee'), await purchaseBody(t.db, users, { send_notification_first_approval: false }));
    let since = await lastMailId();
    const silent = await filePurchase(t, await auth('employee'), await purchaseBody(t.db, users, { send_notification_first_approval: false }));
    await post('approver', `/api/approvals/${silent.steps[0]}/action`, { approve: true, send_email_push: false });
    expect(await mailsSince(since)).toEqual([]);

    since = await lastMailId();
    await t.db.updateTable('users').set({ language: 'ja' }).where('id', '=', users.authorizer.id).execute();
    const response = await t.app.inject({
      method: 'POST', url: `/api/approvals/${filed.steps[0]}/action`, payload: { approve: true, send_email_push: true },
      headers: { authorization: `Bearer ${await auth('approver')}`, 'accept-language': 'en' },
    });
    await t.db.updateTable('users').set({ language: 'en' }).where('id', '=', users.authorizer.id).execute();
    expect(response.statusCode).toBe(200);
    const mails = await mailsSince(since);
    expect(mails.map((m) => m.to_address)).toEqual([users.authorizer.email]);
    expect(mails[0].subject).toBe(`[Ringi] ${filed.code} があなたの承認を待っています`);
  });

  it('mails the applicant on completion and on rejection', async () => {
    const done = await filePurchase(t, await auth('employee'), await purchaseBody(t.db, users, { send_notification_first_approval: false }));
    await post('approver', `/api/approvals/${done.steps[0]}/action`, { approve: true });
    let since = await lastMailId();
    await post('authorizer', `/api/approvals/${done.steps[1]}/action`, { approve: true, send_email_push: true });
    let mails = await mailsSince(since);
    expect(mails.map((m) => [m.to_address, m.subject])).toEqual([[users.employee.email, `[Ringi] ${done.code} has been approved`]]);

    const rejected = await filePurchase(t, await auth('employee'), await purchaseBody(t.db, users, { send_notification_first_approval: false }));
    since = await lastMailId();
    await post('approver', `/api/approvals/${rejected.steps[0]}/action`, { approve: false });
    mails = await mailsSince(since);
    expect(mails.map((m) => [m.to_address, m.subject])).toEqual([[users.employee.email, `[Ringi] ${rejected.code} has been rejected`]]);
  });
});

describe('GET /api/remember_email_push/next_user/{id}', () => {
  it('defaults to the next approvers\' own flag, then remembers the approver\'s last choice; false for the last step', async () => {
    const a = await filePurchase(t, await auth('employee'), await purchaseBody(t.db, users, { send_notification_first_approval: false }));
    const next = async (id: number, user = 'approver') => (await get(user, `/api/remember_email_push/next_user/${id}`)).json();
    await t.db.deleteFrom('email_push_preferences' as never).execute();
    expect(await next(a.id)).toEqual({ is_notified: true, next_approval_id: a.steps[1] });
    await t.db.updateTable('users').set({ is_notified: false }).where('id', '=', users.authorizer.id).execute();
    expect((await next(a.id)).is_notified).toBe(false);
    await t.db.updateTable('users').set({ is_notified: true }).where('id', '=', users.authorizer.id).execute();

    await post('approver', `/api/approvals/${a.steps[0]}/action`, { approve: true, send_email_push: false });
    const b = await filePurchase(t, await auth('employee'), await purchaseBody(t.db, users, { send_notification_first_approval: false }));
    expect((await next(b.id)).is_notified).toBe(false);
    await post('approver', `/api/approvals/${b.steps[0]}/action`, { approve: true, send_email_push: true });
    const c = await filePurchase(t, await auth('employee'), await purchaseBody(t.db, users, { send_notification_first_approval: false }));
    expect((await next(c.id)).is_notified).toBe(true);
    // The same choice again writes nothing: the remembered row keeps its time.
    const remembered = () => t.db.selectFrom('email_push_preferences' as never).select(['is_notified', 'updated_at'] as never[])
      .where('user_id' as never, '=', users.approver.id as never).executeTakeFirstOrThrow() as Promise<{ is_notified: boolean; updated_at: Date }>;
    const before = await remembered();
    await post('approver', `/api/approvals/${c.steps[0]}/action`, { approve: true, send_email_push: true });
    expect(await remembered()).toEqual(before);
    const d = await filePurchase(t, await auth('employee'), await purchaseBody(t.db, users, { send_notification_first_approval: false }));
    expect((await next(d.id)).is_notified).toBe(true);
    // On the last step there is nobody to notify.
    expect(await next(b.id, 'authorizer')).toEqual({ is_notified: false, next_approval_id: null });
    expect((await get('client', `/api/remember_email_push/next_user/${c.id}`)).statusCode).toBe(404);
  });
});
