import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { afterCursor, decodeCursor, keyColumns, nextCursor, type KeyTerm } from '../lib/keyset';
import { listConditions } from './list-query';
import type { ListQuery } from '../../src/wire/list-query';

/**
 * The inbox's order over its two index ranges (`u`: the open candidacies and the requester's
 * to-dos; same keys as the general query's default order plus the step): urgent documents first
 * (issue #33 item 8; the indexes lead with the copied urgency, migration 1100).
 */
export const INBOX_ORDER: KeyTerm[] = [
  { key: 'urgent', column: 'u.urgent', direction: 'desc', type: 'boolean' },
  { key: 'createdAt', column: 'u.created_at', direction: 'desc', type: 'timestamptz' },
  { key: 'document', column: 'u.buffer_id', direction: 'desc', type: 'integer' },
  { key: 'step', column: 'u.id', direction: 'desc', type: 'integer' },
];

/** The done list's index order (`approval_done_list_idx`), same keys as the inbox's. */
export const DONE_ORDER: KeyTerm[] = [
  { key: 'createdAt', column: 'd.buffer_created_at', direction: 'desc', type: 'timestamptz' },
  { key: 'document', column: 'd.buffer_id', direction: 'desc', type: 'integer' },
  { key: 'step', column: 'd.approval_id', direction: 'desc', type: 'integer' },
];

/**
 * `hydra:totalItems` of the done list counts at most this many (a busy approver has handled
 * tens of thousands of documents; counting them all was most of the list's cost). The list pages
 * on by `nextCursor` past it; docs/PERFORMANCE.md "Lists and lookups".
 */
export const DONE_COUNT_CAP = 1000;

type IndexedPage = { total: number; rows: Array<{ id: number; buffer_id: number }>; next: string | null };

/** Whether the query is the default list (no filter, search or explicit sort): then an index range serves it. */
function isDefaultList(q: ListQuery): boolean {
  return !(q['sort[code]'] || q['sort[createdAt]'] || q['sort[updatedAt]']) && listConditions(q).length === 0;
}

/**
 * The user's pending items as one relation `u (id, buffer_id, created_at)`: the open candidacies
 * of `approval_candidates_open_idx` (kept by triggers, migrations 0801/0910) and the documents
 * sent back to the user as their requester (`requester_tasks_user_idx`, migration 0970; `id` the
 * step a resubmit activates). A document is never in both (sent back, no step of it is active).
 * A UNION ALL of two index ranges in the same order: PostgreSQL merges them (Merge Append).
 */
function pendingItems(db: Kysely<Database>, userId: number) {
  const candidacies = db.selectFrom('approval_candidates as c')
    .select(['c.approval_id as id', 'c.inbox_buffer_id as buffer_id', 'c.inbox_created_at as created_at', 'c.inbox_urgent as urgent'])
    .where('c.user_id', '=', userId).where('c.inbox_open', '=', true);
  const sentBack = db.selectFrom('requester_tasks as r')
    .select(['r.approval_id as id', 'r.buffer_id', 'r.created_at', 'r.urgent'])
    .where('r.user_id', '=', userId);
  return db.selectFrom((candidacies as any).unionAll(sentBack).as('u'));
}

/**
 * One page of a user's pending items straight from the inbox's indexes (`pendingItems`: user,
 * open, newest document first; kept by triggers): the first rows of two index ranges and an
 * index-only count, so the cost barely moves between 5 and 5,000 pending items. With a
 * `cursor` the page starts after it inside the same ranges (keyset: no offset to skip,
 * nothing repeated or skipped when items arrive or leave between pages). Only for the default
 * list (no filter, search or explicit sort); otherwise null and the general query runs. Same
 * order as the general query: urgent first, document created_at desc, document id desc, step id desc.
 */
export async function inboxPage(db: Kysely<Database>, userId: number, q: ListQuery): Promise<IndexedPage | null> {
  if (!isDefaultList(q)) return null;
  const inbox = pendingItems(db, userId) as any;
  let page = inbox.select(['u.id', 'u.buffer_id', ...keyColumns(INBOX_ORDER)]);
  if (q.cursor) page = page.where(afterCursor(INBOX_ORDER, decodeCursor(INBOX_ORDER, q.cursor)));
  page = page.orderBy('u.urgent', 'desc').orderBy('u.created_at', 'desc').orderBy('u.buffer_id', 'desc').orderBy('u.id', 'desc')
    .limit(q.itemsPerPage).offset(q.cursor ? 0 : (q.page - 1) * q.itemsPerPage);
  return countedPage(db, inbox.select((eb: any) => eb.fn.countAll().as('total')), page, INBOX_ORDER, q);
}

/**
 * One page of the done list (the user's latest handled step per document, newest document
 * first) from `approval_done_list_idx` (kept by triggers, migration 0820), with a count capped at
 * `DONE_COUNT_CAP`. Default list only, as `inboxPage`; otherwise null.
 */
export async function donePage(db: Kysely<Database>, userId: number, q: ListQuery): Promise<IndexedPage | null> {
  if (!isDefaultList(q)) return null;
  const done = db.selectFrom('approval_done as d').where('d.user_id', '=', userId);
  let page = done.select(['d.approval_id as id', 'd.buffer_id', ...keyColumns(DONE_ORDER)] as never[]) as unknown as typeof done;
  if (q.cursor) page = page.where(afterCursor(DONE_ORDER, decodeCursor(DONE_ORDER, q.cursor)));
  page = (page as any).orderBy('d.buffer_created_at', 'desc').orderBy('d.buffer_id', 'desc').orderBy('d.approval_id', 'desc')
    .limit(q.itemsPerPage).offset(q.cursor ? 0 : (q.page - 1) * q.itemsPerPage);
  const capped = db.selectFrom(done.select('d.buffer_id').limit(DONE_COUNT_CAP).as('capped')).select((eb) => eb.fn.countAll<number>().as('total'));
  return countedPage(db, capped, page, DONE_ORDER, q);
}

/**
 * Count and page in one statement (one round trip): the count's one row, the page joined to it
 * laterally, so an empty page still brings the count.
 */
async function countedPage(db: Kysely<Database>, count: unknown, page: unknown, order: KeyTerm[], q: ListQuery): Promise<IndexedPage> {
  const rows = await db.selectFrom((count as any).as('t'))
    .leftJoinLateral((page as any).as('p'), (join) => join.onTrue())
    .selectAll('p' as never).select('t.total' as never)
    .execute() as unknown as Array<Record<string, unknown>>;
  const found = rows.filter((r) => r.id !== null);
  return {
    total: Number(rows[0]?.total ?? 0),
    rows: found.map((r) => ({ id: r.id as number, buffer_id: r.buffer_id as number })),
    next: nextCursor(order, found, q.itemsPerPage),
  };
}
