import { useId, useState } from 'react';
import { Badge, Button, Checkbox, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, ArrowSyncRegular, DeleteRegular, HistoryRegular } from '@fluentui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENTS } from '../../../engine/webhooks/webhook-events';
import type { WebhookCollection, WebhookEndpoint, WebhookSecret } from '../../../wire/webhooks';
import { invalidateResources, resourceKey } from '../../../renderer/resource-key';
import { ApiError } from '../../api';
import { useFeedback } from '../../feedback';
import { usePageStack } from '../../navigation';
import { useSession } from '../../session';
import { ListStates } from '../common/ListStates';
import { usePageStyles } from '../common/page-styles';
import { CompanyChooser, useChosenCompany } from './CompanyChooser';
import { WebhookDeliveriesPage } from './WebhookDeliveriesPage';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
  },
  events: { display: 'flex', flexDirection: 'column' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end', flexWrap: 'wrap' },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  // A URL is one long word: it breaks anywhere rather than widen a 390 px phone.
  url: { overflowWrap: 'anywhere', minWidth: 0 },
  secret: { fontFamily: tokens.fontFamilyMonospace, width: '100%' },
  rowActions: { display: 'flex', flexShrink: 0 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

type Violations = Record<string, string>;

/** The secret just created or rotated, shown once. */
interface ShownSecret { url: string; secret: string; until?: string | null }

/**
 * Admin → Webhooks (issue #35 item 6): a company's endpoints (a group admin chooses the company,
 * an authorizer sees their own) with their events and state; Add (URL, description, the events
 * of the engine's table as checkboxes) shows the signing secret once; Rotate secret (the old one
 * signs for 24 h more) shows the new one once; Deliveries opens the delivery log; Delete. The
 * server checks everything again (`POST /webhooks` answers 422 per field, shown beside each input).
 */
export function WebhooksPage() {
  const { t } = useTranslation();
  const styles = { ...usePageStyles(), ...useStyles() };
  const { api } = useSession();
  const queryClient = useQueryClient();
  const feedback = useFeedback();
  const stack = usePageStack();
  const [companyId, setCompanyId] = useChosenCompany();
  const [adding, setAdding] = useState(false);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [errors, setErrors] = useState<Violations>({});
  const [saving, setSaving] = useState(false);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const eventsId = useId();

  const endpoints = useQuery({
    queryKey: resourceKey('/webhooks', { company_id: companyId }, 'members'),
    queryFn: async () => (await api.get<WebhookCollection>('/webhooks', { params: { company_id: companyId }, ringiSilent: true })).data['hydra:member'],
    enabled: companyId !== null,
  });
  const list: WebhookEndpoint[] | null | 'failed' = endpoints.isError ? 'failed' : (endpoints.data ?? null);
  const reload = () => invalidateResources(queryClient, ['/webhooks']);
  const add = useMutation({
    mutationFn: async (body: { company_id: number; url: string; events: string[]; description?: string }) => (await api.post<WebhookSecret>('/webhooks', body, { ringiSilent: true })).data,
    onSettled: reload,
  });
  const rotate = useMutation({ mutationFn: async (id: number) => (await api.post<WebhookSecret>(`/webhooks/${id}/rotate_secret`, {}, { ringiSilent: true })).data, onSettled: reload });
  const drop = useMutation({ mutationFn: (id: number) => api.delete(`/webhooks/${id}`, { ringiSilent: true }), onSettled: reload });

  const labelOf = (type: string) => {
    const event = WEBHOOK_EVENTS.find((e) => e.type === type);
    return event ? t(event.labelKey) : type;
  };

  const reset = () => {
    setUrl('');
    setDescription('');
    setChosen([]);
    setErrors({});
  };

  const save = async () => {
    const found: Violations = {};
    if (!url.trim()) found.url = t('app.webhooks.urlRequired');
    if (!chosen.length) found.events = t('app.webhooks.eventsRequired');
    setErrors(found);
    if (Object.keys(found).length || companyId === null) return;
    setSaving(true);
    try {
      const created = await add.mutateAsync({ company_id: companyId, url: url.trim(), events: chosen, ...(description.trim() ? { description: description.trim() } : {}) });
      setShown({ url: url.trim(), secret: created.secret });
      setAdding(false);
      reset();
    } catch (error) {
      const violations = error instanceof ApiError ? error.body.violations ?? [] : [];
      const byField: Violations = {};
      for (const v of violations) byField[v.propertyPath.replace(/\[\d+\]$/, '') || 'form'] ??= v.message;
      if (Object.keys(byField).length === 0) byField.form = error instanceof ApiError && error.message ? error.message : t('app.webhooks.saveFailed');
      setErrors(byField);
    } finally {
      setSaving(false);
    }
  };

  const rotateSecret = async (endpoint: WebhookEndpoint) => {
    if (!(await feedback.confirm(t('app.webhooks.rotateConfirm'), t('app.webhooks.rotateTitle')))) return;
    try {
      const rotated = await rotate.mutateAsync(endpoint.id);
      setShown({ url: endpoint.url, secret: rotated.secret, until: rotated.previous_secret_expires_at ?? null });
    } catch {
      feedback.toast(t('app.webhooks.rotateFailed'), 'error');
    }
  };

  const remove = async (endpoint: WebhookEndpoint) => {
    if (!(await feedback.confirm(t('app.webhooks.deleteConfirm', { url: endpoint.url }), t('app.webhooks.deleteTitle')))) return;
    try {
      await drop.mutateAsync(endpoint.id);
      feedback.toast(t('app.webhooks.deleted'), 'success');
    } catch {
      feedback.toast(t('app.webhooks.deleteFailed'), 'error');
    }
  };

  const openDeliveries = (endpoint: WebhookEndpoint) =>
    stack.push({ title: { key: 'app.webhooks.deliveriesTitle' }, component: WebhookDeliveriesPage, params: { endpoint } });

  return (
    <section className={styles.page} data-testid="webhooks-page">
      <Text>{t('app.webhooks.intro')}</Text>
      <CompanyChooser value={companyId} onChange={setCompanyId} />
      {shown ? (
        <div className={styles.card} role="status" data-testid="webhook-secret">
          <Text weight="semibold">{t('app.webhooks.secretTitle')}</Text>
          <Text size={200} className={styles.url}>{shown.url}</Text>
          <Input className={styles.secret} readOnly value={shown.secret} aria-label={t('app.webhooks.secretLabel')} onFocus={(e) => e.target.select()} />
          <Text size={200}>{t('app.webhooks.secretOnce')}</Text>
          {shown.until ? <Text size={200}>{t('app.webhooks.rotatedUntil', { when: new Date(shown.until).toLocaleString() })}</Text> : null}
          <div className={styles.actions}>
            <Button appearance="primary" onClick={() => setShown(null)}>{t('app.webhooks.secretDone')}</Button>
          </div>
        </div>
      ) : null}
      <ListStates query={endpoints} count={endpoints.data?.length ?? 0} asked={companyId !== null}
        loadFailed={t('app.webhooks.loadFailed')} retry={t('app.webhooks.retry')} empty={t('app.webhooks.empty')} emptyTestId="webhooks-empty" />
      {Array.isArray(list) && list.length > 0 ? (
        <ul className={styles.list} aria-label={t('app.webhooks.listLabel')}>
          {list.map((e) => (
            <li key={e.id} className={styles.row} data-testid="webhook-row">
              <span className={styles.rowText}>
                <span className={styles.head}>
                  <Text weight="semibold" className={styles.url}>{e.url}</Text>
                  <Badge appearance="tint" color={e.disabled_at ? 'danger' : 'success'}>{e.disabled_at ? t('app.webhooks.disabled') : t('app.webhooks.active')}</Badge>
                </span>
                {e.description ? <Text size={200}>{e.description}</Text> : null}
                <Text size={200} className={styles.muted}>{e.events.map(labelOf).join(', ')}</Text>
                {e.previous_secret_expires_at ? <Text size={200} className={styles.muted}>{t('app.webhooks.rotatedUntil', { when: new Date(e.previous_secret_expires_at).toLocaleString() })}</Text> : null}
              </span>
              <span className={styles.rowActions}>
                <Button appearance="subtle" icon={<HistoryRegular />} aria-label={t('app.webhooks.deliveriesLabel', { url: e.url })} onClick={() => void openDeliveries(e)} />
                <Button appearance="subtle" icon={<ArrowSyncRegular />} aria-label={t('app.webhooks.rotateLabel', { url: e.url })} onClick={() => void rotateSecret(e)} />
                <Button appearance="subtle" icon={<DeleteRegular />} aria-label={t('app.webhooks.deleteLabel', { url: e.url })} onClick={() => void remove(e)} />
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {adding ? (
        <form className={styles.card} aria-label={t('app.webhooks.addTitle')} onSubmit={(ev) => { ev.preventDefault(); void save(); }}>
          <Text weight="semibold">{t('app.webhooks.addTitle')}</Text>
          <Field label={t('app.webhooks.url')} required hint={t('app.webhooks.urlHint')} validationMessage={errors.url}>
            <Input value={url} onChange={(_, d) => setUrl(d.value)} placeholder="https://" inputMode="url" maxLength={2000} />
          </Field>
          <Field label={t('app.webhooks.description')} validationMessage={errors.description}>
            <Input value={description} onChange={(_, d) => setDescription(d.value)} maxLength={200} />
          </Field>
          {/* A group of its own, not a Field: a Field would name every checkbox by the group's label. */}
          <div className={styles.events} role="group" aria-labelledby={eventsId}>
            <Text id={eventsId} weight="semibold" size={300}>{t('app.webhooks.eventsLabel')}</Text>
            {WEBHOOK_EVENTS.map((event) => (
              <Checkbox key={event.type} label={t(event.labelKey)} checked={chosen.includes(event.type)}
                onChange={(_, d) => setChosen((c) => (d.checked ? [...c, event.type] : c.filter((x) => x !== event.type)))} />
            ))}
            {errors.events ? <Text size={200} className={styles.error}>{errors.events}</Text> : null}
          </div>
          {errors.form || errors.company_id ? <Text role="alert">{errors.form ?? errors.company_id}</Text> : null}
          <div className={styles.actions}>
            <Button onClick={() => { setAdding(false); reset(); }}>{t('app.webhooks.cancel')}</Button>
            <Button appearance="primary" disabled={saving} onClick={() => void save()}>{saving ? t('app.webhooks.saving') : t('app.webhooks.save')}</Button>
          </div>
        </form>
      ) : (
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setAdding(true)} disabled={companyId === null} data-testid="webhook-add">{t('app.webhooks.add')}</Button>
      )}
    </section>
  );
}
