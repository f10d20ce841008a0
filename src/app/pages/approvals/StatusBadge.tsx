import { Badge, makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { statusBadge } from './status-badge';

// CJK labels have no spaces: inside a card header's narrow action slot the badge would shrink
// and break after every character. It keeps its width; the title beside it wraps instead.
const useStyles = makeStyles({
  badge: { whiteSpace: 'nowrap', flexShrink: 0, maxWidth: 'none' },
  pair: { display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end', gap: '4px', flexShrink: 0 },
});

/**
 * A document's status as a coloured badge (yellow on process, green done, red rejected/withdrawn),
 * with a red "Urgent" (至急) badge above it for a document its requester marked urgent, and a
 * "Bypassed" badge under it for a document filed without approval.
 */
export function StatusBadge({ status, waitingFor, bypass = false, urgent = false }: { status: number; waitingFor?: string | null; bypass?: boolean; urgent?: boolean }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const view = statusBadge(status, waitingFor);
  const badge = (
    <Badge className={styles.badge} appearance="tint" color={view.color} data-status={status} data-color={view.color}>
      {t(view.key, { ...view.params, defaultValue: String(status) })}
    </Badge>
  );
  if (!bypass && !urgent) return badge;
  return (
    <span className={styles.pair}>
      {urgent ? <Badge className={styles.badge} appearance="filled" color="danger" data-urgent="true">{t('app.approvals.urgent')}</Badge> : null}
      {badge}
      {bypass ? <Badge className={styles.badge} appearance="outline" color="warning" data-bypass="true">{t('integrity.bypassed')}</Badge> : null}
    </span>
  );
}
