import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Card, Spinner, Tab, TabList, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { formatMoney, toDisplayDate } from '../../../engine';
import { useRendererHost } from '../../../renderer/host';
import { resourceKey } from '../../../renderer/resource-key';
import type { Collection } from '../../../wire/common';
import type { PendingFollowUp, PendingFollowUpQuery } from '../../../wire/follow-ups';
import type { QueryParams } from '../../lib/query-string';
import { openDetail } from '../approvals/open-detail';

const PENDING_PATH = '/follow_ups/pending';
const PAGE_SIZE = 10;
type Scope = 'mine' | 'company';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`, minWidth: 0 },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyle: 'none' },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, cursor: 'pointer', minWidth: 0, overflowWrap: 'anywhere' },
  head: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  state: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/**
 * "Awaiting follow-up" (関連書類, issue #36 item 5): the decided documents still waiting for a
 * follow-up their definition names — the user's own, and for the company's authorizer, finance and
 * treasury also the company's (`GET /follow_ups/pending?scope=`) — oldest decision first, ten at a
 * time. A card opens the document's detail, where "Create <follow-up>" is offered to its requester.
 * Loading, empty and error states.
 */
export function FollowUpsPendingPage() {
  const { t } = useTranslation();
  const host = useRendererHost();
  const styles = useStyles();
  const user = host.user;
  const financeRole = Boolean(user?.is_finance || user?.is_treasury || user?.is_authorizer);
  const [scope, setScope] = useState<Scope>('mine');
  const list = useInfiniteQuery({
    queryKey: resourceKey(PENDING_PATH, { scope, itemsPerPage: PAGE_SIZE }, 'pages'),
    queryFn: ({ pageParam }) => host.api.get<Collection<PendingFollowUp>>(PENDING_PATH,
      { scope, page: pageParam, itemsPerPage: PAGE_SIZE } satisfies QueryParams<PendingFollowUpQuery>),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * PAGE_SIZE < (last['hydra:totalItems'] ?? 0) ? pages.length + 1 : undefined),
  });
  const items = list.data?.pages.flatMap((page) => page['hydra:member']) ?? [];
  // The company's documents are read through the Statistic scope (another requester's document is not the reader's to see otherwise).
  const open = (item: PendingFollowUp) => void openDetail(host, item.code, { documentId: item.id, statistic: item.requester.id !== user?.id });

  return (
    <section className={styles.page} data-testid="follow-ups-pending" data-scope={scope} aria-busy={list.isPending || undefined}>
      {financeRole ? (
        <TabList selectedValue={scope} onTabSelect={(_, d) => setScope(d.value as Scope)} aria-label={t('app.followUps.pending.scope')}>
          <Tab value="mine">{t('app.followUps.pending.mine')}</Tab>
          <Tab value="company">{t('app.followUps.pending.company')}</Tab>
        </TabList>
      ) : null}
      {list.isError ? (
        <div className={styles.state}>
          <Text data-testid="follow-ups-pending-failed">{t('app.followUps.pending.failed')}</Text>
          <Button appearance="subtle" onClick={() => void list.refetch()}>{t('app.followUps.retry')}</Button>
        </div>
      ) : null}
      {list.isPending ? <Spinner size="small" label={t('app.common.loading')} /> : null}
      {list.isSuccess && items.length === 0 ? <Text className={styles.muted} data-testid="follow-ups-pending-empty">{t('app.followUps.pending.empty')}</Text> : null}
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.id}>
            <Card className={styles.card} onClick={() => open(item)} role="button" tabIndex={0} data-pending-origin={item.code}
              onKeyDown={(event) => { if (event.key === 'Enter' || event.key === ' ') open(item); }}>
              <div className={styles.head}>
                <Text weight="semibold">{item.code}</Text>
                <Text>{item.title}</Text>
              </div>
              {item.amount !== null ? <Text>{`${formatMoney(item.amount, item.currency_code, host.language)}${item.currency_code ? ` ${item.currency_code}` : ''}`}</Text> : null}
              <Text size={200} className={styles.muted}>{t('app.followUps.pending.requester', { name: item.requester.name })}</Text>
              {item.completed_at ? <Text size={200} className={styles.muted}>{t('app.followUps.pending.decided', { date: toDisplayDate(item.completed_at) })}</Text> : null}
              <Text size={200}>{t('app.followUps.pending.waitingFor', { titles: item.missing.map((m) => m.title).join(t('app.followUps.pending.separator')) })}</Text>
            </Card>
          </li>
        ))}
      </ul>
      {list.hasNextPage ? (
        <Button appearance="subtle" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>{t('app.followUps.pending.loadMore')}</Button>
      ) : null}
    </section>
  );
}
