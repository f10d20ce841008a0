import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/database';
import { afterCursor, decodeCursor, keyColumns, nextCursor, orderByKeys, type KeyTerm } from '../../lib/keyset';
import { cappedCount } from '../../repositories/keyset-paginate';
import { listConditions } from './list-query';
import { APPROVAL_LIST_COUNT_CAP, type ListQuery } from '../../../src/wire/list-query';

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

type IndexedPage = { total: number; rows: Array<{ id: number; buffer_id: number }>; next: string | null };

/** Whether the query is the default list (no filter, search or explicit sort): then an index range serves it. */
function isDefaultList(q: ListQuery): boolean {
  return !(q['sort[code]'] || q['sort[createdAt]'] || q['sort[updatedAt]']) && listConditions(q).length === 0;
}

/** The inbox's order on one of its two tables (`columns` in `INBOX_ORDER`'s order): the same keys, so one cursor continues both. */
const orderOn = (columns: string[]): KeyTerm[] => INBOX_ORDER.map((term, i) => ({ ...term, column: columns[i] }));
const CANDIDACY_ORDER = orderOn(['c.inbox_urgent', 'c.inbox_created_at', 'c.inbox_buffer_id', 'c.approval_id']);
const SENT_BACK_ORDER = orderOn(['r.urgent', 'r.created_at', 'r.buffer_id', 'r.approval_id']);

/**
 * The user's pending items as one relation `u (id, buffer_id, created_at, urgent)`: the open
 * candidacies of `approval_candidates_open_idx` (kept by triggers, migrations 0801/0910) and the
 * documents sent back to the user as their requester (`requester_tasks_user_idx`, migration 0970;
 * `id` the step a resubmit activates). A document is never in both (sent back, no step of it is
 * active). With `first` (a page's rows), each table gives only its first `first` rows in the
 * inbox's order (after `cursor`), read from its index: PostgreSQL does not carry an ORDER BY into
 * a UNION ALL, and sorted every pending item of the user for each page (10 ms at 6,000 pending,
 * growing with them; 0.2 ms this way).
 */
function pendingItems(db: Kysely<Database>, userId: number, first?: { rows: number; cursor?: string[] }) {
  // A branch with its own ORDER BY and LIMIT is a subquery of its own (a UNION takes no bare ORDER BY).
  const branch = (query: any, order: KeyTerm[], alias: string) => {
    if (!first) return query;
    const after = first.cursor ? query.where(afterCursor(order, first.cursor)) : query;
    return db.selectFrom(orderByKeys(after, order).limit(first.rows).as(alias)).selectAll();
  };
  const candidacies = branch(db.selectFrom('approval_candidates as c')
    .select(['c.approval_id as id', 'c.inbox_buffer_id as buffer_id', 'c.inbox_created_at as created_at', 'c.inbox_urgent as urgent'])
    .where('c.user_id', '=', userId).where('c.inbox_open', '=', true), CANDIDACY_ORDER, 'cp');
  const sentBack = branch(db.selectFrom('requester_tasks as r')
    .select(['r.approval_id as id', 'r.buffer_id', 'r.created_at', 'r.urgent'])
    .where('r.user_id', '=', userId), SENT_BACK_ORDER, 'rp');
  return db.selectFrom(candidacies.unionAll(sentBack).as('u'));
}

/**
 * One page of a user's pending items straight from the inbox's indexes (`pendingItems`: user,
 * open, newest document first; kept by triggers): the first rows of two index ranges and an
 * index-only count capped at `APPROVAL_LIST_COUNT_CAP`, so the cost barely moves between 5 and 50,000 pending items. With a
 * `cursor` the page starts after it inside the same ranges (keyset: no offset to skip,
 * nothing repeated or skipped when items arrive or leave between pages). Only for the default
 * list (no filter, search or explicit sort); otherwise null and the general query runs. Same
 * order as the general query: urgent first, document created_at desc, document id desc, step id desc.
 */
export async function inboxPage(db: Kysely<Database>, userId: number, q: ListQuery): Promise<IndexedPage | null> {
  if (!isDefaultList(q)) return null;
  return countedPage(db, cappedCount(db, pendingItems(db, userId) as any, APPROVAL_LIST_COUNT_CAP), inboxPageRows(db, userId, q), INBOX_ORDER, q);
}

/** The rows of one inbox page (`inboxPage` without its count): exported for the plan test. */
export function inboxPageRows(db: Kysely<Database>, userId: number, q: Pick<ListQuery, 'cursor' | 'page' | 'itemsPerPage'>) {
  const offset = q.cursor ? 0 : (q.page - 1) * q.itemsPerPage;
  const cursor = q.cursor ? decodeCursor(INBOX_ORDER, q.cursor) : undefined;
  const inbox = pendingItems(db, userId, { rows: offset + q.itemsPerPage, cursor }) as any;
  return orderByKeys(inbox.select(['u.id', 'u.buffer_id', ...keyColumns(INBOX_ORDER)]), INBOX_ORDER)
    .limit(q.itemsPerPage).offset(offset) as SelectQueryBuilder<any, any, { id: number; buffer_id: number }>;
}

/**
 * One page of the done list (the user's latest handled step per document, newest document
 * first) from `approval_done_list_idx` (kept by triggers, migration 0820), with a count capped at
 * `APPROVAL_LIST_COUNT_CAP`. Default list only, as `inboxPage`; otherwise null.
 */
export async function donePage(db: Kysely<Database>, userId: number, q: ListQuery): Promise<IndexedPage | null> {
  if (!isDefaultList(q)) return null;
  const done = db.selectFrom('approval_done as d').where('d.user_id', '=', userId);
  let page = done.select(['d.approval_id as id', 'd.buffer_id', ...keyColumns(DONE_ORDER)] as never[]) as unknown as typeof done;
  if (q.cursor) page = page.where(afterCursor(DONE_ORDER, decodeCursor(DONE_ORDER, q.cursor)));
  page = orderByKeys(page as any, DONE_ORDER)
    .limit(q.itemsPerPage).offset(q.cursor ? 0 : (q.page - 1) * q.itemsPerPage);
  return countedPage(db, cappedCount(db, done, APPROVAL_LIST_COUNT_CAP), page, DONE_ORDER, q);
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
