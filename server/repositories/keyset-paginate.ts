import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/database';
import { afterCursor, decodeCursor, keyColumns, nextCursor, orderByKeys, type KeyTerm } from '../lib/keyset';
import type { Collection, PageQuery } from '../lib/paging';

/** A page query that may continue by keyset: `cursor` is the `nextCursor` of the page before. */
export interface CursorPageQuery extends PageQuery {
  cursor?: string;
}

/**
 * `hydra:totalItems` of a picker list counts at most this many: a picker shows the first pages
 * and is narrowed by its search, and counting every match (18,727 contracts at 100k documents)
 * was most of its cost. Pages past it stay reachable by `nextCursor`.
 */
export const PICKER_COUNT_CAP = 1000;

/**
 * A page of a picker list by keyset (same conventions as the approval lists,
 * server/workflow/keyset.ts): with `cursor` the rows strictly after it in `terms` order (no
 * offset; rows inserted or removed between two pages neither repeat nor get skipped), else the
 * `page` offset as before; `nextCursor` when the page was full. `filtered` is the query with its
 * conditions and no columns; `select` adds the columns. The count, capped at `countCap`, runs at
 * the same time as the page. A cursor of another order is answered 400 (InvalidCursorError).
 */
/**
 * `count(*)` over at most `cap` rows of `query` (its conditions; its columns are not read): a
 * count that reads at most `cap` rows, for lists whose total may run to tens of thousands.
 */
export function cappedCount(db: Kysely<Database>, query: SelectQueryBuilder<any, any, any>, cap: number) {
  return db.selectFrom(query.select(sql`1`.as('one')).limit(cap).as('capped')).select(sql<number>`count(*)::int`.as('total'));
}

export async function keysetPaginate<TB extends keyof Database, O, R>(
  db: Kysely<Database>,
  filtered: SelectQueryBuilder<Database, TB, O>,
  select: (query: SelectQueryBuilder<Database, TB, O>) => SelectQueryBuilder<Database, TB, R>,
  terms: KeyTerm[],
  q: CursorPageQuery,
  countCap = PICKER_COUNT_CAP,
): Promise<Collection<R> & { nextCursor?: string }> {
  let page = select(filtered).select(keyColumns(terms) as never[]) as SelectQueryBuilder<Database, TB, R>;
  if (q.cursor) page = page.where(afterCursor(terms, decodeCursor(terms, q.cursor)));
  page = orderByKeys(page, terms);
  const [rows, counted] = await Promise.all([
    page.limit(q.itemsPerPage).offset(q.cursor ? 0 : (q.page - 1) * q.itemsPerPage).execute() as Promise<Array<Record<string, unknown>>>,
    cappedCount(db, filtered, countCap).executeTakeFirstOrThrow(),
  ]);
  const next = nextCursor(terms, rows, q.itemsPerPage);
  const members = rows.map((row) => {
    const member = { ...row };
    terms.forEach((_, i) => delete member[`k${i}`]);
    return member as R;
  });
  return { 'hydra:member': members, 'hydra:totalItems': counted.total, ...(next ? { nextCursor: next } : {}) };
}
