import type { SelectQueryBuilder } from 'kysely';
import { sql } from 'kysely';
import type { Collection } from '../../src/wire/common';

/** Query parameters of a paged collection (1-based page). */
export interface PageQuery {
  page: number;
  itemsPerPage: number;
}

export type { Collection };

/**
 * Runs a paged select: `count` is the filtered query before selecting columns, `rows` the same
 * query with its columns and order. Both run on the same filters so the total always matches.
 */
export async function paginate<DB, TB extends keyof DB, O, R>(
  filtered: SelectQueryBuilder<DB, TB, O>,
  select: (query: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, R>,
  { page, itemsPerPage }: PageQuery,
): Promise<Collection<R>> {
  const { total } = await filtered.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow() as unknown as { total: number };
  const rows = await select(filtered).limit(itemsPerPage).offset((page - 1) * itemsPerPage).execute();
  return { 'hydra:member': rows as R[], 'hydra:totalItems': total };
}

/**
 * A small list as a collection: the whole list, or one page of it when paging parameters are
 * given (infinite lists ask page after page until an empty one; every page must be a new one).
 */
export function collectionOf<T>(rows: T[], paging?: Partial<PageQuery>): Collection<T> {
  const page = paging?.page ?? 1;
  const size = paging?.itemsPerPage ?? rows.length;
  return { 'hydra:member': rows.slice((page - 1) * size, page * size), 'hydra:totalItems': rows.length };
}

/** Escapes `%`, `_` and `\` so a user's search text matches literally inside ILIKE. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
