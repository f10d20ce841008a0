import { Badge, Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { WebhookDelivery, WebhookDeliveryCollection, WebhookEndpoint } from '../../../wire/webhooks';
import { invalidateResources, resourceKey } from '../../../renderer/resource-key';
import { ApiError } from '../../api';
import { useFeedback } from '../../feedback';
import type { PageProps } from '../../navigation';
import { useSession } from '../../session';
import { ListStates } from '../common/ListStates';
import { usePageStyles } from '../common/page-styles';

const useStyles = makeStyles({
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  url: { overflowWrap: 'anywhere', minWidth: 0 },
  // The receiver's first bytes: as sent, on as many lines as they need, never wider than the phone.
  answer: { fontFamily: tokens.fontFamilyMonospace, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 },
});

const OUTCOME_COLOR = { delivered: 'success', retry: 'warning', dead: 'danger', disabled: 'danger' } as const;

/**
 * An endpoint's delivery log (`GET /webhooks/{id}/deliveries`, newest first, 30 days): per
 * attempt the event, attempt number, the answer's status (or the error when none came), latency,
 * outcome and the answer's first bytes, with Resend (`POST /webhooks/deliveries/{id}/resend`).
 */
export function WebhookDeliveriesPage({ params }: PageProps<{ endpoint: WebhookEndpoint }>) {
  const { t } = useTranslation();
  const styles = { ...usePageStyles(), ...useStyles() };
  const { api } = useSession();
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const { endpoint } = params;
  const path = `/webhooks/${endpoint.id}/deliveries`;
  const deliveries = useQuery({
    queryKey: resourceKey(path, { itemsPerPage: 100 }, 'members'),
    queryFn: async () => (await api.get<WebhookDeliveryCollection>(path, { params: { itemsPerPage: 100 }, ringiSilent: true })).data,
  });
  const resend = useMutation({
    mutationFn: (id: number) => api.post(`/webhooks/deliveries/${id}/resend`, {}, { ringiSilent: true }),
    onSettled: () => invalidateResources(queryClient, ['/webhooks']),
  });

  const send = async (delivery: WebhookDelivery) => {
    try {
      await resend.mutateAsync(delivery.id);
      feedback.toast(t('app.webhooks.resent'), 'success');
    } catch (error) {
      feedback.toast(error instanceof ApiError && error.message ? error.message : t('app.webhooks.resendFailed'), 'error');
    }
  };

  const answerOf = (d: WebhookDelivery) => (d.response_status === null ? t('app.webhooks.noAnswer', { error: d.error ?? '' }) : `HTTP ${d.response_status}`);
  const rows = deliveries.data?.['hydra:member'];

  return (
    <section className={styles.page} data-testid="webhook-deliveries">
      <Text weight="semibold" className={styles.url}>{endpoint.url}</Text>
      <ListStates query={deliveries} count={rows?.length ?? 0}
        loadFailed={t('app.webhooks.loadFailed')} retry={t('app.webhooks.retry')} empty={t('app.webhooks.noDeliveries')} emptyTestId="deliveries-empty" />
      {rows && rows.length > 0 ? (
        <ul className={styles.list} aria-label={t('app.webhooks.deliveriesTitle')}>
          {rows.map((d) => (
            <li key={d.id} className={styles.row} data-testid="delivery-row">
              <span className={styles.rowText}>
                <span className={styles.head}>
                  <Text weight="semibold">{d.type}</Text>
                  <Badge appearance="tint" color={OUTCOME_COLOR[d.outcome]}>{t(`app.webhooks.outcome.${d.outcome}`)}</Badge>
                </span>
                <Text size={200}>{t('app.webhooks.attemptLine', { attempt: d.attempt, answer: answerOf(d), latency: `${d.latency_ms} ms`, when: new Date(d.created_at).toLocaleString() })}</Text>
                {d.response_body ? <pre className={styles.answer}>{d.response_body}</pre> : null}
              </span>
              <Button appearance="secondary" size="small" disabled={resend.isPending || endpoint.disabled_at !== null} onClick={() => void send(d)}
                aria-label={t('app.webhooks.resendLabel', { type: d.type, attempt: d.attempt })}>
                {t('app.webhooks.resend')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
