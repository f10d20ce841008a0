import { Badge, Button, Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ApiClient } from '../api';
import { dismissDecision, sendQueuedDecisions, type QueuedDecision, type QueuedState } from './decision-queue';
import { formatWhen, useDecisionQueue } from './use-decision-queue';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}` },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  head: { display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: tokens.spacingHorizontalS },
  badge: { whiteSpace: 'nowrap', flexShrink: 0, maxWidth: 'none' },
  muted: { color: tokens.colorNeutralForeground3 },
  reason: { color: tokens.colorPaletteRedForeground1 },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

const BADGE: Record<QueuedState, 'warning' | 'success' | 'danger'> = { pending: 'warning', sent: 'success', refused: 'danger' };

/**
 * The decisions taken offline (issue #33 item 3), oldest first: each one's document, approve or
 * reject, and where it stands — waiting to be sent, sent, or refused with the server's reason.
 * Sent and refused ones can be cleared from the list; pending ones are sent when the app is
 * online or comes to the foreground, or now with "Send now".
 */
export function DecisionQueuePage({ api, userId }: { api: ApiClient; userId: number }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const items = useDecisionQueue(userId);
  if (items === null) return null;
  const pending = items.some((item) => item.state === 'pending');
  return (
    <div className={styles.page}>
      <Text className={styles.muted}>{t('app.offline.queue.intro')}</Text>
      {items.length === 0 ? <Text>{t('app.offline.queue.empty')}</Text> : null}
      {pending ? (
        <div>
          <Button appearance="primary" onClick={() => void sendQueuedDecisions(api, userId)}>{t('app.offline.queue.sendNow')}</Button>
        </div>
      ) : null}
      <ul aria-label={t('app.offline.queue.title')} className={styles.list}>
        {items.map((item) => <QueuedCard key={item.key} item={item} language={i18n.language} />)}
      </ul>
    </div>
  );
}

function QueuedCard({ item, language }: { item: QueuedDecision; language: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <li data-state={item.state}>
      <Card className={styles.card}>
        <div className={styles.head}>
          <Text weight="semibold">{item.title}</Text>
          <Badge className={styles.badge} appearance="tint" color={BADGE[item.state]}>{t(`app.offline.state.${item.state}`)}</Badge>
        </div>
        <Text>{item.code}</Text>
        <Text>{t(item.approve ? 'app.offline.queue.approve' : 'app.offline.queue.reject')}</Text>
        <Text size={200} className={styles.muted}>{t('app.offline.queue.queuedAt', { when: formatWhen(item.queuedAt, language) })}</Text>
        {item.settledAt !== undefined ? <Text size={200} className={styles.muted}>{t('app.offline.queue.settledAt', { when: formatWhen(item.settledAt, language) })}</Text> : null}
        {item.state === 'refused' && item.reason ? <Text role="note" className={styles.reason}>{item.reason}</Text> : null}
        {item.state !== 'pending' ? (
          <div>
            <Button size="small" onClick={() => void dismissDecision(item.key)}>{t('app.offline.queue.clear')}</Button>
          </div>
        ) : null}
      </Card>
    </li>
  );
}
