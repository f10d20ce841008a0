import { sql, type Compilable, type Kysely, type OperationNodeSource, type QueryCreator } from 'kysely';
import { DOCUMENT_CHANNEL, noteDocumentEvent } from '../../lib/document-events';
import type { Database } from '../../db/database';
import { DocumentStatus, type LogAction } from './status';
import { eventDocument, queueWorkflowEvents, sendsWorkflowEvents } from './webhook-events';

/**
 * Records one timeline entry. `log_text` stores the action code (`approve`, `reject`, …), not a
 * sentence: the detail view translates it into the reader's language with the actor's name.
 * `onBehalfOf`: the principal a deputy acted for (`userId` is the deputy), kept for the audit;
 * `detail`: what the entry needs beyond its action (the changes of an edit that cleared approvals).
 * Every workflow transaction logs through here, so here its webhook events are queued, in the same
 * transaction (`webhook-events.ts`); `decidedStepId`: the step a send back decided.
 *
 * `touch`: what a transition changes beside its entry, written by the same statement (each part a
 * data-modifying `WITH`; one round trip instead of three): the document's `updated_at` (an edit made
 * against the state before is then refused, 409) with its `data` when given, its end (`status`:
 * completed, with `completed_at`, or rejected) and the step made active. The entry's webhook read
 * sees the document before the touch — `updated_at` and `data` differ, which the events do not
 * carry, and the status, which they take from the touch; the events' reads of the steps come after it.
 * `close`: the decided step's close, also a part of the statement (it names the actor before any
 * row changes: `actorNamed`); the answer says whether it matched its row — when it did not, the
 * caller refuses and its transaction rolls the whole statement back.
 */
export async function writeApprovalLog(
  db: Kysely<Database>,
  entry: {
    documentId: number; approvalId?: number | null; userId: number | null; action: LogAction; onBehalfOf?: number | null; detail?: Record<string, unknown>; decidedStepId?: number;
    touch?: { data?: Record<string, unknown>; activate?: number | null; status?: number };
    /** Another write of the transition sent with the entry, as one more part of its `WITH` (it returns nothing the entry needs). */
    also?: (q: QueryCreator<Database>) => Compilable & OperationNodeSource;
    /** The step's close (an update returning the row it closed), the first part of the entry's `WITH`. */
    close?: (q: QueryCreator<Database>) => Compilable & OperationNodeSource;
  },
): Promise<boolean> {
  const log = (q: QueryCreator<Database>) => q.insertInto('approval_logs').values({
    buffer_id: entry.documentId, approval_id: entry.approvalId ?? null, user_id: entry.userId, log_text: entry.action, on_behalf_of: entry.onBehalfOf ?? null,
    detail: entry.detail ? JSON.stringify(entry.detail) : null,
  });
  const { touch, close } = entry;
  let q: QueryCreator<Database> = db;
  if (close) q = q.with('closed', (w) => close(w) as never) as unknown as QueryCreator<Database>;
  /** Whether the close matched its row (true without one), a column of the statement's answer. */
  const closed = (close ? sql<boolean>`exists (select 1 from closed)` : sql<boolean>`true`).as('closed');
  const activate = typeof touch?.activate === 'number' ? touch.activate : undefined;
  if (touch) {
    const now = new Date();
    const ended = touch.status === undefined ? {} : { status: touch.status, ...(touch.status === DocumentStatus.COMPLETED ? { completed_at: now } : {}) };
    q = q.with('touched', (w) => w.updateTable('buffers').set({ updated_at: now, ...ended, ...(touch.data ? { data: JSON.stringify(touch.data) } : {}) })
      .where('id', '=', entry.documentId).returning('id')) as unknown as QueryCreator<Database>;
  }
  if (activate !== undefined) {
    q = q.with('activated', (w) => w.updateTable('approvals').set({ active: true }).where('id', '=', activate).where('voided_at', 'is', null).returning('id')) as unknown as QueryCreator<Database>;
  }
  const { also } = entry;
  if (also) q = q.with('also', (w) => also(w) as never) as unknown as QueryCreator<Database>;
  if (!sendsWorkflowEvents(entry.action)) {
    if (!(await log(q).returning(closed).executeTakeFirstOrThrow()).closed) return false;
  } else {
    // The entry and the read its webhook events need, in one statement.
    const read = await eventDocument(q.with('logged', (w) => log(w).returning('id')), entry.documentId).select(closed).executeTakeFirst();
    if (close && !read?.closed) return false;
    // The read sees the row as the statement found it: the status the touch wrote is the one that commits.
    const doc = read && touch?.status !== undefined ? { ...read, status: touch.status } : read;
    await queueWorkflowEvents(db, entry, doc);
  }
  await announceEntry(db, { id: entry.documentId, kind: entry.action, step: entry.approvalId ?? null });
  return true;
}

/**
 * The live lists hear of every timeline entry (server/live/README.md). A request's entries are
 * announced after its response, outside its transaction (`app.live.announce`): a transaction that
 * sends a NOTIFY commits one at a time with every other such transaction, WAL flush included
 * (PostgreSQL's notify lock), which queued decisions and filings behind each other. A background
 * job's entry is announced by a NOTIFY in its own transaction (delivered on commit, never for a
 * rollback).
 */
export async function announceEntry(db: Kysely<Database>, note: { id: number; kind: string; step: number | null }): Promise<void> {
  if (noteDocumentEvent(note)) return;
  await sql`select pg_notify(${DOCUMENT_CHANNEL}, json_build_object('id', ${note.id}::integer, 'kind', ${note.kind}::text, 'step', ${note.step}::integer, 'schema', current_schema())::text)`.execute(db);
}

/** The SQLSTATE of `ringi_expect` (migration 1413): a statement written for a state of the document that is no longer the current one. */
const STALE_DOCUMENT = 'RG409';

/** Whether `error` is a write that found the document changed since it was read (`ringi_expect`; nothing of it was written). */
export function isStaleDocument(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === STALE_DOCUMENT;
}
