import { Badge, Button, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkRegular } from '@fluentui/react-icons';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useRendererHost } from '../../../renderer/host';
import { ApprovalCard } from './ApprovalCard';
import { CIRCULATED_PATH } from '../../lib/circulated-key';
import { invalidateResources, resourceKey } from '../../../renderer/resource-key';
import { openDetail } from './open-detail';
import type { CirculatedItem, CirculationRead, Collection } from './types';
import type { QueryParams } from '../../lib/query-string';
import type { CirculatedQuery } from '../../../wire/workflow';

const PAGE_SIZE = 10;

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`, minWidth: 0 },
  // Documents apart, each with its read state inside its own frame (issue #31 item 5: the state
  // row sat nearer the next card than its own, so "Mark as read" could be taken for the next one).
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  item: {
    display: 'flex', flexDirection: 'column', gap: '0',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`, borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1, boxShadow: tokens.shadow4, overflow: 'hidden',
  },
  state: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  itemState: {
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM} ${tokens.spacingVerticalS}`,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  muted: { color: tokens.colorNeutralForeground3, textAlign: 'center' },
});

/**
 * "For your information" (回覧, issue #20): the documents circulated to the user, newest first,
 * unread ones marked; a card opens the read-only detail, which marks it read (the server does, on
 * `GET /buffers/{id}`), and "Mark as read" records it without opening (`POST
 * /buffer/{id}/circulation/read`). Each document's read state sits inside its frame, the next
 * document a clear gap below. Loading, empty and error states.
 */
export function CirculatedListPage() {
  const { t } = useTranslation();
  const host = useRendererHost();
  const styles = useStyles();
  const queryClient = useQueryClient();
  const list = useInfiniteQuery({
    queryKey: resourceKey(CIRCULATED_PATH, { itemsPerPage: PAGE_SIZE }, 'pages'),
    queryFn: ({ pageParam }) => host.api.get<Collection<CirculatedItem>>(CIRCULATED_PATH, { page: pageParam, itemsPerPage: PAGE_SIZE } satisfies QueryParams<CirculatedQuery>),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * PAGE_SIZE < (last['hydra:totalItems'] ?? 0) ? pages.length + 1 : undefined),
  });
  const markRead = useMutation({
    mutationFn: (id: number) => host.api.post<CirculationRead>(`/buffer/${id}/circulation/read`),
    onSuccess: () => {
      host.toast(t('app.circulated.markedRead'), 'success', 2000);
      void invalidateResources(queryClient, [CIRCULATED_PATH]);
    },
  });
  const items = list.data?.pages.flatMap((page) => page['hydra:member']) ?? [];

  return (
    <section className={styles.page} data-testid="circulated-list" aria-busy={list.isPending || undefined}>
      {list.isError ? (
        <div className={styles.state}>
          <Text role="alert">{t('app.circulated.loadFailed')}</Text>
          <Button appearance="subtle" onClick={() => void list.refetch()}>{t('app.circulated.retry')}</Button>
        </div>
      ) : null}
      {list.isPending ? <Spinner size="small" label={t('app.approvals.loading')} /> : null}
      {list.isSuccess && items.length === 0 ? <Text className={styles.muted}>{t('app.circulated.empty')}</Text> : null}
      <div role="list" className={styles.list}>
        {items.map((item) => (
          <div role="listitem" key={item.id} className={styles.item} data-read={item.read_at ? 'read' : 'unread'} data-circulated={item.code}>
            <ApprovalCard item={item} appearance="subtle" onOpen={() => void openDetail(host, item.code, { documentId: item.id, hideSubmit: true, circulated: true })} />
            <div className={`${styles.state} ${styles.itemState}`} data-read-state>
              {item.read_at
                ? <Text size={200} className={styles.muted}>{t('app.circulated.read')}</Text>
                : <Badge appearance="tint" color="brand">{t('app.circulated.unread')}</Badge>}
              {item.read_at ? null : (
                <Button
                  size="small"
                  icon={<CheckmarkRegular />}
                  disabled={markRead.isPending}
                  onClick={() => markRead.mutate(item.id)}
                  aria-label={t('app.circulated.markReadOf', { code: item.code })}
                >
                  {t('app.circulated.markRead')}
                </Button>
              )}
            </div>
          </div>
        ))}
      </div>
      {list.hasNextPage ? (
        <Button appearance="subtle" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>{t('app.approvals.loadMore')}</Button>
      ) : null}
    </section>
  );
}
