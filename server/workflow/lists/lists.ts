import type { ApprovalItem } from '../../../src/wire/workflow';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { DefinitionSet, Lang } from '../../../src/engine';
import type { Database } from '../../db/database';
import type { Collection } from '../../lib/paging';
import { documentItems, documentItemsWithSteps, type BufferItem } from './document-items';
import { donePage, inboxPage } from './inbox-page';
import { afterCursor, decodeCursor, keyColumns, nextCursor, orderByKeys, type KeyTerm } from '../../lib/keyset';
import { listConditions, listOrder, listSearchPaths, URGENT_FIRST, URGENT_OPEN_FIRST } from './list-query';
import { APPROVAL_LIST_COUNT_CAP, type ListQuery } from '../../../src/wire/list-query';
import { DocumentStatus, StepStatus } from '../core/status';
import { actsForAnyone, deputyInEffect } from '../../repositories/deputy-repository';
import { cappedCount } from '../../repositories/keyset-paginate';
import { deputyDay, deputyPendingStep } from '../people/deputies';

export type { ApprovalItem };

const all = (conditions: Expression<SqlBool>[]) => (conditions.length ? sql<SqlBool>`(${sql.join(conditions, sql` and `)})` : sql<SqlBool>`true`);

const isTrue = (value: string | undefined) => value === '1' || value === 'true';

/**
 * A page of a list: the spec's collection, plus `nextCursor` when the page was full — pass it
 * as `cursor` for the page after it (keyset paging; `page` offsets keep working as the spec has them).
 */
const withNext = <T>(collection: Collection<T>, next: string | null): Collection<T> =>
  (next ? { ...collection, nextCursor: next } : collection);

/**
 * `GET /api/approvals/my`: what waits for the user — steps to decide (active, pending, on a
 * document on process, the user a candidate or standing in for one) and documents sent back to
 * the user as their requester (`awaiting: 'requester'`, item id = the step a resubmit activates) —
 * or with `isDone` the user's last handled step per document.
 */
export async function myApprovals(db: Kysely<Database>, definitions: DefinitionSet, userId: number, q: ListQuery, lang: Lang): Promise<Collection<ApprovalItem>> {
  const done = isTrue(q.isDone);
  // A deputy in effect today also waits on their principals' steps: not in the inbox index, so the general query.
  const day = deputyDay();
  const deputy = !done && await actsForAnyone(db, userId, day);
  const { total, rows, next } = (done ? await donePage(db, userId, q) : deputy ? null : await inboxPage(db, userId, q)) || await generalPage();
  async function generalPage() {
    let query = db.selectFrom('approvals')
      .innerJoin('buffers', 'buffers.id', 'approvals.buffer_id')
      .innerJoin('users as requester', 'requester.id', 'buffers.requester_id')
      .where(all(listConditions(q, listSearchPaths(definitions.modules))));
    query = done
      ? query.where('approvals.approver_id', '=', userId)
        .where('approvals.status', 'in', [StepStatus.DONE, StepStatus.REJECTED])
        // One entry per document: the user's latest handled step of it (kept by triggers, migration 0820).
        .where('approvals.id', 'in', (eb) => eb.selectFrom('approval_done as d').select('d.approval_id').where('d.user_id', '=', userId))
      : query.where((eb) => {
        // The user's open candidacies (index approval_candidates_open_idx, kept by triggers): the
        // cost follows the user's pending steps, not every step they were ever a candidate of.
        const own = eb('approvals.id', 'in', eb.selectFrom('approval_candidates as c').select('c.approval_id')
          .where('c.user_id', '=', userId).where('c.inbox_open', '=', true));
        const waiting = eb.and([
          eb('approvals.active', '=', true), eb('approvals.status', '=', StepStatus.PENDING), eb('buffers.status', '=', DocumentStatus.ON_PROCESS),
          // …and the steps pending for a principal the user stands in for today (never the user's own documents).
          deputy ? eb.or([own, deputyPendingStep(userId, day)]) : own,
        ]);
        // The documents sent back to the user as their requester (kept by triggers, migration 0970):
        // the step a resubmit activates stands for the document.
        const sentBack = eb('approvals.id', 'in', eb.selectFrom('requester_tasks as r').select('r.approval_id').where('r.user_id', '=', userId));
        return eb.or([waiting, sentBack]);
      });
    // Pending: urgent documents first (issue #33 item 8), then the chosen sort; the cursor carries all of it.
    const terms: KeyTerm[] = [...(done ? [] : [URGENT_FIRST]), ...listOrder(q), { key: 'step', column: 'approvals.id', direction: 'desc', type: 'integer' }];
    let page = query.select(['approvals.id', 'approvals.buffer_id', ...keyColumns(terms)] as never[]) as unknown as typeof query;
    if (q.cursor) page = page.where(afterCursor(terms, decodeCursor(terms, q.cursor)));
    page = orderByKeys(page, terms);
    // Count and page are independent: both at once on the pool.
    // The count is capped (APPROVAL_LIST_COUNT_CAP): a busy approver has tens of thousands handled, or waiting.
    const counted = cappedCount(db, query, APPROVAL_LIST_COUNT_CAP);
    const [{ total: count }, found] = await Promise.all([
      counted.executeTakeFirstOrThrow(),
      page.limit(q.itemsPerPage).offset(q.cursor ? 0 : (q.page - 1) * q.itemsPerPage).execute() as unknown as Promise<Array<Record<string, unknown>>>,
    ]);
    return { total: count, rows: found as Array<{ id: number; buffer_id: number }>, next: nextCursor(terms, found, q.itemsPerPage) };
  }
  if (rows.length === 0) return { 'hydra:member': [], 'hydra:totalItems': total };

  // The documents with all their steps: the page's own steps are among them (no further read).
  const { items, steps: allSteps } = await documentItemsWithSteps(db, definitions, [...new Set(rows.map((r) => r.buffer_id))], lang);
  const documents = new Map(items.map((b) => [b.id, b]));
  const steps = new Map(allSteps.map((s) => [s.id, s]));
  const principals = deputy ? await principalsOnPage(db, userId, rows.map((r) => r.id), day) : new Map<number, { id: number; name: string }>();
  const members = rows.map((row): ApprovalItem => {
    const step = steps.get(row.id)!;
    const doc = documents.get(row.buffer_id)!;
    return {
      id: step.id, code: doc.code, status: step.status, active: step.active,
      approved_at: step.approved_at ? new Date(step.approved_at).toISOString() : null,
      master_process: {
        id: step.master_process_id, optional: step.optional, module: { code: step.module_code },
        process: { id: step.process_id, code: step.process_code, name: step.process_name },
        selected_roles: step.approver_role ? [step.approver_role] : [],
      },
      buffer: doc,
      // A pending row whose step is not active is a document sent back to the user, its requester.
      ...(done ? {} : { on_behalf_of: principals.get(step.id) ?? null, awaiting: step.active ? 'approver' : 'requester' }),
    };
  });
  return withNext({ 'hydra:member': members, 'hydra:totalItems': total }, next);
}

