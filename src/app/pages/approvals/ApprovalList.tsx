import { lazy, useEffect, useRef, useState } from 'react';
import { Button, Input, Spinner, Text, makeStyles, tokens, CounterBadge } from '@fluentui/react-components';
import { ArrowSortRegular, FilterRegular, SearchRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useRendererHost } from '../../../renderer/host';
import { ApprovalCard } from './ApprovalCard';
import { activeFilterCount, DEFAULT_SORT, EMPTY_FILTER, SEARCH_DEBOUNCE_MS, SEARCH_MAX, type ListFilter, type ListSort } from './list-query';
import { openDetail } from './open-detail';
import type { ListEntry } from './list-entry';
import type { ListKind } from './types';
import { useApprovalList } from './use-approval-list';

// The sheets (and the filter's pickers) open on demand: Home's inline list does not download them.
const FilterSheet = lazy(async () => ({ default: (await import('./FilterSheet')).FilterSheet }));
const SortSheet = lazy(async () => ({ default: (await import('./SortSheet')).SortSheet }));

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  // The search box has a row of its own (its placeholder names what it searches, uncut at 390 px),
  // sort and filter the row under it, with their names.
  bar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center', justifyContent: 'flex-end' },
  search: { flexGrow: 1, flexBasis: '100%', minWidth: 0 },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  muted: { color: tokens.colorNeutralForeground3, textAlign: 'center' },
});

export interface ApprovalListProps {
  kind: ListKind;
  /** Home's inline preview: the first page only, no search/sort/filter, and a "See all" button. */
  compact?: boolean;
  onSeeAll?(): void;
  /** Tells the caller that a document changed (Home refreshes its badge). */
  onChanged?(): void;
}

/**
 * An approval list (spec 000 §2 "Approval lists"): search (20 characters, after an 800 ms
 * pause), sort and filter sheets, cards five at a time with infinite scrolling (and a "Load
 * more" button for keyboards), an empty message; a card opens the detail page, and an action
 * there invalidates the document's queries, so the list is fetched again.
 */
export function ApprovalList({ kind, compact = false, onSeeAll, onChanged }: ApprovalListProps) {
  const { t } = useTranslation();
  const host = useRendererHost();
  const styles = useStyles();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<ListSort>(DEFAULT_SORT);
  const [filter, setFilter] = useState<ListFilter>(EMPTY_FILTER);
  const list = useApprovalList(kind, search, sort, filter, compact ? 1 : Infinity);
  const sentinel = useRef<HTMLDivElement>(null);
  const { loadMore, reload } = list;

  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  useEffect(() => {
    const node = sentinel.current;
    if (compact || !node || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadMore();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [loadMore, compact]);

  const open = async (entry: ListEntry) => {
    const result = await openDetail(host, entry.item.code, { documentId: entry.documentId, approvalId: entry.approvalId });
    // The action invalidated the document's queries: this list is fetched again by itself.
    if (result === 'changed') onChanged?.();
  };
  const openSort = () =>
    void host.openPage<ListSort>({ key: 'app.approvals.sort.title' }, (close) => <SortSheet value={sort} onSave={close} />).then((next) => next && setSort(next));
  const openFilter = () =>
    void host.openPage<ListFilter>({ key: 'app.approvals.filter.title' }, (close) => <FilterSheet value={filter} onSave={close} />).then((next) => next && setFilter(next));
  const filters = activeFilterCount(filter);

  return (
    <div className={styles.root} data-testid={`approval-list-${kind}`} data-kind={kind}>
      {compact ? null : (
        <div className={styles.bar}>
          <Input
            className={styles.search}
            type="search"
            contentBefore={<SearchRegular />}
            aria-label={t('app.approvals.search')}
            placeholder={t('app.approvals.searchPlaceholder')}
            maxLength={SEARCH_MAX}
            value={text}
            onChange={(_, d) => setText(d.value.slice(0, SEARCH_MAX))}
          />
          <Button size="small" appearance="subtle" icon={<ArrowSortRegular />} onClick={openSort}>{t('app.approvals.sort.title')}</Button>
          <Button size="small" appearance="subtle" icon={<FilterRegular />} onClick={openFilter}>
            {t('app.approvals.filter.title')}
            {filters ? <CounterBadge count={filters} size="small" /> : null}
          </Button>
        </div>
      )}
      {list.failed ? (
        <>
          <Text role="alert">{t('app.approvals.loadFailed')}</Text>
          <Button appearance="subtle" onClick={reload}>{t('app.approvals.retry')}</Button>
        </>
      ) : null}
      <div className={styles.list} role="list" aria-busy={list.loading || undefined}>
        {list.entries.map((entry) => (
          <div role="listitem" key={entry.key}>
            <ApprovalCard item={entry.item} onBehalfOf={entry.onBehalfOf} sentBackToYou={entry.sentBackToYou} onOpen={() => void open(entry)} />
          </div>
        ))}
      </div>
      {!list.loading && !list.failed && list.entries.length === 0 ? <Text className={styles.muted}>{t('app.approvals.empty')}</Text> : null}
      {list.loading ? <Spinner size="small" label={t('app.approvals.loading')} /> : null}
      <div ref={sentinel} />
      {!compact && !list.loading && !list.ended && !list.failed && list.entries.length > 0 ? (
        <Button appearance="subtle" onClick={loadMore}>
          {t('app.approvals.loadMore')}
        </Button>
      ) : null}
      {compact && onSeeAll && list.entries.length > 0 ? (
        <Button appearance="subtle" onClick={onSeeAll}>
          {t('app.approvals.seeAll')}
        </Button>
      ) : null}
    </div>
  );
}
