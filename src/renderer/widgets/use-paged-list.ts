import { useCallback, useEffect, useRef, useState } from 'react';
import { useRendererHost } from '../host';

/** What a paged (infinite) list shows and how it asks for more. */
export interface PagedList<T> {
  items: T[];
  /** A page is being fetched. */
  loading: boolean;
  /** The last page came back empty (or a fetch failed, or `maxPages` were shown): nothing more to ask for. */
  done: boolean;
  /** The last fetch failed (the host already showed the server's message). */
  failed: boolean;
  /** Fetch the next page unless one is in flight or the list is done. */
  loadMore(): void;
  /** Start again from page 1 (after an action changed what the list holds). */
  reload(): void;
}

/**
 * A page as a fetch may answer it: the rows, or the rows with the server's `nextCursor`
 * (keyset paging: the next request sends it back as `cursor`, so rows filed or handled between
 * two pages neither repeat nor get skipped).
 */
export type FetchedPage<T> = T[] | { rows: T[]; nextCursor?: string | null; last?: boolean };

export interface PagedListOptions<T> {
  /** Rows of a later page whose key is already listed are dropped (lists that shift while paging). */
  keyOf?(item: T): string | number;
  /** Stop after this many pages (a compact list shows only the first). */
  maxPages?: number;
  enabled?: boolean;
}

/**
 * Infinite paging as the spec states it: the list advances one page after each non-empty
 * result and stops on an empty one. Changing `key` (search text, endpoint, filters) starts
 * again from page 1; answers that arrive for an older key are dropped so a slow page for
 * "ab" never lands in the list for "abc". Used by the pickers and the app's document lists.
 * When a fetch answers the server's `nextCursor`, the next page is asked with it as well
 * (`fetchPage(page, cursor)`): lists that can (the approval lists, View data) page by keyset.
 * A language switch also starts again: the server words the rows (list-card labels, names)
 * in the request's language.
 */
export function usePagedList<T>(fetchPage: (page: number, cursor?: string) => Promise<FetchedPage<T>>, key: string, options: PagedListOptions<T> = {}): PagedList<T> {
  const { enabled = true, maxPages = Infinity } = options;
  const { language } = useRendererHost();
  const [items, setItems] = useState<T[]>([]);
  const [loading, setLoading] = useState(enabled);
  const [done, setDone] = useState(false);
  const [failed, setFailed] = useState(false);
  const [reloads, setReloads] = useState(0);
  const generation = useRef(0);
  const nextPage = useRef(1);
  const nextCursor = useRef<string | undefined>(undefined);
  const inFlight = useRef(false);
  const finished = useRef(false);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const keyOfRef = useRef(options.keyOf);
  keyOfRef.current = options.keyOf;

  const load = useCallback((gen: number) => {
    if (inFlight.current || finished.current) return;
    inFlight.current = true;
    setLoading(true);
    const page = nextPage.current;
    fetchRef.current(page, nextCursor.current).then(
      (fetched) => {
        if (gen !== generation.current) return;
        const rows = Array.isArray(fetched) ? fetched : fetched.rows;
        nextCursor.current = Array.isArray(fetched) ? undefined : fetched.nextCursor ?? undefined;
        inFlight.current = false;
        setLoading(false);
        if (rows.length === 0) {
          finished.current = true;
          setDone(true);
          return;
        }
        nextPage.current = page + 1;
        // `last`: the fetch knows nothing follows (a short page, the total reached): no "Load more" under a complete list.
        if (page >= maxPages || (!Array.isArray(fetched) && fetched.last === true)) {
          finished.current = true;
          setDone(true);
        }
        const keyOf = keyOfRef.current;
        setItems((old) => {
          if (page === 1) return rows;
          if (!keyOf) return [...old, ...rows];
          const known = new Set(old.map(keyOf));
          return [...old, ...rows.filter((row) => !known.has(keyOf(row)))];
        });
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
  }, [maxPages]);

  useEffect(() => {
    generation.current += 1;
    nextPage.current = 1;
    nextCursor.current = undefined;
    inFlight.current = false;
    finished.current = !enabled;
    setItems([]);
    setDone(!enabled);
    setFailed(false);
    setLoading(false);
    if (enabled) load(generation.current);
  }, [key, language, enabled, load, reloads]);

  const loadMore = useCallback(() => load(generation.current), [load]);
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  return { items, loading, done, failed, loadMore, reload };
}
