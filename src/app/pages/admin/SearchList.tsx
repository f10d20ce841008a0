import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Input, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useRendererHost } from '../../../renderer/host';
import { flattenPages, hydraListOptions } from '../../api/queries';
import type { QueryParams } from '../../lib/query-string';
import { usePageStyles } from '../common/page-styles';

/** The spec's search limit and pause (spec 000 §9). */
const SEARCH_MAX = 20;
const SEARCH_DEBOUNCE_MS = 800;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  muted: { color: tokens.colorNeutralForeground3, textAlign: 'center' },
});

/** A paged list's query (the wire's `paging()`): what every endpoint of a SearchList reads. */
type PagedQuery = { page?: number; itemsPerPage?: number };

/** The query's text parameters a search box may fill (`name`, `bankName`, …; not the cursor). */
type SearchKey<Q> = Exclude<{ [K in keyof Q]-?: string extends Q[K] ? K : never }[keyof Q], 'cursor'> & string;

/** The search parameter: `name` unless told, so a query without `name` must name its own (or null). */
type SearchParamProp<Q> = 'name' extends SearchKey<Q>
  ? { /** Search parameter; null = no search box. */ searchParam?: SearchKey<Q> | null }
  : { /** Search parameter; null = no search box. */ searchParam: SearchKey<Q> | null };

/**
 * `T`: a row of the list (the wire's member type); `Q`: the endpoint's wire query type
 * (src/wire), which the parameters, the page size and the search parameter are checked against.
 */
export type SearchListProps<T, Q extends PagedQuery> = SearchParamProp<Q> & {
  endpoint: string;
  /** Query parameters besides paging and search. */
  params?: Omit<QueryParams<Q>, 'page' | 'itemsPerPage' | 'cursor'>;
  itemsPerPage?: Q['itemsPerPage'];
  label: string;
  keyOf(item: T): string | number;
  renderItem(item: T): ReactNode;
};

/**
 * A searchable infinite list of the admin area (spec 000 §4 "Infinite lists"): search of at
 * most 20 characters after an 800 ms pause, one more page after each non-empty page (scroll or
 * "Load more"), stop on a short or empty one; empty, loading and error states. An infinite query
 * under the pages of `endpoint` with its parameters: a filed request invalidates it (the
 * endpoint is one of the entity resources of src/app/api/queries.ts), so it is fetched again.
 */
export function SearchList<T, Q extends PagedQuery>({ endpoint, params, itemsPerPage = 10, searchParam = 'name' as SearchKey<Q>, label, keyOf, renderItem }: SearchListProps<T, Q>) {
  const { t } = useTranslation();
  const host = useRendererHost();
  const styles = { ...usePageStyles(), ...useStyles() };
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const query: QueryParams<Q> = { ...params, itemsPerPage, ...(searchParam && search ? { [searchParam]: search } : {}) } as QueryParams<Q>;
  // A short page is the last: no "Load more" under a complete list (1 company).
  const list = useInfiniteQuery(hydraListOptions<T, Q>(host.api, endpoint, query, { perPage: itemsPerPage }));
  const items = useMemo(() => flattenPages(list.data?.pages, (row) => row, keyOf), [list.data, keyOf]);
  const failed = list.isError;
  const loading = list.isPending || list.isFetchingNextPage;
  const done = failed || (!list.isPending && !list.hasNextPage);
  const loadMoreRef = useRef(() => undefined as void);
  loadMoreRef.current = () => {
    if (list.hasNextPage && !list.isFetchingNextPage && !failed) void list.fetchNextPage();
  };
  const loadMore = () => loadMoreRef.current();
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadMoreRef.current();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  return (
    <div className={styles.root}>
      {searchParam ? (
        <Input type="search" contentBefore={<SearchRegular />} aria-label={t('app.admin.search')} placeholder={t('app.admin.search')}
          maxLength={SEARCH_MAX} value={text} onChange={(_, d) => setText(d.value.slice(0, SEARCH_MAX))} />
      ) : null}
      {failed ? <Text role="alert">{t('app.admin.loadFailed')}</Text> : null}
      <ul className={styles.list} aria-label={label} aria-busy={loading || undefined}>
        {items.map((item) => <li key={keyOf(item)} className={styles.row}>{renderItem(item)}</li>)}
      </ul>
      {!loading && !failed && items.length === 0 ? <Text className={styles.muted}>{t('app.admin.empty')}</Text> : null}
      {loading ? <Spinner size="small" label={t('app.common.loading')} /> : null}
      <div ref={sentinel} />
      {!loading && !done && items.length > 0 ? <Button appearance="subtle" onClick={loadMore}>{t('app.admin.loadMore')}</Button> : null}
    </div>
  );
}
