import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The web side's one query-key scheme (issue 18 item 4): the renderer's widgets and the app's
 * pages key every read by the API path it asks, so one resource is one cache entry whoever reads
 * it, and a write reaches every copy with one prefix.
 *
 * - `resourceKey('/companies/3/departments', { name: 'Sales' })` is
 *   `['companies', '3', 'departments', { name: 'Sales' }]` and holds exactly what that `GET`
 *   answers; a reader that needs another shape maps it with `select`, so it shares the entry.
 * - A value computed from the answer (the pages of an infinite list, a document with the
 *   definition it was filed under, a count) names its view after the parameters —
 *   `resourceKey(path, params, 'pages')` — a separate entry under the same prefix.
 * - `invalidateResources(client, ['/companies'])` after a write marks every query under those
 *   paths stale, the renderer's and the app's alike (active ones are fetched again).
 *
 * The language is not part of a key: a language switch fetches every query again (the session
 * provider), in the language the client then sends.
 */
export type Params = Record<string, unknown>;

/** The path's segments, widest first (`/companies/3/departments?x=1` → `['companies', '3', 'departments']`). */
export function resourcePath(path: string): string[] {
  return path.split('?')[0].split('/').filter(Boolean).map(decodeURIComponent);
}

/** The key of `GET path?params` (with `view`: a value computed from that answer). */
export function resourceKey(path: string, params?: Params, view?: string): QueryKey {
  const key: unknown[] = [...resourcePath(path), params ?? {}];
  return view === undefined ? key : [...key, view];
}

/** After a write: every query under each of `paths` (any parameters, any view) is stale. */
export async function invalidateResources(client: QueryClient, paths: readonly string[]): Promise<void> {
  await Promise.all(paths.map((path) => client.invalidateQueries({ queryKey: resourcePath(path) })));
}
