import { useState } from 'react';
import { Badge, Button, Field, Link, Select, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, DismissRegular } from '@fluentui/react-icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toDisplayTimestamp } from '../../../engine';
import { resourceKey } from '../../../renderer/resource-key';
import { ACCESS_EVENTS, type AccessLogCollection, type AccessLogMember, type CsvEncoding } from '../../../wire/access-log';
import { useFeedback } from '../../feedback';
import { useSession } from '../../session';
import { ListStates } from '../common/ListStates';
import { usePageStyles } from '../common/page-styles';
import { deviceLabel } from '../../lib/device-label';
import { downloadExport } from '../../api/download-export';
import { isGroupAdminProfile } from '../admin/admin-entries';
import { accessLogParams, NO_FILTERS, type AccessLogFilters } from './access-log-query';
import { RetentionCard } from './RetentionCard';
import { DateInput } from '../../../renderer/theme/DateInput';

const useStyles = makeStyles({
  card: {
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge, backgroundColor: tokens.colorNeutralBackground1, boxShadow: tokens.shadow2,
  },
  dates: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalS },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end', flexWrap: 'wrap' },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  entry: { alignItems: 'flex-start' },
  wrap: { overflowWrap: 'anywhere' },
  pager: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
});

/** Entries a page shows. */
const PER_PAGE = 20;

/**
 * Admin → Access log (issue #34 item 8; docs/IDENTITY.md "Access log"): sign-ins, SCIM changes,
 * admin changes, exports and downloads, newest first, 20 a page — filtered by event, period
 * (days in the reader's time zone) and a user (tap a name), exported as CSV in UTF-8 or
 * Shift_JIS; a group admin also sets how long entries are kept. A company authorizer reads their
 * company's entries, a group admin every company's (the server decides the same).
 */
