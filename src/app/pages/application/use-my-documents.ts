import { useCallback } from 'react';
import { usePagedList } from '../../../renderer/widgets/use-paged-list';
import { useSession } from '../../session';
import type { Collection } from './module-definitions';

/** Page size of the View data list (spec 001 §9). */
export const VIEW_DATA_PAGE_SIZE = 5;

/** A document of `/my-buffers` as the list uses it. */
export interface MyDocument {
  id: number;
  code: string;
  status: number;
  module: { code: string };
  requester: { id: number; name: string };
  data: Record<string, unknown>;
  waiting_for?: string | null;
  definition_version?: string;
}

export type SortField = 'code' | 'createdAt' | 'updatedAt';
export type SortOrder = 'asc' | 'desc';

export interface ListState {
  items: MyDocument[];
  loading: boolean;
  /** An empty page arrived: nothing more to load. */
  ended: boolean;
  failed: boolean;
  loadMore(): void;
}

/**
 * The user's own documents of one module, `itemsPerPage` 5: page 1 on every change of search,
 * sort or `refreshKey`; then the shared infinite paging (spec 000 §4 "Infinite lists").
 */
export function useMyDocuments(moduleCode: string, search: string, sort: SortField, order: SortOrder, refreshKey: number): ListState {
  const { api } = useSession();
  const fetchPage = useCallback(async (page: number, cursor?: string) => {
    const params: Record<string, unknown> = { page, itemsPerPage: VIEW_DATA_PAGE_SIZE, 'module.code': moduleCode, [`sort[${sort}]`]: order };
    if (search) params.search = search;
    // Keyset: the server's cursor of the page before, when it gave one (then `page` is not used).
    if (cursor) params.cursor = cursor;
    const reply = (await api.get<Collection<MyDocument> & { nextCursor?: string }>('/my-buffers', { params })).data;
    return { rows: reply['hydra:member'], nextCursor: reply.nextCursor };
  }, [api, moduleCode, search, sort, order]);
  const list = usePagedList(fetchPage, JSON.stringify([moduleCode, search, sort, order, refreshKey]), { keyOf: (doc) => doc.id });
  return { items: list.items, loading: list.loading, ended: list.done && !list.failed, failed: list.failed, loadMore: list.loadMore };
}
