import { useEffect, useMemo, useRef } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useRendererHost } from '../../../../renderer/host';
import { flattenPages, hydraListOptions, listControls } from '../../../api/queries';
import type { QueryParams } from '../../../lib/query-string';

/**
 * An infinite list as a query under the pages of `path` with `params` (their resource key): page
 * after page of `path` with `params` (their page size) until a short or empty page; new params
 * start again from page 1; nothing is asked while `enabled` is false. `sentinel` loads the next
 * page when scrolled into view. A write invalidates the key's resource and the list follows.
 * `T`: a row (the wire's member type); `Q`: the route's wire query type, which `params` are checked against.
 */
export function useSearchList<T extends { id: number }, Q extends { itemsPerPage?: number }>(path: string, params: QueryParams<Q>, enabled = true) {
  const host = useRendererHost();
  const query = useInfiniteQuery(hydraListOptions<T, Q>(host.api, path, params, { perPage: Number(params.itemsPerPage ?? 0), enabled }));
  const items = useMemo(() => flattenPages(query.data?.pages, (row) => row, (row) => row.id), [query.data]);
  const controls = listControls(query);
  const loading = enabled && controls.loading;
  const done = controls.failed || !enabled || controls.ended;
  const loadMoreRef = useRef(() => undefined as void);
  loadMoreRef.current = controls.loadMore;
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadMoreRef.current());
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return { items, loading, done, failed: controls.failed, loadMore: () => loadMoreRef.current(), reload: controls.reload, sentinel };
}