/**
 * For the pending steps on a deputy's page that wait for a principal rather than for the user:
 * the principal (the first by name when the user stands in for several on one step).
 */
async function principalsOnPage(db: Kysely<Database>, userId: number, stepIds: number[], day: string): Promise<Map<number, { id: number; name: string }>> {
  const rows = await db.selectFrom('approvals')
    .innerJoin('buffers', 'buffers.id', 'approvals.buffer_id')
    .innerJoin('approval_candidates as c', 'c.approval_id', 'approvals.id')
    .innerJoin('users as p', 'p.id', 'c.user_id')
    .innerJoin('deputies as d', 'd.principal_id', 'c.user_id')
    .select(['approvals.id', 'p.id as principal_id', 'p.name as principal_name'])
    .where('approvals.id', 'in', stepIds)
    .where('c.inbox_open', '=', true).where('p.disabled', '=', false)
    .where('d.deputy_id', '=', userId)
    .where(deputyInEffect('d', day, sql<string>`buffers.module_code`))
    // Steps the user is a candidate of are theirs, not a principal's.
    .where((eb) => eb.not(eb.exists(eb.selectFrom('approval_candidates as own').select('own.user_id')
      .whereRef('own.approval_id', '=', 'approvals.id').where('own.user_id', '=', userId))))
    .orderBy('p.name').orderBy('p.id')
    .execute();
  const map = new Map<number, { id: number; name: string }>();
  for (const r of rows) if (!map.has(r.id)) map.set(r.id, { id: r.principal_id, name: r.principal_name });
  return map;
}

/**
 * Documents of one relation to the user, filtered, sorted and paged, as `BufferItem`s (the wire shape); `first`
 * terms lead the chosen sort (the requester's own list: urgent documents on process first).
 */
async function documentList(
  db: Kysely<Database>, definitions: DefinitionSet, relation: Expression<SqlBool>, q: ListQuery, lang: Lang, countCap?: number, first: KeyTerm[] = [],
): Promise<Collection<BufferItem>> {
  const query = db.selectFrom('buffers')
    .innerJoin('users as requester', 'requester.id', 'buffers.requester_id')
    .where(relation)
    .where(all(listConditions(q, listSearchPaths(definitions.modules))));
  const { total } = countCap
    ? await cappedCount(db, query, countCap).executeTakeFirstOrThrow()
    : await query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const terms = [...first, ...listOrder(q)];
  let page = query.select(['buffers.id', ...keyColumns(terms)] as never[]) as unknown as typeof query;
  // Keyset: after the cursor, in the same order, no offset (the index range starts there).
  if (q.cursor) page = page.where(afterCursor(terms, decodeCursor(terms, q.cursor)));
  page = orderByKeys(page, terms);
  const rows = await page.limit(q.itemsPerPage).offset(q.cursor ? 0 : (q.page - 1) * q.itemsPerPage).execute() as unknown as Array<Record<string, unknown>>;
  return withNext({ 'hydra:member': await documentItems(db, definitions, rows.map((r) => r.id as number), lang), 'hydra:totalItems': total }, nextCursor(terms, rows, q.itemsPerPage));
}

/** `GET /api/my-buffers`: the documents the user filed, urgent ones still on process first. */
export function myDocuments(db: Kysely<Database>, definitions: DefinitionSet, userId: number, q: ListQuery, lang: Lang) {
  return documentList(db, definitions, sql<SqlBool>`buffers.requester_id = ${userId}`, q, lang, undefined, [URGENT_OPEN_FIRST]);
}

/**
 * `hydra:totalItems` of the forwarded list counts at most this many: the GIN index finds the
 * documents, but counting them exactly reads every one (a finance user may be forwarded a tenth
 * of all documents). Pages beyond it stay reachable by filtering; docs/PERFORMANCE.md.
 */
export const FORWARDED_COUNT_CAP = 1000;

/** `GET /api/buffer/forwarded`: the documents forwarded to the user (`user_finances`). */
export function forwardedDocuments(db: Kysely<Database>, definitions: DefinitionSet, userId: number, q: ListQuery, lang: Lang) {
  return documentList(db, definitions, sql<SqlBool>`buffers.user_finances @> ${JSON.stringify([userId])}::jsonb`, q, lang, FORWARDED_COUNT_CAP);
}
