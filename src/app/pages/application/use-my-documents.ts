import { useCallback, useEffect, useRef, useState } from 'react';
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
 * sort or `refreshKey`; `loadMore` asks for the next page after a non-empty one and stops for
 * good on an empty page (spec 000 §4 "Infinite lists"). Answers of an outdated query are dropped.
 */
export function useMyDocuments(moduleCode: string, search: string, sort: SortField, order: SortOrder, refreshKey: number): ListState {
  const { api } = useSession();
  const [state, setState] = useState<{ items: MyDocument[]; loading: boolean; ended: boolean; failed: boolean; page: number }>({
    items: [], loading: true, ended: false, failed: false, page: 0,
  });
  const generation = useRef(0);
  const busy = useRef(false);

  const fetchPage = useCallback(
    async (page: number, gen: number) => {
      busy.current = true;
      setState((s) => ({ ...s, loading: true, failed: false }));
      try {
        const params: Record<string, unknown> = { page, itemsPerPage: VIEW_DATA_PAGE_SIZE, 'module.code': moduleCode, [`sort[${sort}]`]: order };
        if (search) params.search = search;
        const members = (await api.get<Collection<MyDocument>>('/my-buffers', { params })).data['hydra:member'];
        if (gen !== generation.current) return;
        setState((s) => ({
          items: page === 1 ? members : [...s.items, ...members.filter((m) => !s.items.some((i) => i.id === m.id))],
          loading: false, ended: members.length === 0, failed: false, page,
        }));
      } catch {
        if (gen === generation.current) setState((s) => ({ ...s, loading: false, failed: true }));
      } finally {
        if (gen === generation.current) busy.current = false;
      }
    },
    [api, moduleCode, search, sort, order],
  );

  useEffect(() => {
    const gen = ++generation.current;
    setState({ items: [], loading: true, ended: false, failed: false, page: 0 });
    void fetchPage(1, gen);
  }, [fetchPage, refreshKey]);

  const page = state.page;
  const stop = state.ended || state.failed;
  const loadMore = useCallback(() => {
    if (busy.current || stop || page === 0) return;
    void fetchPage(page + 1, generation.current);
  }, [fetchPage, page, stop]);

  return { items: state.items, loading: state.loading, ended: state.ended, failed: state.failed, loadMore };
}
