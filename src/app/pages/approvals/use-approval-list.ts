import { useCallback, useEffect, useRef, useState } from 'react';
import { useRendererHost } from '../../../renderer/host';
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

interface State {
  entries: ListEntry[];
  loading: boolean;
  ended: boolean;
  failed: boolean;
  page: number;
}

const START: State = { entries: [], loading: true, ended: false, failed: false, page: 0 };

/**
 * One approval list, five per page: page 1 on every change of search, sort or filter (and on
 * `reload`); `loadMore` asks for the next page after a non-empty one and stops on an empty
 * page (spec 000 §4 "Infinite lists"). Answers of an outdated query are dropped.
 */
export function useApprovalList(kind: ListKind, search: string, sort: ListSort, filter: ListFilter, maxPages = Infinity): ApprovalListState {
  const host = useRendererHost();
  const [state, setState] = useState<State>(START);
  const [generationKey, setGenerationKey] = useState(0);
  const generation = useRef(0);
  const busy = useRef(false);

  const fetchPage = useCallback(
    async (page: number, gen: number) => {
      busy.current = true;
      setState((s) => ({ ...s, loading: true, failed: false }));
      try {
        const { path, params } = listRequest(kind, page, search, sort, filter);
        const reply = await host.api.get<Collection<ApprovalItem | BufferItem>>(path, params);
        if (gen !== generation.current) return;
        const members = (reply['hydra:member'] ?? []).map((m) => toListEntry(kind, m));
        setState((s) => {
          const known = new Set(s.entries.map((e) => e.key));
          return {
            entries: page === 1 ? members : [...s.entries, ...members.filter((m) => !known.has(m.key))],
            loading: false,
            ended: members.length === 0 || page >= maxPages,
            failed: false,
            page,
          };
        });
      } catch {
        if (gen === generation.current) setState((s) => ({ ...s, loading: false, failed: true }));
      } finally {
        if (gen === generation.current) busy.current = false;
      }
    },
    [host, kind, search, sort, filter, maxPages],
  );

  useEffect(() => {
    const gen = ++generation.current;
    busy.current = false;
    setState(START);
    void fetchPage(1, gen);
  }, [fetchPage, generationKey]);

  const { page, ended, failed } = state;
  const loadMore = useCallback(() => {
    if (busy.current || ended || failed || page === 0) return;
    void fetchPage(page + 1, generation.current);
  }, [fetchPage, page, ended, failed]);
  const reload = useCallback(() => setGenerationKey((n) => n + 1), []);

  return { entries: state.entries, loading: state.loading, ended: state.ended, failed: state.failed, loadMore, reload };
}
