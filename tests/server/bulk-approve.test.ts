/**
 * Approving many at once (一括承認, issue #33 item 4): `POST /api/approvals/bulk` checks and records
 * each id on its own through the single approval's path — a mixed batch approves what it may,
 * skips a step someone else decided first and a step that needs input, fails a step that is not
 * the user's — and refuses more than 100 ids, an id twice and a bulk reject (PGlite).
 */
import { describe, expect, it } from 'vitest';
import { insertDocument, workflowSuite, type WorkflowSuite } from './workflow-fixtures';

let s: WorkflowSuite;
workflowSuite((suite) => { s = suite; });

let codes = 0;
/** A document waiting at its first step, straight in the tables (as filing leaves it). */
const waiting = (module: string, steps: Array<{ process: string; candidates: string[] }>) => insertDocument(s.t.db, {
  module, requester: s.users.employee.id, code: `BULK-${(codes += 1)}`,
  steps: steps.map((step) => ({ process: step.process, candidates: step.candidates.map((u) => s.users[u].id) })),
});

const bulk = (user: string, body: unknown, headers: Record<string, string> = {}) => s.post(user, '/api/approvals/bulk', body, headers);
const stepRow = (id: number) => s.t.db.selectFrom('approvals').select(['status', 'active', 'approver_id']).where('id', '=', id).executeTakeFirstOrThrow();
const logsOf = (documentId: number) => s.t.db.selectFrom('approval_logs').select(['approval_id', 'log_text', 'user_id', 'detail']).where('buffer_id', '=', documentId).orderBy('id').execute();

