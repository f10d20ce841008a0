import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/database';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isStaleDocument, writeApprovalLog } from '../../server/workflow/core/approval-log';
import { loadDocumentState, lockedAtVersion } from '../../server/workflow/core/document-state';
import { StepStatus } from '../../server/workflow/core/status';
import { buildTestApp, type TestApp } from './helpers';
import { holdDocumentLock, waitingOnLock } from './lock-holder';
import { demoUsers, insertDocument, poster, purchaseRefs, tokens, type Users } from './workflow-fixtures';

const onPostgres = !!process.env.TEST_DATABASE_URL;

/**
 * A plain approval is read without the document's lock and, when it moves the document on, written
 * as one statement with no transaction around it; a final approval's transaction takes the lock
 * with its first write (server/workflow/decisions/step-action.ts). Either write holds only while
 * the document's row is still the version read: one that lost a race writes nothing, and the
 * decision is taken again under the lock, answering as that state says.
 */
describe('a decision written without the lock', () => {
  let t: TestApp;
  let users: Users;
  let post: ReturnType<typeof poster>;
  let counter = 0;
  beforeAll(async () => {
    t = await buildTestApp();
    users = await demoUsers(t.db);
    post = poster(t, tokens(t));
  });
  afterAll(async () => t?.close());

  /** A payment of `steps` steps, the first waiting for approver@, the next for finance@. */
  const payment = async (steps: 1 | 2) => {
    const refs = await purchaseRefs(t.db);
    const route = [{ process: 'p-manager', candidates: [users.approver.id] }, { process: 'p-finance', candidates: [users.finance.id] }].slice(0, steps);
    const doc = await insertDocument(t.db, { module: 'payment', requester: users.employee.id, code: `PAY-NOLOCK-${String(counter += 1).padStart(6, '0')}`, data: { company_id: refs.company, currency_id: refs.currency, total: 5000 }, steps: route });
    await t.db.updateTable('buffers').set({ company_id: refs.company }).where('id', '=', doc.id).execute();
    return doc;
  };
  const stepRows = async (ids: number[]) => (await t.db.selectFrom('approvals').select(['id', 'status', 'active', 'approver_id']).where('id', 'in', ids).orderBy('id').execute())
    .map((r) => [r.status, r.active, r.approver_id]);
  const logCount = async (documentId: number) => Number((await t.db.selectFrom('approval_logs').select((eb) => eb.fn.countAll().as('n')).where('buffer_id', '=', documentId).executeTakeFirstOrThrow()).n);

  it('an approval that moves the document on opens no transaction; a final one does (its number and mails are written together)', async () => {
    const transaction = vi.spyOn(t.app.db, 'transaction');
    const moves = await payment(2);
    expect((await post('approver', `/api/approvals/${moves.steps[0]}/action`, { approve: true, send_email_push: false })).statusCode).toBe(200);
    expect(transaction).not.toHaveBeenCalled();
    expect(await stepRows(moves.steps)).toEqual([[StepStatus.DONE, false, users.approver.id], [StepStatus.PENDING, true, null]]);
    const final = await post('finance', `/api/approvals/${moves.steps[1]}/action`, { approve: true });
    expect(final.statusCode, final.body).toBe(200);
    expect(final.json().buffer.status).toBe(2);
    expect(transaction).toHaveBeenCalledTimes(1);
    transaction.mockRestore();
  });

  it('a write at the version read that finds another version of the document fails whole and writes nothing', async () => {
    const doc = await payment(2);
    const read = (await loadDocumentState(t.db, doc.id))!;
    // Another change of the document commits after the read.
    await t.db.updateTable('buffers').set({ updated_at: new Date() }).where('id', '=', doc.id).execute();
    const logsBefore = await logCount(doc.id);
    const approveAt = (version: { id: number; version: string }) => t.db.transaction().execute((trx) => writeApprovalLog(trx, {
      documentId: doc.id, approvalId: doc.steps[0], userId: users.approver.id, action: 'approve', touch: { activate: doc.steps[1] },
      close: (q) => q.updateTable('approvals').set({ status: StepStatus.DONE, active: false, approver_id: users.approver.id }).where(lockedAtVersion(version)).where('id', '=', doc.steps[0]).returning('id'),
    }));
    const stale = await approveAt(read).catch((error: unknown) => error);
    expect(isStaleDocument(stale)).toBe(true);
    expect(await stepRows(doc.steps)).toEqual([[StepStatus.PENDING, true, null], [StepStatus.PENDING, false, null]]);
    expect(await logCount(doc.id)).toBe(logsBefore);
    // At the version as it is now, the same write goes through.
    expect(await approveAt((await loadDocumentState(t.db, doc.id))!)).toBe(true);
    expect(await stepRows(doc.steps)).toEqual([[StepStatus.DONE, false, users.approver.id], [StepStatus.PENDING, true, null]]);
  });

  /**
   * Another transaction holds the document's lock and `change`s it; the approval is sent meanwhile
   * (its read does not wait, its write does), then the holder commits. Returns the approval's answer.
   */
  const approveBehind = async (doc: { id: number; steps: number[] }, user: string, step: number, change: (trx: Kysely<Database>) => Promise<void>) => {
    const holder = await holdDocumentLock(t.db, doc.id, change);
    const answer = post(user, `/api/approvals/${step}/action`, { approve: true });
    await vi.waitFor(async () => expect(await waitingOnLock(t.db)).toBeGreaterThan(0), { timeout: 10_000 });
    await holder.commit();
    return answer;
  };

  it.skipIf(!onPostgres)('an approval written while another decision of the step commits answers 409, and only the other one is recorded', async () => {
    const doc = await payment(2);
    // The other decision closes the step without touching the document's row: the close's own check catches it.
    const answer = await approveBehind(doc, 'approver', doc.steps[0], async (trx) => {
      await trx.updateTable('approvals').set({ status: StepStatus.DONE, active: false, approver_id: users.authorizer.id }).where('id', '=', doc.steps[0]).execute();
    });
    expect(answer.statusCode, answer.body).toBe(409);
    expect(await stepRows(doc.steps)).toEqual([[StepStatus.DONE, false, users.authorizer.id], [StepStatus.PENDING, false, null]]);
    expect(await logCount(doc.id)).toBe(0);
  });

  it.skipIf(!onPostgres)('an approval written while an edit of the document commits is taken again on the edited document (one entry, the next step active)', async () => {
    const doc = await payment(2);
    const answer = await approveBehind(doc, 'approver', doc.steps[0], async (trx) => {
      await trx.updateTable('buffers').set({ updated_at: new Date(), data: JSON.stringify({ total: 6000 }) }).where('id', '=', doc.id).execute();
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await stepRows(doc.steps)).toEqual([[StepStatus.DONE, false, users.approver.id], [StepStatus.PENDING, true, null]]);
    expect(await logCount(doc.id)).toBe(1);
  });

  it.skipIf(!onPostgres)('an approval written while a withdrawal commits (the document\'s row only) answers 409 and records nothing', async () => {
    const doc = await payment(2);
    const answer = await approveBehind(doc, 'approver', doc.steps[0], async (trx) => {
      await trx.updateTable('buffers').set({ status: 10, updated_at: new Date() }).where('id', '=', doc.id).execute();
    });
    expect(answer.statusCode, answer.body).toBe(409);
    expect(await stepRows(doc.steps)).toEqual([[StepStatus.PENDING, true, null], [StepStatus.PENDING, false, null]]);
    expect(await logCount(doc.id)).toBe(0);
  });

  it.skipIf(!onPostgres)('a final approval behind a change of the document is taken again under the lock: completed once after an edit, 409 after a withdrawal or the step\'s close', async () => {
    const edited = await payment(1);
    const answer = await approveBehind(edited, 'approver', edited.steps[0], async (trx) => {
      await trx.updateTable('buffers').set({ updated_at: new Date() }).where('id', '=', edited.id).execute();
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().buffer.status).toBe(2);
    expect(await logCount(edited.id)).toBe(1);

    const withdrawn = await payment(1);
    const notOnProcess = await approveBehind(withdrawn, 'approver', withdrawn.steps[0], async (trx) => {
      await trx.updateTable('buffers').set({ status: 10, updated_at: new Date() }).where('id', '=', withdrawn.id).execute();
    });
    expect(notOnProcess.statusCode, notOnProcess.body).toBe(409);
    expect((await t.db.selectFrom('buffers').select('status').where('id', '=', withdrawn.id).executeTakeFirstOrThrow()).status).toBe(10);
    expect(await stepRows(withdrawn.steps)).toEqual([[StepStatus.PENDING, true, null]]);

    const closed = await payment(1);
    const refused = await approveBehind(closed, 'approver', closed.steps[0], async (trx) => {
      await trx.updateTable('approvals').set({ status: StepStatus.DONE, active: false, approver_id: users.authorizer.id }).where('id', '=', closed.steps[0]).execute();
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect((await t.db.selectFrom('buffers').select('status').where('id', '=', closed.id).executeTakeFirstOrThrow()).status).toBe(0);
    expect(await logCount(closed.id)).toBe(0);
  });
  it.skipIf(!onPostgres)('at once, many rounds: a withdrawal and a final approval, and two final approvals of one step — exactly one wins, the other is told 409, never an error', async () => {
    for (let round = 0; round < 8; round += 1) {
      const doc = await payment(1);
      const racers = [
        () => post('employee', '/api/buffer/withdrawal', { buffer_id: doc.id }),
        () => post('approver', `/api/approvals/${doc.steps[0]}/action`, { approve: true }),
      ];
      const answers = await Promise.all(round % 2 ? [racers[1](), racers[0]()] : [racers[0](), racers[1]()]);
      expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join(' | ')).toEqual([200, 409]);
      const status = (await t.db.selectFrom('buffers').select('status').where('id', '=', doc.id).executeTakeFirstOrThrow()).status;
      expect([2, 10]).toContain(status);
      expect(await logCount(doc.id)).toBe(1);
    }
    for (let round = 0; round < 8; round += 1) {
      const doc = await payment(1);
      await t.db.insertInto('approval_candidates').values({ approval_id: doc.steps[0], user_id: users.authorizer.id }).execute();
      const answers = await Promise.all([
        post('approver', `/api/approvals/${doc.steps[0]}/action`, { approve: true }),
        post('authorizer', `/api/approvals/${doc.steps[0]}/action`, { approve: true }),
      ]);
      expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join(' | ')).toEqual([200, 409]);
      expect(await logCount(doc.id)).toBe(1);
    }
  });

  it.skipIf(!onPostgres)('at once, many rounds: two candidates\' plain approvals of a step that moves the document on (each one call in the database) — one is recorded, the next step made active once, the other told 409', async () => {
    for (let round = 0; round < 8; round += 1) {
      const doc = await payment(2);
      await t.db.insertInto('approval_candidates').values({ approval_id: doc.steps[0], user_id: users.authorizer.id }).execute();
      const answers = await Promise.all(['approver', 'authorizer'].map((user) => post(user, `/api/approvals/${doc.steps[0]}/action`, { approve: true })));
      expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join(' | ')).toEqual([200, 409]);
      expect(await logCount(doc.id)).toBe(1);
      const winner = answers[0].statusCode === 200 ? users.approver.id : users.authorizer.id;
      expect(await stepRows(doc.steps)).toEqual([[StepStatus.DONE, false, winner], [StepStatus.PENDING, true, null]]);
    }
  });
});
