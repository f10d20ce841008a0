import { useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useRendererHost } from '../../../renderer/host';
import { flattenPages, hydraListOptions, listControls } from '../../api/queries';
import { LIST_PAGE_SIZE, listRequest, type ListFilter, type ListSort } from './list-query';
import { toListEntry, type ListEntry } from './list-entry';
import type { ApprovalItem, BufferItem, ListKind } from './types';
import type { ListQuery } from '../../../wire/list-query';

export interface ApprovalListState {
  entries: ListEntry[];
  loading: boolean;
  /** An empty page arrived: nothing more to load. */
  ended: boolean;
  failed: boolean;
  loadMore(): void;
  /** Fetches the list again from page 1 (Home shown again). */
  reload(): void;
}

/**
 * One approval list, five per page, as an infinite query keyed by kind, search, sort and filter
 * (spec 000 §4 "Infinite lists"). An action on a document invalidates the document resources (`invalidateDocuments`), so the
 * list is fetched again without being told.
 */
export function useApprovalList(kind: ListKind, search: string, sort: ListSort, filter: ListFilter, maxPages = Infinity): ApprovalListState {
  const host = useRendererHost();
  const { path, params } = listRequest(kind, 1, search, sort, filter);
  const { page: _first, ...fixed } = params;
  const query = useInfiniteQuery(hydraListOptions<ApprovalItem | BufferItem, ListQuery>(host.api, path, fixed, { perPage: LIST_PAGE_SIZE, maxPages }));
  const entries = useMemo(() => flattenPages(query.data?.pages, (m) => toListEntry(kind, m), (entry) => entry.key), [query.data, kind]);
  return { entries, ...listControls(query) };
}
