import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { afterCursor, decodeCursor, keyColumns, nextCursor, type KeyTerm } from './keyset';
import { listConditions, type ListQuery } from './list-query';

/** The inbox index's order (same keys as the general query's default order plus the step). */
export const INBOX_ORDER: KeyTerm[] = [
  { key: 'createdAt', column: 'c.inbox_created_at', direction: 'desc', type: 'timestamptz' },
  { key: 'document', column: 'c.inbox_buffer_id', direction: 'desc', type: 'integer' },
  { key: 'step', column: 'c.approval_id', direction: 'desc', type: 'integer' },
];

/**
 * One page of a user's pending steps straight from `approval_candidates_open_idx` (user, open,
 * newest document first; kept by triggers, migration 0801): the first rows of one index range
 * and an index-only count, so the cost barely moves between 5 and 5,000 pending items. With a
 * `cursor` the page starts after it inside the same index range (keyset: no offset to skip,
 * nothing repeated or skipped when steps arrive or leave between pages). Only for the default
 * list (no filter, search or explicit sort); otherwise null and the general query runs. Same
 * order as the general query: document created_at desc, document id desc, step id desc.
 */
export async function inboxPage(db: Kysely<Database>, userId: number, q: ListQuery): Promise<{ total: number; rows: Array<{ id: number; buffer_id: number }>; next: string | null } | null> {
  const sorted = q['sort[code]'] || q['sort[createdAt]'] || q['sort[updatedAt]'];
  if (sorted || listConditions(q).length) return null;
  const inbox = db.selectFrom('approval_candidates as c').where('c.user_id', '=', userId).where('c.inbox_open', '=', true);
  let page = inbox.select(['c.approval_id as id', 'c.inbox_buffer_id as buffer_id', ...keyColumns(INBOX_ORDER)] as never[]) as unknown as typeof inbox;
  if (q.cursor) page = page.where(afterCursor(INBOX_ORDER, decodeCursor(INBOX_ORDER, q.cursor)));
  page = (page as any).orderBy('c.inbox_created_at', 'desc').orderBy('c.inbox_buffer_id', 'desc').orderBy('c.approval_id', 'desc')
    .limit(q.itemsPerPage).offset(q.cursor ? 0 : (q.page - 1) * q.itemsPerPage);
  // Count and page in one statement (one round trip): the count's one row, the page joined to it
  // laterally, so an empty page still brings the count.
  const rows = await db.selectFrom(inbox.select((eb) => eb.fn.countAll<number>().as('total')).as('t'))
    .leftJoinLateral(page.as('p'), (join) => join.onTrue())
    .selectAll('p' as never).select('t.total')
    .execute() as unknown as Array<Record<string, unknown>>;
  const found = rows.filter((r) => r.id !== null);
  return {
    total: Number(rows[0]?.total ?? 0),
    rows: found.map((r) => ({ id: r.id as number, buffer_id: r.buffer_id as number })),
    next: nextCursor(INBOX_ORDER, found, q.itemsPerPage),
  };
}
