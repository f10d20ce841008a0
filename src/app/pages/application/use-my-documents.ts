import { useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useRendererHost } from '../../../renderer/host';
import { flattenPages, hydraListOptions, listControls } from '../../api/queries';
import type { BufferItem } from '../../../wire/workflow';
import type { ListQuery } from '../../../wire/list-query';
import type { QueryParams } from '../../lib/query-string';

/** Page size of the View data list (spec 001 §9). */
export const VIEW_DATA_PAGE_SIZE = 5;

/** A document of `/my-buffers`: a buffer item (the wire shape, src/wire/workflow.ts). */
export type MyDocument = BufferItem;

export type SortField = 'code' | 'createdAt' | 'updatedAt';
export type SortOrder = 'asc' | 'desc';

export interface ListState {
  items: MyDocument[];
  loading: boolean;
  /** An empty page arrived: nothing more to load. */
  ended: boolean;
  failed: boolean;
  loadMore(): void;
  /** Fetches the list again from page 1. */
  reload(): void;
}

/**
 * The user's own documents of one module, `itemsPerPage` 5, as an infinite query keyed by
 * module, search and sort: it advances after each non-empty page and stops on an empty one
 * (spec 000 §4 "Infinite lists"), with the server's keyset cursor when it gives one. A filing
 * or an action on a document invalidates the document resources (`/my-buffers` among them), so the list is fetched again.
 */
export function useMyDocuments(moduleCode: string, search: string, sort: SortField, order: SortOrder): ListState {
  const host = useRendererHost();
  const params: QueryParams<ListQuery> = { itemsPerPage: VIEW_DATA_PAGE_SIZE, 'module.code': moduleCode, [`sort[${sort}]`]: order };
  if (search) params.search = search;
  // perPage 0: a short page does not end the list here; only an empty one does.
  const query = useInfiniteQuery(hydraListOptions<MyDocument, ListQuery>(host.api, '/my-buffers', params, { perPage: 0 }));
  const items = useMemo(() => flattenPages(query.data?.pages, (doc) => doc, (doc) => doc.id), [query.data]);
  return { items, ...listControls(query) };
}
