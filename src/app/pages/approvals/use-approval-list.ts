import { useCallback } from 'react';
import { useRendererHost } from '../../../renderer/host';
import { usePagedList } from '../../../renderer/widgets/use-paged-list';
import { listRequest, type ListFilter, type ListSort } from './list-query';
import { toListEntry, type ListEntry } from './list-entry';
import type { ApprovalItem, BufferItem, Collection, ListKind } from './types';

export interface ApprovalListState {
  entries: ListEntry[];
  loading: boolean;
  /** An empty page arrived: nothing more to load. */
  ended: boolean;
  failed: boolean;
  loadMore(): void;
  /** Reloads from page 1 (after an action on a document). */
  reload(): void;
}

/**
 * One approval list, five per page: page 1 on every change of search, sort or filter (and on
 * `reload`); then the shared infinite paging (spec 000 §4 "Infinite lists").
 */
export function useApprovalList(kind: ListKind, search: string, sort: ListSort, filter: ListFilter, maxPages = Infinity): ApprovalListState {
  const host = useRendererHost();
  const fetchPage = useCallback(async (page: number, cursor?: string) => {
    const { path, params } = listRequest(kind, page, search, sort, filter);
    // The server's keyset cursor of the page before, when it gave one (then `page` is not used).
    const reply = await host.api.get<Collection<ApprovalItem | BufferItem> & { nextCursor?: string }>(path, cursor ? { ...params, cursor } : params);
    const rows = (reply['hydra:member'] ?? []).map((m) => toListEntry(kind, m));
    const perPage = Number((params as Record<string, unknown>).itemsPerPage ?? 0);
    const total = reply['hydra:totalItems'];
    // A short page, or every counted item shown: the list is complete.
    const last = (perPage > 0 && rows.length < perPage) || (typeof total === 'number' && (page - 1) * perPage + rows.length >= total);
    return { rows, nextCursor: reply.nextCursor, last };
  }, [host, kind, search, sort, filter]);
  const list = usePagedList(fetchPage, JSON.stringify([kind, search, sort, filter]), { keyOf: (entry) => entry.key, maxPages });
  return { entries: list.items, loading: list.loading, ended: list.done && !list.failed, failed: list.failed, loadMore: list.loadMore, reload: list.reload };
}
