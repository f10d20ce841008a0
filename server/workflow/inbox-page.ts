import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { listConditions, type ListQuery } from './list-query';

/**
 * One page of a user's pending steps straight from `approval_candidates_open_idx` (user, open,
 * newest document first; kept by triggers, migration 0801): the first rows of one index range
 * and an index-only count, so the cost barely moves between 5 and 5,000 pending items. Only for
 * the default list (no filter, search or explicit sort); otherwise null and the general query
 * runs. Same order as the general query: document created_at desc, document id desc, step id desc.
 */
export async function inboxPage(db: Kysely<Database>, userId: number, q: ListQuery): Promise<{ total: number; rows: Array<{ id: number; buffer_id: number }> } | null> {
  const sorted = q['sort[code]'] || q['sort[createdAt]'] || q['sort[updatedAt]'];
  if (sorted || listConditions(q).length) return null;
  const inbox = db.selectFrom('approval_candidates as c').where('c.user_id', '=', userId).where('c.inbox_open', '=', true);
  const { total } = await inbox.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await inbox.select(['c.approval_id as id', 'c.inbox_buffer_id'])
    .orderBy('c.inbox_created_at', 'desc').orderBy('c.inbox_buffer_id', 'desc').orderBy('c.approval_id', 'desc')
    .limit(q.itemsPerPage).offset((q.page - 1) * q.itemsPerPage).execute();
  return { total: Number(total), rows: rows.map((r) => ({ id: r.id, buffer_id: r.inbox_buffer_id as number })) };
}