describe('POST /approvals/bulk', () => {
  it('a mixed batch: approves its own steps, skips one decided first by someone else and one needing input, fails one not the user\'s — each on its own', async () => {
    const mine = await waiting('purchase', [{ process: 'p-manager', candidates: ['treasury'] }, { process: 'p-authorizer', candidates: ['authorizer'] }]);
    const mine2 = await waiting('purchase', [{ process: 'p-manager', candidates: ['treasury'] }]);
    const raced = await waiting('purchase', [{ process: 'p-manager', candidates: ['treasury', 'approver'] }, { process: 'p-authorizer', candidates: ['authorizer'] }]);
    const treasuryForm = await waiting('payment', [{ process: 'p-treasury', candidates: ['treasury'] }]);
    const notMine = await waiting('purchase', [{ process: 'p-manager', candidates: ['approver'] }, { process: 'p-authorizer', candidates: ['treasury'] }]);
    const invisible = await waiting('purchase', [{ process: 'p-manager', candidates: ['approver'] }]);
    // Someone else decides first.
    const first = await s.post('approver', `/api/approvals/${raced.steps[0]}/action`, { approve: true });
    expect(first.statusCode, first.body).toBe(200);

    const ids = [mine.steps[0], raced.steps[0], treasuryForm.steps[0], notMine.steps[0], invisible.steps[0], 2147483000, mine2.steps[0]];
    const reply = await bulk('treasury', { ids, approve: true, comment: 'All fine' });
    expect(reply.statusCode, reply.body).toBe(200);
    const results = reply.json().results as Array<{ id: number; status: string; message?: string }>;
    expect(results.map((r) => [r.id, r.status])).toEqual([
      [mine.steps[0], 'done'], [raced.steps[0], 'skipped'], [treasuryForm.steps[0], 'skipped'],
      [notMine.steps[0], 'failed'], [invisible.steps[0], 'failed'], [2147483000, 'failed'], [mine2.steps[0], 'done'],
    ]);
    expect(results[0].message).toBeUndefined();
    expect(results[1].message).toMatch(/already|someone/i);
    expect(results[2].message).toMatch(/needs your input/);
    expect(results[3].message).toMatch(/not .*approver|candidate/i);
    expect(results[4].message).toBe(results[5].message); // invisible answers as unknown: nothing leaks

    // Done: the step passed as by the single action, the next step waits, the log says bulk with the comment.
    expect(await stepRow(mine.steps[0])).toEqual({ status: 1, active: false, approver_id: s.users.treasury.id });
    expect((await stepRow(mine.steps[1])).active).toBe(true);
    expect(await logsOf(mine.id)).toEqual([{ approval_id: mine.steps[0], log_text: 'approve', user_id: s.users.treasury.id, detail: { via: 'bulk', comment: 'All fine' } }]);
    const completed = await s.t.db.selectFrom('buffers').select('status').where('id', '=', mine2.id).executeTakeFirstOrThrow();
    expect(completed.status).toBe(2);
    // Its own history entry, attributed to the approver.
    const history = await s.t.db.selectFrom('record_history').select(['reason', 'actor_id']).where('buffer_id', '=', mine2.id).orderBy('seq', 'desc').executeTakeFirstOrThrow();
    expect(history).toEqual({ reason: 'approve', actor_id: s.users.treasury.id });
    // The timeline reads it.
    const view = (await s.get('employee', `/api/buffers/${mine.id}`)).json();
    expect(view.approvals[0].approval_logs[0]).toMatchObject({ via: 'bulk', comment: 'All fine' });
    expect(view.approvals[0].approval_logs[0].log_text).toBe(`Approved by ${s.users.treasury.name} (bulk approval) — “All fine”`);

    // Skipped and failed changed nothing.
    expect(await stepRow(raced.steps[0])).toMatchObject({ status: 1, approver_id: s.users.approver.id });
    expect(await logsOf(raced.id)).toHaveLength(1);
    for (const doc of [treasuryForm, notMine, invisible]) {
      expect(await stepRow(doc.steps[0])).toMatchObject({ status: 0, active: true, approver_id: null });
      expect(await logsOf(doc.id)).toEqual([]);
    }
  });

  it('refuses 101 ids with a clear 400, an id twice, and a bulk reject — changing nothing', async () => {
    const doc = await waiting('purchase', [{ process: 'p-manager', candidates: ['treasury'] }]);
    const ids = [doc.steps[0], ...Array.from({ length: 100 }, (_, i) => 2000000 + i)];
    const tooMany = await bulk('treasury', { ids, approve: true });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect(tooMany.json().message).toBe('At most 100 documents can be approved at once; 101 were sent. Select fewer and approve them in turns.');
    const twice = await bulk('treasury', { ids: [doc.steps[0], doc.steps[0]], approve: true });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain('twice');
    const reject = await bulk('treasury', { ids: [doc.steps[0]], approve: false });
    expect(reject.statusCode).toBe(422);
    expect(reject.json().violations[0]).toMatchObject({ propertyPath: 'approve' });
    expect((await bulk('treasury', { ids: [], approve: true })).statusCode).toBe(400);
    expect((await bulk('treasury', { ids: [doc.steps[0]], approve: true, extra: 1 })).statusCode).toBe(400);
    expect(await stepRow(doc.steps[0])).toMatchObject({ status: 0, active: true });
    // Exactly 100 is accepted (the unknown ones fail on their own).
    const hundred = await bulk('treasury', { ids: ids.slice(0, 100), approve: true });
    expect(hundred.statusCode, hundred.body).toBe(200);
    expect(hundred.json().results.filter((r: { status: string }) => r.status === 'done')).toHaveLength(1);
  });

  it('a batch sent again with its Idempotency-Key answers done for what it approved, without a second decision', async () => {
    const a = await waiting('purchase', [{ process: 'p-manager', candidates: ['treasury'] }, { process: 'p-authorizer', candidates: ['authorizer'] }]);
    const b = await waiting('purchase', [{ process: 'p-manager', candidates: ['treasury'] }, { process: 'p-authorizer', candidates: ['authorizer'] }]);
    const body = { ids: [a.steps[0], b.steps[0]], approve: true };
    const first = await bulk('treasury', body, { 'idempotency-key': 'bulk-1' });
    expect(first.json().results.map((r: { status: string }) => r.status)).toEqual(['done', 'done']);
    const again = await bulk('treasury', body, { 'idempotency-key': 'bulk-1' });
    expect(again.statusCode).toBe(200);
    expect(again.json().results.map((r: { status: string }) => r.status)).toEqual(['done', 'done']);
    expect(await logsOf(a.id)).toHaveLength(1);
    // Without the key, the same batch finds the steps decided: skipped, still one decision each.
    const plain = await bulk('treasury', body);
    expect(plain.json().results.map((r: { status: string }) => r.status)).toEqual(['skipped', 'skipped']);
    expect(await logsOf(b.id)).toHaveLength(1);
  });

  it('a deputy in effect approves the principal\'s steps in a batch, on behalf of the principal', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const named = await s.post('approver', '/api/deputies', { deputy_id: s.users.approver2.id, from: today, to: today });
    expect(named.statusCode, named.body).toBe(201);
    try {
      const doc = await waiting('purchase', [{ process: 'p-manager', candidates: ['approver'] }, { process: 'p-authorizer', candidates: ['authorizer'] }]);
      const reply = await bulk('approver2', { ids: [doc.steps[0]], approve: true });
      expect(reply.json().results).toEqual([{ id: doc.steps[0], status: 'done' }]);
      const log = await s.t.db.selectFrom('approval_logs').select(['user_id', 'on_behalf_of']).where('approval_id', '=', doc.steps[0]).executeTakeFirstOrThrow();
      expect(log).toEqual({ user_id: s.users.approver2.id, on_behalf_of: s.users.approver.id });
    } finally {
      await s.t.db.deleteFrom('deputies').where('principal_id', '=', s.users.approver.id).execute();
    }
  });
});
