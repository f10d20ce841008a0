/**
 * Decisions queued offline (issue #33 item 3): `POST /api/approvals/{id}/action` with the
 * document's `updated_at` as the approver read it (`expected_updated_at`) and an `Idempotency-Key`.
 * Same version → decided once, also when the same key is sent twice (one after the other, and at
 * once); changed since (the requester's edit) → 409 "changed since you read it", nothing recorded;
 * a step that is no longer the user's → its own 409/403; sent with `queued_by` naming another user
 * (someone else signed in on the device since) → 403 before anything else, nothing recorded
 * (PGlite, and PostgreSQL when TEST_DATABASE_URL is set).
 */
import { describe, expect, it } from 'vitest';
import { filePurchase, purchaseBody, workflowSuite, type WorkflowSuite } from './workflow-fixtures';

let s: WorkflowSuite;
workflowSuite((suite) => { s = suite; });

const filePurchaseAt = async (total: number) => filePurchase(s.t, await s.auth('employee'), await purchaseBody(s.t.db, s.users, { budget: total }));
const read = async (user: string, step: number) => (await s.get(user, `/api/approvals/${step}/buffer`)).json() as { updated_at: string; current_approval_id: number };
const act = (user: string, step: number, body: Record<string, unknown>, key?: string) => s.post(user, `/api/approvals/${step}/action`, body, key ? { 'idempotency-key': key } : {});
const logsOf = (documentId: number) => s.t.db.selectFrom('approval_logs').select(['approval_id', 'log_text', 'user_id']).where('buffer_id', '=', documentId).orderBy('id').execute();
const stepOf = (id: number) => s.t.db.selectFrom('approvals').select(['status', 'active', 'approver_id']).where('id', '=', id).executeTakeFirstOrThrow();
const totalOf = async (id: number, total: number) => {
  const { data } = await s.t.db.selectFrom('buffers').select('data').where('id', '=', id).executeTakeFirstOrThrow();
  const goods = (data as { purchase_goods: Array<Record<string, unknown>> }).purchase_goods;
  return { purchase_goods: [{ ...goods[0], budget: total }], total_estimated: total };
};

