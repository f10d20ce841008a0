import type { Kysely, QueryCreator } from 'kysely';
import type { Database } from '../../db/database';
import type { LogAction } from './status';
import { eventDocument, queueWorkflowEvents, sendsWorkflowEvents } from './webhook-events';

/**
 * Records one timeline entry. `log_text` stores the action code (`approve`, `reject`, …), not a
 * sentence: the detail view translates it into the reader's language with the actor's name.
 * `onBehalfOf`: the principal a deputy acted for (`userId` is the deputy), kept for the audit;
 * `detail`: what the entry needs beyond its action (the changes of an edit that cleared approvals).
 * Every workflow transaction logs through here, so here its webhook events are queued, in the same
 * transaction (`webhook-events.ts`); `decidedStepId`: the step a send back decided.
 */
export async function writeApprovalLog(
  db: Kysely<Database>,
  entry: { documentId: number; approvalId?: number | null; userId: number | null; action: LogAction; onBehalfOf?: number | null; detail?: Record<string, unknown>; decidedStepId?: number },
): Promise<void> {
  const log = (q: QueryCreator<Database>) => q.insertInto('approval_logs').values({
    buffer_id: entry.documentId, approval_id: entry.approvalId ?? null, user_id: entry.userId, log_text: entry.action, on_behalf_of: entry.onBehalfOf ?? null,
    detail: entry.detail ? JSON.stringify(entry.detail) : null,
  });
  if (!sendsWorkflowEvents(entry.action)) {
    await log(db).execute();
    return;
  }
  // The entry and the read its webhook events need, in one statement.
  const doc = await eventDocument(db.with('logged', (q) => log(q).returning('id')), entry.documentId).executeTakeFirst();
  await queueWorkflowEvents(db, entry, doc);
}
