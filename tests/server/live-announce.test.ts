import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationSource } from '../../server/db/notifications';
import { DOCUMENT_CHANNEL, noteDocumentEvent, type DocumentNotes } from '../../server/lib/document-events';
import { collectRequestWork } from '../../server/lib/outbox-kicks';
import { writeApprovalLog } from '../../server/workflow/core/approval-log';
import { buildTestApp, type TestApp } from './helpers';
import { demoUsers, filePurchase, purchaseBody, tokens, type Users } from './workflow-fixtures';

type Heard = { id: number; kind: string; step: number | null; schema: string };

/**
 * How timeline entries reach the live lists (server/live/README.md): not from inside the writing
 * transaction (a trigger's NOTIFY made PostgreSQL commit every filing and decision one at a time),
 * but a request's entries after its response, in a statement of their own, and a background job's
 * inside its own transaction (on commit, never for a rollback). Heard by a listener of the
 * database's notifications, as every instance listens (PGlite and PostgreSQL).
 */
describe('announcing timeline entries', () => {
  let t: TestApp;
  let users: Users;
  let schema: string;
  const heard: Heard[] = [];
  let stop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    t = await buildTestApp();
    users = await demoUsers(t.db);
    schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db)).rows[0].schema;
    stop = await notificationSource(t.db)!.listen(DOCUMENT_CHANNEL, (payload) => {
      const event = JSON.parse(payload) as Heard;
      if (event.schema === schema) heard.push(event);
    });
  });
  afterAll(async () => {
    await stop?.();
    await t?.close();
  });

  /** Waits until `match` was heard (or 10 s: then fails saying what was heard). */
  async function hear(match: (event: Heard) => boolean): Promise<Heard> {
    for (let waited = 0; waited < 10_000; waited += 20) {
      const event = heard.find(match);
      if (event) return event;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`not heard; heard ${JSON.stringify(heard)}`);
  }

  it('sends no NOTIFY from inside the writing transactions: the trigger on approval_logs is gone', async () => {
    const { rows } = await sql<{ n: number }>`select count(*)::integer as n from pg_trigger where tgname = 'approval_logs_notify'`.execute(t.db);
    expect(rows[0].n).toBe(0);
  });

  it('announces a request\'s entries after its response: a filing and its approval are heard', async () => {
    const token = tokens(t);
    const filed = await filePurchase(t, await token('employee'), await purchaseBody(t.db, users));
    expect(await hear((e) => e.id === filed.id && e.kind === 'submit')).toMatchObject({ step: null });
    const approved = await t.app.inject({ method: 'POST', url: `/api/approvals/${filed.steps[0]}/action`, payload: { approve: true }, headers: { authorization: `Bearer ${await token('approver')}` } });
    expect(approved.statusCode).toBe(200);
    expect(await hear((e) => e.id === filed.id && e.kind === 'approve')).toMatchObject({ step: filed.steps[0] });
  });

  it('announces a background job\'s entry with its transaction\'s commit, and never one rolled back', async () => {
    const filed = await filePurchase(t, await tokens(t)('employee'), await purchaseBody(t.db, users));
    await expect(t.db.transaction().execute(async (trx) => {
      await writeApprovalLog(trx, { documentId: filed.id, userId: null, action: 'remind' });
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    await t.db.transaction().execute(async (trx) => {
      await writeApprovalLog(trx, { documentId: filed.id, userId: null, action: 'escalate_none' });
    });
    await hear((e) => e.id === filed.id && e.kind === 'escalate_none');
    expect(heard.filter((e) => e.id === filed.id && e.kind === 'remind')).toEqual([]);
  });

  it('leaves to the writer what a request left running writes after its notes were announced', () => {
    const notes: DocumentNotes = { notes: [], closed: false };
    const results: boolean[] = [];
    collectRequestWork({ outboxes: new Set(), documents: notes }, () => {
      results.push(noteDocumentEvent({ id: 1, kind: 'approve', step: 2 }), noteDocumentEvent({ id: 1, kind: 'approve', step: 2 }));
      notes.closed = true;
      results.push(noteDocumentEvent({ id: 1, kind: 'comment', step: null }));
    });
    expect(results).toEqual([true, true, false]);
    expect(notes.notes).toEqual([{ id: 1, kind: 'approve', step: 2 }]);
    expect(noteDocumentEvent({ id: 3, kind: 'submit', step: null })).toBe(false);
  });
});
