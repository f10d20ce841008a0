import { useEffect, useRef, useState } from 'react';
import { Button, Field, Input, Select, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { DocumentStatus, type CompiledModule } from '../../../engine';
import { ListCard } from '../../../renderer';
import { usePageStack } from '../../navigation';
import { usePageStyles } from '../common/page-styles';
import { openDocument } from './open-document';
import { useMyDocuments, type MyDocument, type SortField, type SortOrder } from './use-my-documents';

/** Spec 000 §9: search input at most 20 characters, run after an 800 ms pause. */
export const SEARCH_MAX = 20;
export const SEARCH_DEBOUNCE_MS = 800;

const useStyles = makeStyles({
  bar: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalS },
  search: { gridColumn: '1 / -1' },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  end: { textAlign: 'center' },
});

const SORTS: SortField[] = ['createdAt', 'updatedAt', 'code'];
const ORDERS: SortOrder[] = ['desc', 'asc'];

/** Status badge text of a document: "Waiting for {type}" while pending, else the status name. */
function statusText(t: ReturnType<typeof useTranslation>['t'], doc: MyDocument): string {
  if (doc.status === DocumentStatus.ON_PROCESS && doc.waiting_for) return t('app.application.waitingFor', { type: doc.waiting_for });
  return t(`app.application.status.${doc.status}`, { defaultValue: String(doc.status) });
}

export interface ViewDataTabProps {
  module: CompiledModule;
}

/**
 * View data: the user's own documents of the module (`/my-buffers`), with search, sort
 * (default created at, descending) and infinite loading five at a time; a card opens the
 * document's detail page.
 */
export function ViewDataTab({ module }: ViewDataTabProps) {
  const { t } = useTranslation();
  const styles = { ...usePageStyles(), ...useStyles() };
  const stack = usePageStack();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortField>('createdAt');
  const [order, setOrder] = useState<SortOrder>('desc');
  // A filing, or an action on a document's detail page (withdrawn, stepped back…), invalidates
  // the documents' queries: this list is fetched again from page 1 by itself.
  const list = useMyDocuments(module.code, search, sort, order);
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  // Scrolling the end of the list into view loads the next page (a button does the same).
  const { loadMore } = list;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadMore();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [loadMore]);

  return (
    <div className={styles.form} data-testid="view-data">
      <div className={styles.bar}>
        <Input
          className={styles.search}
          type="search"
          contentBefore={<SearchRegular />}
          aria-label={t('app.application.search')}
          placeholder={t('app.application.search')}
          maxLength={SEARCH_MAX}
          value={text}
          onChange={(_, d) => setText(d.value.slice(0, SEARCH_MAX))}
        />
        <Field label={t('app.application.sortBy')}>
          <Select value={sort} onChange={(_, d) => setSort(d.value as SortField)}>
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`app.application.sort.${s}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('app.application.order')}>
          <Select value={order} onChange={(_, d) => setOrder(d.value as SortOrder)}>
            {ORDERS.map((o) => (
              <option key={o} value={o}>
                {t(`app.application.orderValues.${o}`)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <div className={styles.list} role="list" aria-busy={list.loading || undefined}>
        {list.items.map((doc) => (
          <div role="listitem" key={doc.id}>
            <ListCard
              module={module}
              data={doc.data}
              code={doc.code}
              status={statusText(t, doc)}
              applicant={doc.requester?.name}
              onOpen={() => void openDocument(stack, module, doc)}
            />
          </div>
        ))}
      </div>
      {list.failed ? <Text role="alert">{t('app.application.listFailed')}</Text> : null}
      {!list.loading && list.ended && list.items.length === 0 ? <Text className={styles.muted}>{t('app.application.empty')}</Text> : null}
      {list.loading ? <Spinner size="small" label={t('app.common.loading')} /> : null}
      <div ref={sentinel} />
      {!list.loading && !list.ended && list.items.length > 0 ? (
        <Button appearance="subtle" onClick={list.loadMore}>
          {t('app.application.loadMore')}
        </Button>
      ) : null}
      {list.ended && list.items.length > 0 ? <Text className={`${styles.muted} ${styles.end}`}>{t('app.application.end')}</Text> : null}
    </div>
  );
}
