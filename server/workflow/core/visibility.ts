import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/database';
import { deputyDay, deputyPendingDocument } from '../people/deputies';

/**
 * Which documents a user may see: those they filed, are or were a candidate approver of (any
 * step: they must act or acted), acted on, logged an action on, or were forwarded
 * (`user_finances`). Nothing else, whatever the user's company or role: an invisible document
 * answers 404, so its existence does not leak. An SQL condition over `buffers`: one probe of
 * `buffer_viewers`' primary key (document, user), the rule kept as rows by triggers (migration
 * 0810), so a list of a user who took part in most documents no longer evaluates three
 * subqueries per row (docs/PERFORMANCE.md shows the plans). `visibleToByRule` is the rule
 * written out, kept for the test that compares both.
 */
export function visibleTo(userId: number): Expression<SqlBool> {
  return sql<SqlBool>`exists (select 1 from buffer_viewers v_v where v_v.buffer_id = buffers.id and v_v.user_id = ${userId})`;
}

/** The visibility rule evaluated from its sources (what `buffer_viewers` must always agree with). */
export function visibleToByRule(userId: number): Expression<SqlBool> {
  return sql<SqlBool>`(buffers.requester_id = ${userId}
    or exists (select 1 from approvals v_a join approval_candidates v_c on v_c.approval_id = v_a.id
               where v_a.buffer_id = buffers.id and v_c.user_id = ${userId})
    or exists (select 1 from approvals v_b where v_b.buffer_id = buffers.id and v_b.approver_id = ${userId})
    or exists (select 1 from approval_logs v_l where v_l.buffer_id = buffers.id and v_l.user_id = ${userId})
    or buffers.user_finances @> ${JSON.stringify([userId])}::jsonb)`;
}

/**
 * The rule for one known document (`canSeeDocument`, file access): `visibleTo`, or the document
 * waits for a principal the user is a deputy of today (`deputies.ts`; never the user's own
 * document — that one they see anyway). The lists keep `visibleTo`: the pending list adds the
 * deputy's steps itself, and once a deputy acted, their log makes them a viewer like anyone.
 */
export function visibleToOne(userId: number): Expression<SqlBool> {
  return sql<SqlBool>`(${visibleTo(userId)} or ${deputyPendingDocument(userId, deputyDay())})`;
}

/** Is the document visible to the user? False for an unknown id as well. */
export async function canSeeDocument(db: Kysely<Database>, documentId: number, userId: number): Promise<boolean> {
  const row = await db.selectFrom('buffers').select('id').where('id', '=', documentId).where(visibleToOne(userId)).executeTakeFirst();
  return row !== undefined;
}
