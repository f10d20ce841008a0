import { useMemo } from 'react';
import { queryOptions, useInfiniteQuery, useQueries, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { RendererHost } from './host';
import { resourceKey, type Params } from './resource-key';
import type { UserDetail } from '../wire/users';

/**
 * The renderer's server state (issue 18 item 4): every read a widget or card makes goes through
 * the host's TanStack Query cache (the app's QueryClientProvider, or a test's), with the host's
 * small fetch client (`host.api`) as the query function. Keys are the resource keys of
 * ./resource-key.ts, the scheme the app's pages use too: `/companies/3/departments?page=1` is
 * `['companies', '3', 'departments', {page: 1}]`, so a write (the app's or a widget's) invalidates
 * a whole resource with one prefix (`['companies']`), whoever cached it.
 */
export { resourceKey, type Params };

/** How long a looked-up record (a name behind an id, a short lookup list) is used without asking again. */
export const LOOKUP_STALE_MS = 5 * 60_000;

/** A GET through the host as query options (for `useQuery`, `useQueries` and `queryClient.fetchQuery`). */
export function getQuery<T>(host: RendererHost, path: string, params?: Params, staleTime = LOOKUP_STALE_MS) {
  return queryOptions({
    queryKey: resourceKey(path, params),
    queryFn: () => host.api.get<T>(path, params),
    staleTime,
  });
}

/** `GET path?params` (undefined while loading, on failure, or when `path` is null: nothing is asked). */
export function useResource<T>(host: RendererHost, path: string | null, params?: Params): T | undefined {
  const { data } = useQuery({ ...getQuery<T>(host, path ?? '', params), enabled: path !== null });
  return path === null ? undefined : data;
}

/**
 * One record per path (`/users/5`, `/users/7`…), each its own cached query, in the order of
 * `paths`; undefined for a path that is null, still loading or failed (shown as "…").
 */
export function useResources<T>(host: RendererHost, paths: Array<string | null>): Array<T | undefined> {
  return useQueries({
    queries: paths.map((path) => ({ ...getQuery<T>(host, path ?? '', undefined), enabled: path !== null })),
    combine: (results) => results.map((result) => result.data),
  });
}

/** Users by id (`GET /users/{id}`: the wire's UserDetail, one cached query each); ids that cannot be read are left out. */
export function useUsersById(host: RendererHost, ids: number[]): Map<number, UserDetail> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const users = useResources<UserDetail>(host, unique.map((id) => `/users/${id}`));
  return new Map(users.filter((u): u is UserDetail => u !== undefined && u !== null && typeof u === 'object').map((u) => [Number(u.id), u]));
}

/** A page as a list endpoint answers it: the rows, the server's keyset cursor, and whether nothing follows. */
export interface FetchedPage<T> {
  rows: T[];
  nextCursor?: string | null;
  /** The fetch knows nothing follows (a short page, the total reached): no "Load more" under a complete list. */
  last?: boolean;
}

/** The page a list asks for next: its number, and the server's cursor when it gave one (keyset paging). */
export interface PageParam {
  page: number;
  cursor?: string;
}

/** What a paged (infinite) list shows and how it asks for more. */
export interface PagedList<T> {
  items: T[];
  /** A page is being fetched. */
  loading: boolean;
  /** Nothing more to ask for: the last page came back empty or `last`, `maxPages` were shown, or a fetch failed. */
  done: boolean;
  /** The last fetch failed (the host already showed the server's message). */
  failed: boolean;
  /** Fetch the next page unless one is in flight or the list is done. */
  loadMore(): void;
  /** Start again from page 1 (after an action changed what the list holds). */
  reload(): void;
}

export interface PagedQueryOptions<T> {
  /** Rows of a later page whose key is already listed are dropped (lists that shift while paging). */
  keyOf?(item: T): string | number;
  /** Stop after this many pages (a compact list shows only the first). */
  maxPages?: number;
  enabled?: boolean;
}

/**
 * An infinite list as the spec pages it (`useInfiniteQuery`): one page after each non-empty
 * result, stopping on an empty one (or one the fetch marks `last`); with the server's
 * `nextCursor` passed back as the next page's cursor. `key` is the list's resource key (path
 * and parameters without the page); a new key (search text, filters) is a new list
 * from page 1, and a slow page for an old key never lands in the new one. The pages are the
 * key's `'pages'` view (see ./resource-key.ts).
 */
export function usePagedQuery<T>(key: QueryKey, fetchPage: (param: PageParam) => Promise<FetchedPage<T>>, options: PagedQueryOptions<T> = {}): PagedList<T> {
  const { enabled = true, maxPages = Infinity, keyOf } = options;
  const queryClient = useQueryClient();
  const queryKey = [...key, 'pages'];
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: { page: 1 } as PageParam,
    getNextPageParam: (last: FetchedPage<T>, _pages: Array<FetchedPage<T>>, param: PageParam): PageParam | undefined => {
      if (last.rows.length === 0 || last.last === true || param.page >= maxPages) return undefined;
      return { page: param.page + 1, ...(last.nextCursor ? { cursor: last.nextCursor } : {}) };
    },
    enabled,
  });
  const pages = query.data?.pages;
  const items = useMemo(() => {
    const rows = (pages ?? []).flatMap((page) => page.rows);
    if (!keyOf) return rows;
    const seen = new Set<string | number>();
    return rows.filter((row) => {
      const id = keyOf(row);
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
  }, [pages, keyOf]);
  const failed = query.isError;
  const loading = enabled && (query.isPending || query.isFetchingNextPage);
  const done = !enabled || failed || (query.isSuccess && !query.hasNextPage);
  return {
    items,
    loading,
    done,
    failed,
    loadMore: () => {
      if (query.hasNextPage && !query.isFetching) void query.fetchNextPage();
    },
    reload: () => void queryClient.resetQueries({ queryKey, exact: true }),
  };
}
