import { expect } from 'vitest';
import type { Getter } from './workflow-fixtures';

/** A list page as the keyset-paged routes answer it. */
export type KeysetPage<Member = { id: number }> = { 'hydra:member': Member[]; 'hydra:totalItems': number; nextCursor?: string };

/** GET `url` as `user`, expecting 200, as a list page. */
export async function okPage<P>(get: Getter, user: string, url: string): Promise<P> {
  const response = await get(user, url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as P;
}

/**
 * Walks a list by cursor (`size` per page, at most `maxPages`), calling `between` after each page;
 * every id seen, in order. With `fullPages`, every page that hands on a cursor must be full.
 */
export async function walkByCursor(get: Getter, user: string, url: string, size: number, options: {
  between?: (pageNo: number) => Promise<void>; maxPages?: number; fullPages?: boolean;
} = {}): Promise<number[]> {
  const { between = async () => {}, maxPages = 50, fullPages = true } = options;
  const seen: number[] = [];
  let cursor: string | undefined;
  for (let n = 1; n <= maxPages; n++) {
    const current = await okPage<KeysetPage>(get, user, `${url}${url.includes('?') ? '&' : '?'}itemsPerPage=${size}${cursor ? `&cursor=${cursor}` : ''}`);
    seen.push(...current['hydra:member'].map((m) => m.id));
    if (!current.nextCursor) break;
    if (fullPages) expect(current['hydra:member']).toHaveLength(size);
    cursor = current.nextCursor;
    await between(n);
  }
  return seen;
}
