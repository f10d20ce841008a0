import { Badge } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { statusBadge } from './status-badge';

/** A document's status as a coloured badge (yellow on process, green done, red rejected/withdrawn). */
export function StatusBadge({ status, waitingFor }: { status: number; waitingFor?: string | null }) {
  const { t } = useTranslation();
  const view = statusBadge(status, waitingFor);
  return (
    <Badge appearance="tint" color={view.color} data-status={status} data-color={view.color}>
      {t(view.key, { ...view.params, defaultValue: String(status) })}
    </Badge>
  );
}