describe('a decision queued offline', () => {
  it('same version: decided once, and the same key sent again answers the same without deciding twice', async () => {
    const filed = await filePurchaseAt(50_000);
    const step = filed.steps[0];
    const { updated_at } = await read('approver', step);
    const body = { approve: true, expected_updated_at: updated_at };
    const first = await act('approver', step, body, 'offline-same-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotency-replayed']).toBeUndefined();
    const again = await act('approver', step, body, 'offline-same-1');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await stepOf(step)).toMatchObject({ status: 1, active: false, approver_id: s.users.approver.id });
    expect((await logsOf(filed.id)).filter((l) => l.log_text === 'approve')).toHaveLength(1);
    // Without the key, a second send is what it always was: the step is no longer waiting (409).
    const noKey = await act('approver', step, body);
    expect(noKey.statusCode).toBe(409);
  });

  it('the same key sent twice at once decides once; both answers are the decision', async () => {
    const filed = await filePurchaseAt(50_000);
    const step = filed.steps[0];
    const { updated_at } = await read('approver', step);
    const body = { approve: false, expected_updated_at: updated_at };
    const replies = await Promise.all([act('approver', step, body, 'offline-race-1'), act('approver', step, body, 'offline-race-1')]);
    expect(replies.map((r) => r.statusCode), replies.map((r) => r.body).join(' ')).toEqual([200, 200]);
    expect(replies[0].json()).toEqual(replies[1].json());
    expect((await logsOf(filed.id)).filter((l) => l.log_text === 'reject')).toHaveLength(1);
  });

  it('the same key with another decision is refused (409), nothing changes', async () => {
    const filed = await filePurchaseAt(50_000);
    const step = filed.steps[0];
    const { updated_at } = await read('approver', step);
    expect((await act('approver', step, { approve: true, expected_updated_at: updated_at }, 'offline-other-1')).statusCode).toBe(200);
    const other = await act('approver', step, { approve: false, expected_updated_at: updated_at }, 'offline-other-1');
    expect(other.statusCode).toBe(409);
    expect(await stepOf(step)).toMatchObject({ status: 1 });
  });

  it('a document its requester edited since it was read: 409 "changed since you read it" in the request\'s language, nothing recorded', async () => {
    const filed = await filePurchaseAt(50_000);
    const step = filed.steps[0];
    const { updated_at } = await read('approver', step);
    const edited = await s.post('employee', `/api/buffer/${filed.id}/edit`, { data: await totalOf(filed.id, 60_000) });
    expect(edited.statusCode, edited.body).toBe(200);
    const live = (await read('approver', step)).current_approval_id;
    for (const [lang, words] of [['en', /changed since you read it/], ['ja', /読んだ後に申請が変わりました/], ['zh', /您阅读后申请已发生变化/]] as const) {
      const refused = await s.post('approver', `/api/approvals/${live}/action`, { approve: true, expected_updated_at: updated_at }, { 'idempotency-key': `offline-changed-${lang}`, 'accept-language': lang });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().code).toBe('ILLEGAL_TRANSITION');
      expect(refused.json().message).toMatch(words);
    }
    expect(await stepOf(live)).toMatchObject({ status: 0, active: true, approver_id: null });
    expect((await logsOf(filed.id)).map((l) => l.log_text)).toEqual(['submit', 'edit']);
    // Read again, the same decision goes through.
    const fresh = await read('approver', live);
    expect((await act('approver', live, { approve: true, expected_updated_at: fresh.updated_at }, 'offline-changed-fresh')).statusCode).toBe(200);
  });

  it('a step that is no longer the user\'s: decided by someone else first (409), or never theirs (403)', async () => {
    const filed = await filePurchaseAt(50_000);
    const step = filed.steps[0];
    const { updated_at } = await read('approver', step);
    expect((await act('approver', step, { approve: true })).statusCode).toBe(200);
    const late = await act('approver', step, { approve: true, expected_updated_at: updated_at }, 'offline-late-1');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).not.toMatch(/changed since you read it/);
    const next = (await read('approver', step)).current_approval_id;
    const current = await read('employee', next).catch(() => null);
    const version = current?.updated_at ?? updated_at;
    const notYours = await act('employee', next, { approve: true, expected_updated_at: version }, 'offline-notyours-1');
    expect([403, 404]).toContain(notYours.statusCode);
    expect(await stepOf(next)).toMatchObject({ status: 0, active: true });
  });

  it('queued by one user, sent by another: 403 in the request\'s language before anything else, nothing recorded; sent by its user it lands', async () => {
    const filed = await filePurchaseAt(50_000);
    const step = filed.steps[0];
    const { updated_at } = await read('approver', step);
    const body = { approve: true, expected_updated_at: updated_at, queued_by: s.users.approver.id };
    // Another user signed in on the device: refused whatever the step is to them (here: not theirs at all).
    for (const [lang, words] of [['en', /taken offline by another user/], ['ja', /別のユーザーがオフラインで行ったもの/], ['zh', /其他用户在本设备上离线作出/]] as const) {
      const refused = await s.post('authorizer', `/api/approvals/${step}/action`, body, { 'idempotency-key': 'offline-owner-1', 'accept-language': lang });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().message).toMatch(words);
    }
    // The approver sending a decision queued under someone else's id is refused the same way.
    const forged = await act('approver', step, { ...body, queued_by: s.users.authorizer.id }, 'offline-owner-2');
    expect(forged.statusCode, forged.body).toBe(403);
    expect(await stepOf(step)).toMatchObject({ status: 0, active: true });
    expect((await logsOf(filed.id)).map((l) => l.log_text)).toEqual(['submit']);
    // Its own user sends it (same key as the refused attempts of the other user): decided once.
    const sent = await act('approver', step, body, 'offline-owner-1');
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await logsOf(filed.id)).filter((l) => l.log_text === 'approve')).toHaveLength(1);
  });

  it('a malformed expected_updated_at is a 400 that changes nothing', async () => {
    const filed = await filePurchaseAt(50_000);
    const bad = await act('approver', filed.steps[0], { approve: true, expected_updated_at: 'yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(await stepOf(filed.steps[0])).toMatchObject({ status: 0, active: true });
  });
});
