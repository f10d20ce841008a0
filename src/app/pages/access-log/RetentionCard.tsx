import { useEffect, useState } from 'react';
import { Button, Field, Input, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toDisplayTimestamp } from '../../../engine';
import { invalidateResources, resourceKey } from '../../../renderer/resource-key';
import { RETENTION_MAX_DAYS, RETENTION_MIN_DAYS, type AccessLogSettings } from '../../../wire/access-log';
import { ApiError } from '../../api';
import { useFeedback } from '../../feedback';
import { useSession } from '../../session';

const useStyles = makeStyles({
  card: {
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge, backgroundColor: tokens.colorNeutralBackground1, boxShadow: tokens.shadow2,
  },
  actions: { display: 'flex', justifyContent: 'flex-end' },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** The message for a typed retention, or undefined when it is a whole number of days within the bounds (the server checks the same). */
export function retentionProblem(text: string, t: (key: string, options?: Record<string, unknown>) => string): string | undefined {
  const days = Number(text);
  if (!/^\d+$/.test(text.trim()) || days < RETENTION_MIN_DAYS || days > RETENTION_MAX_DAYS) {
    return t('app.accessLog.retentionRange', { min: RETENTION_MIN_DAYS, max: RETENTION_MAX_DAYS });
  }
  return undefined;
}

/** How long the group keeps its access log (group admins): days, 6 weeks to 10 years; older entries are purged. */
export function RetentionCard() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { api } = useSession();
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: resourceKey('/access_log/settings'),
    queryFn: async () => (await api.get<AccessLogSettings>('/access_log/settings', { ringiSilent: true })).data,
  });
  const [days, setDays] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => { if (settings.data) setDays(String(settings.data.retention_days)); }, [settings.data]);
  const save = useMutation({
    mutationFn: (retention: number) => api.put<AccessLogSettings>('/access_log/settings', { retention_days: retention }, { ringiSilent: true }),
    onSettled: () => invalidateResources(queryClient, ['/access_log/settings']),
  });

  const submit = async () => {
    const problem = retentionProblem(days, t);
    setError(problem);
    if (problem) return;
    try {
      await save.mutateAsync(Number(days));
      feedback.toast(t('app.accessLog.retentionSaved'), 'success');
    } catch (e) {
      setError(e instanceof ApiError && e.message ? e.message : t('app.accessLog.retentionFailed'));
    }
  };

  return (
    <form className={styles.card} aria-label={t('app.accessLog.retentionTitle')} noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }} data-testid="access-log-retention">
      <Text weight="semibold">{t('app.accessLog.retentionTitle')}</Text>
      {settings.isPending ? <Spinner size="tiny" label={t('app.common.loading')} /> : null}
      {settings.isError ? <Text role="alert">{t('app.accessLog.loadFailed')}</Text> : null}
      {settings.data ? (
        <>
          <Field label={t('app.accessLog.retentionDays')} hint={t('app.accessLog.retentionHint', { min: RETENTION_MIN_DAYS, max: RETENTION_MAX_DAYS })} validationMessage={error}>
            <Input type="number" inputMode="numeric" min={RETENTION_MIN_DAYS} max={RETENTION_MAX_DAYS} value={days} onChange={(_, d) => setDays(d.value)} />
          </Field>
          <Text size={200} className={styles.muted}>
            {settings.data.purged_at ? t('app.accessLog.purgedAt', { at: toDisplayTimestamp(settings.data.purged_at) }) : t('app.accessLog.neverPurged')}
          </Text>
          <div className={styles.actions}>
            <Button appearance="primary" type="submit" disabled={save.isPending}>{t('app.accessLog.retentionSave')}</Button>
          </div>
        </>
      ) : null}
    </form>
  );
}
