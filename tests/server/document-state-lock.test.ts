import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadDocumentState, type DocumentState } from '../../server/workflow/core/document-state';
import { StepStatus } from '../../server/workflow/core/status';
import { buildTestApp, type TestApp } from './helpers';
import { holdDocumentLock, waitingOnLock } from './lock-holder';
import { demoUsers, insertDocument, purchaseRefs, type Users } from './workflow-fixtures';

const onPostgres = !!process.env.TEST_DATABASE_URL;

/**
 * A decision reads its document, steps and candidates in the statement that locks the document
 * (`ringi_document_state`, migration 1410). What makes decisions race-safe is that this read, after
 * waiting for another decision's lock, sees what that decision committed — not the snapshot taken
 * when the statement started (which a subquery of a locking statement would read). On PostgreSQL,
 * where transactions really wait for each other; by the document's id and by its step under the
 * reader's visibility rule.
 */
describe('a document read under its lock', () => {
  let t: TestApp;
  let users: Users;
  beforeAll(async () => {
    t = await buildTestApp();
    users = await demoUsers(t.db);
  });
  afterAll(async () => t?.close());

  /** Another transaction holds the document's lock and decides its first step; `read` starts meanwhile and must see the decision once it commits. */
  const readBehindADecision = async (code: string, read: (doc: { id: number; steps: number[] }) => Promise<DocumentState | null>) => {
    const refs = await purchaseRefs(t.db);
    const doc = await insertDocument(t.db, {
      module: 'payment', requester: users.employee.id, code, data: { company_id: refs.company, total: 5000 },
      steps: [{ process: 'p-manager', candidates: [users.approver.id] }, { process: 'p-finance', candidates: [users.finance.id] }],
    });
    const holder = await holdDocumentLock(t.db, doc.id, async (trx) => {
      await trx.updateTable('approvals').set({ status: StepStatus.DONE, active: false }).where('id', '=', doc.steps[0]).execute();
      await trx.updateTable('approvals').set({ active: true }).where('id', '=', doc.steps[1]).execute();
    });
    const reader = read(doc);
    await vi.waitFor(async () => expect(await waitingOnLock(t.db, '%ringi_document_state%')).toBeGreaterThan(0), { timeout: 10_000 });
    await holder.commit();
    const state = await reader;
    expect(state?.steps.map((s) => [s.id, s.status, s.active])).toEqual([[doc.steps[0], StepStatus.DONE, false], [doc.steps[1], StepStatus.PENDING, true]]);
  };

  it.skipIf(!onPostgres)('by its id: the read after the wait sees the steps the holder committed', async () => {
    await readBehindADecision('PAY-LOCK-000001', (doc) => t.db.transaction().execute((trx) => loadDocumentState(trx, doc.id, true)));
  });

  it.skipIf(!onPostgres)('by its step under the reader\'s visibility: the same', async () => {
    await readBehindADecision('PAY-LOCK-000002', (doc) => t.db.transaction().execute((trx) => loadDocumentState(trx, { step: doc.steps[0], visibleTo: users.approver.id }, true)));
  });

  it('a step the user may not see reads as none, a visible one as its document', async () => {
    const refs = await purchaseRefs(t.db);
    const doc = await insertDocument(t.db, {
      module: 'payment', requester: users.employee.id, code: 'PAY-LOCK-000003', data: { company_id: refs.company, total: 5000 },
      steps: [{ process: 'p-manager', candidates: [users.approver.id] }],
    });
    expect(await loadDocumentState(t.db, { step: doc.steps[0], visibleTo: users.treasury.id })).toBeNull();
    expect((await loadDocumentState(t.db, { step: doc.steps[0], visibleTo: users.approver.id }))?.id).toBe(doc.id);
    expect(await loadDocumentState(t.db, { step: 0, visibleTo: users.approver.id })).toBeNull();
  });
});
