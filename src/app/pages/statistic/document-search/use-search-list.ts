import { useCallback, useEffect, useRef } from 'react';
import { usePagedList } from '../../../../renderer/widgets/use-paged-list';
import { useRendererHost } from '../../../../renderer/host';

interface Collection<T> { 'hydra:member': T[] }

/**
 * An infinite list: page after page of `path` with `params` (their page size) until a short or
 * empty page; new params start again from page 1; nothing is asked while `enabled` is false. `sentinel` loads the next page when scrolled into view.
 */
export function useSearchList<T extends { id: number }>(path: string, params: Record<string, unknown>, enabled = true) {
  const host = useRendererHost();
  const key = `${path}?${JSON.stringify(params)}`;
  const fetchPage = useCallback(
    (page: number) => host.api.get<Collection<T>>(path, { ...params, page }).then((r) => {
      const rows = r['hydra:member'] ?? [];
      // A page shorter than the page size is the last: no "Load more" under a complete list.
      const perPage = Number(params.itemsPerPage ?? 0);
      return { rows, last: perPage > 0 && rows.length < perPage };
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key carries path and params
    [host, key],
  );
  const list = usePagedList<T>(fetchPage, key, { keyOf: (item) => item.id, enabled });
  const sentinel = useRef<HTMLDivElement>(null);
  const { loadMore } = list;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadMore());
    observer.observe(node);
    return () => observer.disconnect();
  }, [loadMore]);
  return { ...list, sentinel };
}
