import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Checkbox, Input, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { RendererHost } from '../../host';
import { resourceKey, usePagedQuery } from '../../query';
import { fetchMembersPage } from '../fetch-members';
import { useDebouncedValue } from '../use-debounced-value';
import { useWidgetText } from '../text';
import type { PickerItem } from './item-label';

/** The spec's limit for every search input. */
export const SEARCH_MAX_LENGTH = 20;
/** The spec's search pause (supplier account search uses 1000 ms). */
export const DEFAULT_DEBOUNCE_MS = 800;
/** The spec's page size for pickers, approver and user lists. */
export const DEFAULT_PICKER_PAGE_SIZE = 10;

/**
 * What a picker page lists and how it returns the choice. `T`: a row; `Q`: the endpoint's wire
 * query type (src/wire), which the search parameter and `extraParams` are checked against when the
 * caller knows the endpoint; a picker configured by a definition's `ui:options` keeps the default.
 */
export interface PickerPageProps<T extends PickerItem = PickerItem, Q = Record<string, unknown>> {
  host: RendererHost;
  /** A list endpoint with its placeholders already filled. */
  endpoint: string;
  /** Query parameter carrying the search text (default `name`); `null` hides the search box. */
  searchParam?: (keyof Q & string) | null;
  itemsPerPage?: number;
  extraParams?: Partial<Omit<Q, 'page' | 'itemsPerPage' | 'cursor'>>;
  debounceMs?: number;
  multiple?: boolean;
  /** Items already chosen (multi-select starts with them ticked). */
  selected?: T[];
  label(item: T): string;
  /** A second line or a badge under/after the label. */
  describe?(item: T): ReactNode;
  /** Single: close(item). Multi: close(items) from the Add (n) button. */
  close(result?: T | T[]): void;
}

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalM },
  list: { display: 'flex', flexDirection: 'column', listStyleType: 'none', margin: 0, padding: 0 },
  row: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, minHeight: '44px' },
  rowButton: { flexGrow: 1, justifyContent: 'flex-start', textAlign: 'start' },
  bar: { position: 'sticky', bottom: 0, paddingTop: tokens.spacingVerticalS, backgroundColor: tokens.colorNeutralBackground1 },
});

/**
 * The one picker page every server-backed picker opens through `host.openPage`: a search box
 * (20 characters, debounced), pages of 10 loaded by an IntersectionObserver sentinel with a
 * visible "load more" button for keyboard users, an empty message, and single or multi select.
 */
export function PickerPage<T extends PickerItem, Q = Record<string, unknown>>(props: PickerPageProps<T, Q>): ReactNode {
  const { host, endpoint, searchParam = 'name', itemsPerPage = DEFAULT_PICKER_PAGE_SIZE, extraParams, multiple = false } = props;
  const text = useWidgetText();
  const styles = useStyles();
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), props.debounceMs ?? DEFAULT_DEBOUNCE_MS);
  const [chosen, setChosen] = useState<Map<number, T>>(() => new Map((props.selected ?? []).map((item) => [item.id, item])));

  // The list's parameters without the page: its resource key (a new search is a new list from page 1).
  const listParams: Record<string, unknown> = { ...extraParams, itemsPerPage };
  if (searchParam && query !== '') listParams[searchParam] = query;
  const list = usePagedQuery(resourceKey(endpoint, listParams), ({ page, cursor }) =>
    // Keyset paging where the endpoint offers it: the page before answered `nextCursor`, sent
    // back as `cursor` (rows added between pages neither repeat nor get skipped); `page` stays
    // for endpoints that page by number.
    fetchMembersPage<T>(host, endpoint, { ...listParams, page, ...(cursor ? { cursor } : {}) }),
  );
  const sentinel = useLoadMoreSentinel(list.loadMore, !list.done && !list.loading && list.items.length > 0);

  const toggle = (item: T, on: boolean) =>
    setChosen((old) => {
      const next = new Map(old);
      if (on) next.set(item.id, item);
      else next.delete(item.id);
      return next;
    });

  return (
    <div className={styles.page}>
      {searchParam !== null && (
        <Input
          type="search"
          aria-label={text('search')}
          placeholder={text('searchPlaceholder')}
          maxLength={SEARCH_MAX_LENGTH}
          value={search}
          onChange={(_, data) => setSearch(data.value.slice(0, SEARCH_MAX_LENGTH))}
        />
      )}
      <ul className={styles.list} aria-busy={list.loading}>
        {list.items.map((item) => (
          <li key={item.id} className={styles.row}>
            {multiple ? (
              <Checkbox checked={chosen.has(item.id)} onChange={(_, data) => toggle(item, data.checked === true)} label={props.label(item)} />
            ) : (
              <Button appearance="subtle" className={styles.rowButton} onClick={() => props.close(item)}>
                {props.label(item)}
              </Button>
            )}
            {props.describe?.(item)}
          </li>
        ))}
      </ul>
      {list.loading && <Spinner size="tiny" label={text('loading')} />}
      {list.done && list.items.length === 0 && !list.failed && <Text role="status">{text('empty')}</Text>}
      {!list.done && !list.loading && list.items.length > 0 && (
        <>
          <div ref={sentinel} aria-hidden="true" />
          <Button appearance="transparent" onClick={list.loadMore}>
            {text('loadMore')}
          </Button>
        </>
      )}
      {multiple && (
        <div className={styles.bar}>
          <Button appearance="primary" disabled={chosen.size === 0} onClick={() => props.close([...chosen.values()])}>
            {text('addCount', { n: chosen.size })}
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * A ref for an element that calls `loadMore` when scrolled into view. Without an
 * IntersectionObserver (old browsers, jsdom) the visible button is the way to load more.
 */
function useLoadMoreSentinel(loadMore: () => void, active: boolean): (node: HTMLDivElement | null) => void {
  const [node, setNode] = useState<HTMLDivElement | null>(null);
  const callback = useRef(loadMore);
  callback.current = loadMore;
  useEffect(() => {
    if (!node || !active || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) callback.current();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, active]);
  return setNode;
}
