import { useCallback, useEffect, useRef, useState } from 'react';

/** What a paged (infinite) list shows and how it asks for more. */
export interface PagedList<T> {
  items: T[];
  /** A page is being fetched. */
  loading: boolean;
  /** The last page came back empty: there is nothing more to ask for. */
  done: boolean;
  /** The last fetch failed (the host already showed the server's message). */
  failed: boolean;
  /** Fetch the next page unless one is in flight or the list is done. */
  loadMore(): void;
}

/**
 * Infinite paging as the spec states it: the list advances one page after each non-empty
 * result and stops on an empty one. Changing `key` (search text, endpoint, filters) starts
 * again from page 1; answers that arrive for an older key are dropped so a slow page for
 * "ab" never lands in the list for "abc".
 */
export function usePagedList<T>(fetchPage: (page: number) => Promise<T[]>, key: string, enabled = true): PagedList<T> {
  const [items, setItems] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const [done, setDone] = useState(false);
  const [failed, setFailed] = useState(false);
  const generation = useRef(0);
  const nextPage = useRef(1);
  const inFlight = useRef(false);
  const finished = useRef(false);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  const load = useCallback((gen: number) => {
    if (inFlight.current || finished.current) return;
    inFlight.current = true;
    setLoading(true);
    const page = nextPage.current;
    fetchRef.current(page).then(
      (rows) => {
        if (gen !== generation.current) return;
        inFlight.current = false;
        setLoading(false);
        if (rows.length === 0) {
          finished.current = true;
          setDone(true);
          return;
        }
        nextPage.current = page + 1;
        setItems((old) => (page === 1 ? rows : [...old, ...rows]));
      },
      () => {
        if (gen !== generation.current) return;
        inFlight.current = false;
        finished.current = true;
        setLoading(false);
        setFailed(true);
        setDone(true);
      },
    );
  }, []);

  useEffect(() => {
    generation.current += 1;
    nextPage.current = 1;
    inFlight.current = false;
    finished.current = !enabled;
    setItems([]);
    setDone(!enabled);
    setFailed(false);
    setLoading(false);
    if (enabled) load(generation.current);
  }, [key, enabled, load]);

  const loadMore = useCallback(() => load(generation.current), [load]);
  return { items, loading, done, failed, loadMore };
}
