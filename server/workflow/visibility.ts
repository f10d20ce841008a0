import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/database';

/**
 * Which documents a user may see: those they filed, are or were a candidate approver of (any
 * step: they must act or acted), acted on, logged an action on, or were forwarded
 * (`user_finances`). Nothing else, whatever the user's company or role: an invisible document
 * answers 404, so its existence does not leak. An SQL condition over `buffers`: per document
 * three probes, each an index-only lookup by (document, user) since migration 0801 (steps by
 * approver, timeline by user), so a list ordered by date stops after its page. (A set of the
 * user's documents computed once per query was tried: for a user who saw 74k of 100k
 * documents it took 2 s, docs/PERFORMANCE.md.)
 */
export function visibleTo(userId: number): Expression<SqlBool> {
  return sql<SqlBool>`(buffers.requester_id = ${userId}
    or exists (select 1 from approvals v_a join approval_candidates v_c on v_c.approval_id = v_a.id
               where v_a.buffer_id = buffers.id and v_c.user_id = ${userId})
    or exists (select 1 from approvals v_b where v_b.buffer_id = buffers.id and v_b.approver_id = ${userId})
    or exists (select 1 from approval_logs v_l where v_l.buffer_id = buffers.id and v_l.user_id = ${userId})
    or buffers.user_finances @> ${JSON.stringify([userId])}::jsonb)`;
}

/** The same rule for one known document (`canSeeBuffer`, file access). */
export const visibleToOne = visibleTo;

/** Is the document visible to the user? False for an unknown id as well. */
export async function canSeeBuffer(db: Kysely<Database>, bufferId: number, userId: number): Promise<boolean> {
  const row = await db.selectFrom('buffers').select('id').where('id', '=', bufferId).where(visibleToOne(userId)).executeTakeFirst();
  return row !== undefined;
}
