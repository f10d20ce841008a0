import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { canSeeDocument, visibleTo } from '../../workflow/core/visibility';

/** How many referencing documents are tried before giving up (a related approval is referenced by few). */
const REFERENCE_SAMPLE = 20;

/**
 * Whether a user may open a related approval by id: they can see it (the workflow's rule), or
 * they can see a document that names it as `related_approval_id` (an approver of a payment sees
 * the contract it pays) whose requester could see it when filing — so nobody opens a contract
 * by naming its id in a document of their own.
 */
export async function canSeeRelated(db: Kysely<Database>, targetId: number, userId: number): Promise<boolean> {
  if (await canSeeDocument(db, targetId, userId)) return true;
  const referencing = await db.selectFrom('buffers').select('buffers.requester_id').distinct()
    .where(visibleTo(userId))
    .where(sql<boolean>`jsonb_path_exists(buffers.data, '$.**.related_approval_id ? (@ == $id)', jsonb_build_object('id', ${targetId}::int))`)
    .limit(REFERENCE_SAMPLE)
    .execute();
  for (const { requester_id } of referencing) {
    if (await canSeeDocument(db, targetId, requester_id)) return true;
  }
  return false;
}