export function AccessLogPage() {
  const { t, i18n } = useTranslation();
  const styles = { ...usePageStyles(), ...useStyles() };
  const { api, profile } = useSession();
  const feedback = useFeedback();
  const [filters, setFilters] = useState<AccessLogFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [encoding, setEncoding] = useState<CsvEncoding>('utf-8');
  const [exporting, setExporting] = useState(false);
  const params = { ...accessLogParams(filters), page, itemsPerPage: PER_PAGE };
  const badPeriod = Boolean(filters.from && filters.to && filters.from > filters.to);

  const list = useQuery({
    queryKey: resourceKey('/access_log', params, 'page'),
    queryFn: async () => (await api.get<AccessLogCollection>('/access_log', { params, ringiSilent: true })).data,
    enabled: !badPeriod,
    placeholderData: keepPreviousData,
  });
  const change = (next: Partial<AccessLogFilters>) => { setFilters((f) => ({ ...f, ...next })); setPage(1); };
  const total = list.data?.['hydra:totalItems'] ?? 0;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  const rows = list.data?.['hydra:member'] ?? [];

  const exportCsv = async () => {
    setExporting(true);
    try {
      const query = new URLSearchParams(Object.entries({ ...accessLogParams(filters), encoding }).map(([k, v]) => [k, String(v)])).toString();
      await downloadExport('/access_log/export', query, i18n.language, 'access-log.csv');
    } catch (error) {
      feedback.toast(error instanceof Error && error.message && !/^\d+$/.test(error.message) ? error.message : t('app.accessLog.exportFailed'), 'error');
    } finally {
      setExporting(false);
    }
  };

  const eventLabel = (event: string) => t(`app.accessLog.events.${event}`, { defaultValue: event });
  const outcome = (e: AccessLogMember) => {
    const method = e.method ? t(`app.accessLog.methods.${e.method}`, { defaultValue: e.method }) : null;
    const reason = e.reason ? t(`app.accessLog.reasons.${e.reason}`, { defaultValue: e.reason }) : null;
    return [method, e.idp, reason].filter(Boolean).join(' · ');
  };
  const place = (e: AccessLogMember) => {
    const { browser, system } = deviceLabel(e.user_agent);
    // Only what the user agent names (an unknown half is left out, not written "unknown").
    const device = browser && system ? t('app.sessions.device', { browser, system }) : browser ?? system;
    return [e.ip ? t('app.sessions.address', { ip: e.ip }) : null, device].filter(Boolean).join(' · ');
  };

  return (
    <section className={styles.page} data-testid="access-log">
      <Text>{t('app.accessLog.intro')}</Text>
      <form className={styles.card} aria-label={t('app.accessLog.filters')} onSubmit={(e) => e.preventDefault()}>
        <Field label={t('app.accessLog.event')}>
          <Select value={filters.event} onChange={(_, d) => change({ event: d.value })} data-testid="access-log-event">
            <option value="">{t('app.accessLog.allEvents')}</option>
            {ACCESS_EVENTS.map((event) => <option key={event} value={event}>{eventLabel(event)}</option>)}
          </Select>
        </Field>
        <div className={styles.dates}>
          <Field label={t('app.accessLog.from')}>
            <DateInput id="access-log-from" label={t('app.accessLog.from')} value={filters.from} onChange={(date) => change({ from: date ?? '' })} />
          </Field>
          <Field label={t('app.accessLog.to')} validationMessage={badPeriod ? t('app.accessLog.badPeriod') : undefined}>
            <DateInput id="access-log-to" label={t('app.accessLog.to')} value={filters.to} onChange={(date) => change({ to: date ?? '' })} />
          </Field>
        </div>
        {filters.user ? (
          <div className={styles.head}>
            <Text>{t('app.accessLog.onlyUser', { name: filters.user.name })}</Text>
            <Button size="small" appearance="subtle" icon={<DismissRegular />} onClick={() => change({ user: null })}>{t('app.accessLog.allUsers')}</Button>
          </div>
        ) : <Text size={200} className={styles.muted}>{t('app.accessLog.userHint')}</Text>}
        <div className={styles.actions}>
          <Field label={t('app.accessLog.encoding')}>
            <Select value={encoding} onChange={(_, d) => setEncoding(d.value as CsvEncoding)}>
              <option value="utf-8">{t('app.accessLog.utf8')}</option>
              <option value="shift_jis">{t('app.accessLog.shiftJis')}</option>
            </Select>
          </Field>
          <Button icon={<ArrowDownloadRegular />} disabled={exporting || badPeriod} onClick={() => void exportCsv()}>
            {exporting ? t('app.accessLog.exporting') : t('app.accessLog.export')}
          </Button>
        </div>
      </form>
      <ListStates query={list} count={rows.length} asked={!badPeriod}
        loadFailed={t('app.accessLog.loadFailed')} retry={t('app.accessLog.retry')} empty={t('app.accessLog.empty')} emptyTestId="access-log-empty" />
      {rows.length > 0 ? (
        <>
          <Text size={200} className={styles.muted}>{t('app.accessLog.count', { count: total })}</Text>
          <ul className={styles.list} aria-label={t('app.accessLog.listLabel')}>
            {rows.map((e) => (
              <li key={e.id} className={mergeClasses(styles.row, styles.entry)} data-testid="access-log-row">
                <span className={styles.rowText}>
                  <Text weight="semibold">{eventLabel(e.event)}</Text>
                  <Text size={200}>
                    {e.user
                      ? <Link as="button" onClick={() => change({ user: { id: e.user!.id, name: e.user!.name } })}>{e.user.name}</Link>
                      : t('app.accessLog.noUser')}
                    {e.company ? ` · ${e.company.name}` : ''}
                  </Text>
                  <Text size={200} className={styles.wrap}>{[toDisplayTimestamp(e.at), outcome(e)].filter(Boolean).join(' · ')}</Text>
                  {place(e) ? <Text size={200} className={mergeClasses(styles.muted, styles.wrap)}>{place(e)}</Text> : null}
                </span>
                <Badge className={styles.rowBadge} appearance="tint" color={e.success ? 'success' : 'danger'}>
                  {e.success ? t('app.accessLog.success') : t('app.accessLog.failure')}
                </Badge>
              </li>
            ))}
          </ul>
          <div className={styles.pager}>
            <Button disabled={page <= 1 || list.isFetching} onClick={() => setPage((p) => p - 1)}>{t('app.accessLog.previous')}</Button>
            <Text size={200}>{t('app.accessLog.page', { page, pages })}</Text>
            <Button disabled={page >= pages || list.isFetching} onClick={() => setPage((p) => p + 1)}>{t('app.accessLog.next')}</Button>
          </div>
        </>
      ) : null}
      {isGroupAdminProfile(profile) ? <RetentionCard /> : null}
    </section>
  );
}
