import { useMemo, useState } from 'react';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, CardHeader, Field, Input, Select, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DateInput } from '../../../../renderer/theme/DateInput';
import { useTranslation } from 'react-i18next';
import { labelValue, formatMoney, toDisplayDate } from '../../../../engine';
import { currenciesOptions, cursorListOptions, flattenPages, moduleDefinitionListOptions } from '../../../api/queries';
import { useRendererHost } from '../../../../renderer/host';
import { RecordHistoryPage } from './RecordHistoryPage';
import { EMPTY_RECORDS_FORM, recordsDateProblem, recordsFormProblem, recordsParams, type RecordRow, type RecordsForm } from './records-query';
import { moduleTitle } from '../../application/module-definitions';
import type { RecordExportJob, RecordExportQuery, RecordFilter, RecordQuery, VerifyReport } from '../../../../wire/records';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`, minWidth: 0 },
  // Two columns at 390 px: inputs shrink to their column (a date input is wider by itself).
  grid: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: tokens.spacingHorizontalS, '& .fui-Input, & .fui-Select': { minWidth: 0 } },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
  card: { cursor: 'pointer' },
  wrap: { overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3, textAlign: 'center' },
});


/**
 * Records (電子帳簿保存法 search; docs/COMPLIANCE.md): every file of a filed document with its
 * transaction date, amount, counterparty and registration number, searched by any combination
 * of date range, amount range, counterparty, module and currency; newest transaction first,
 * paged by the server's cursor. A record opens its document's change history. The filter can
 * be downloaded for a tax officer as CSV (UTF-8 or Shift_JIS) or a zip with the files (mailed),
 * and the history chains can be verified.
 */
export function RecordsPage() {
  const { t, i18n } = useTranslation();
  const host = useRendererHost();
  const styles = useStyles();
  const [form, setForm] = useState<RecordsForm>(EMPTY_RECORDS_FORM);
  const [applied, setApplied] = useState<RecordFilter>({});
  // A search was asked for with this form (its problems are marked at the fields from then on).
  const [tried, setTried] = useState(false);
  // Reset empties the date boxes too: they keep typed text until remounted (DateInput keeps what was typed).
  const [resets, setResets] = useState(0);
  const set = (patch: Partial<RecordsForm>) => setForm((f) => ({ ...f, ...patch }));
  const lang = (i18n.language as 'en' | 'ja' | 'zh') ?? 'ja';

  const allModules = useQuery(moduleDefinitionListOptions(host.api)).data;
  const modules = useMemo(() => (allModules ?? []).filter((m) => m.kind === 'module' && m.meta.statistics?.records), [allModules]);
  const currencies = useQuery(currenciesOptions(host.api)).data ?? [];

  const query = useInfiniteQuery(cursorListOptions<RecordRow, RecordQuery>(host.api, '/records', { ...applied, itemsPerPage: 10 }));
  const list = {
    items: useMemo(() => flattenPages(query.data?.pages, (r) => r, (r) => `${r.document.id}-${r.file.id}`), [query.data]),
    loading: query.isPending || query.isFetchingNextPage,
    failed: query.isError,
    done: query.isError || (!query.isPending && !query.hasNextPage),
    loadMore: () => void query.fetchNextPage(),
  };
  // The export is mailed and the verification is a report: neither changes what the screen shows.
  const exporting = useMutation({ mutationFn: (params: RecordExportQuery) => host.api.get<RecordExportJob>('/records/export', params) });
  const verifying = useMutation({ mutationFn: () => host.api.get<VerifyReport>('/records/verify') });
  const busy = exporting.isPending || verifying.isPending;
  const titles = useMemo(() => new Map(modules.map((m) => [m.code, moduleTitle(m, lang)])), [modules, lang]);

  const search = () => {
    setTried(true);
    const problem = recordsFormProblem(form);
    if (problem) { host.toast(t(problem), 'error'); return; }
    setApplied(recordsParams(form));
  };
  const download = async (format: 'csv' | 'zip', encoding: 'utf-8' | 'shift_jis' = 'utf-8') => {
    try {
      await exporting.mutateAsync({ ...applied, format, encoding });
      host.toast(t('statistic.records.exportMailed'), 'success', 2500);
    } catch { /* the API client showed the server's message */ }
  };
  const verify = async () => {
    try {
      const report = await verifying.mutateAsync();
      host.toast(report.ok
        ? t('statistic.records.verifyOk', { documents: t('statistic.records.documentCount', { count: report.documents }), unattributed: t('statistic.records.changeCount', { count: report.unattributed.length }) })
        : t('statistic.records.verifyBroken', { count: report.broken.length + report.unattributed.length }), report.ok ? 'success' : 'error', 4000);
    } catch { /* shown by the API client */ }
  };
  const open = (row: RecordRow) => void host.openPage({ key: 'statistic.records.historyTitle', params: { code: row.document.code } }, () => (
    <RecordHistoryPage documentId={row.document.id} code={row.document.code} />
  ));

  return (
    <section className={styles.root} data-testid="records">
      <div className={styles.grid}>
        {(['after', 'before'] as const).map((which) => {
          const bad = tried && recordsDateProblem(form, which);
          return (
            <Field key={`${which}-${resets}`} label={t(`statistic.records.${which}`)} validationState={bad ? 'error' : 'none'} validationMessage={bad ? t('statistic.records.badDate') : undefined}>
              <DateInput
                label={t(`statistic.records.${which}`)}
                value={form[which]}
                invalid={bad}
                onChange={(date) => set({ [which]: date ?? '' })}
                onTextChange={(text) => set({ [which === 'after' ? 'afterText' : 'beforeText']: text })}
              />
            </Field>
          );
        })}
        <Field label={t('statistic.records.gte')}><Input inputMode="decimal" value={form.gte} onChange={(_, d) => set({ gte: d.value })} /></Field>
        <Field label={t('statistic.records.lte')}><Input inputMode="decimal" value={form.lte} onChange={(_, d) => set({ lte: d.value })} /></Field>
      </div>
      <Field label={t('statistic.records.counterparty')}><Input value={form.counterparty} maxLength={100} onChange={(_, d) => set({ counterparty: d.value })} /></Field>
      <div className={styles.grid}>
        <Field label={t('statistic.records.applicationNumber')}><Input value={form.applicationNumber} maxLength={64} onChange={(_, d) => set({ applicationNumber: d.value })} /></Field>
        <Field label={t('statistic.records.decisionNumber')}><Input value={form.decisionNumber} maxLength={64} onChange={(_, d) => set({ decisionNumber: d.value })} /></Field>
      </div>
      <div className={styles.grid}>
        <Field label={t('statistic.records.module')}>
          <Select value={form.module} onChange={(_, d) => set({ module: d.value })}>
            <option value="">{t('statistic.records.any')}</option>
            {modules.map((m) => <option key={m.code} value={m.code}>{titles.get(m.code)}</option>)}
          </Select>
        </Field>
        <Field label={t('statistic.records.currency')}>
          <Select value={form.currency} onChange={(_, d) => set({ currency: d.value })}>
            <option value="">{t('statistic.records.any')}</option>
            {currencies.map((c) => <option key={c.id} value={c.code}>{c.code}</option>)}
          </Select>
        </Field>
      </div>
      <div className={styles.actions}>
        <Button appearance="primary" onClick={search}>{t('statistic.records.search')}</Button>
        <Button onClick={() => { setForm(EMPTY_RECORDS_FORM); setApplied({}); setTried(false); setResets((n) => n + 1); }}>{t('statistic.records.reset')}</Button>
      </div>
      <div className={styles.actions}>
        <Button size="small" disabled={busy} onClick={() => void download('csv')}>{t('statistic.records.csvUtf8')}</Button>
        <Button size="small" disabled={busy} onClick={() => void download('csv', 'shift_jis')}>{t('statistic.records.csvSjis')}</Button>
        <Button size="small" disabled={busy} onClick={() => void download('zip')}>{t('statistic.records.zip')}</Button>
        <Button size="small" disabled={busy} onClick={() => void verify()}>{t('statistic.records.verify')}</Button>
      </div>
      <ul className={styles.list} aria-label={t('statistic.records.listLabel')}>
        {list.items.map((r) => (
          <li key={`${r.document.id}-${r.file.id}`}>
            <Card className={styles.card} role="button" aria-label={`${r.document.code} ${r.file.name}`} onClick={() => open(r)} data-testid="record-row">
              <CardHeader
                header={<Text weight="semibold">{`${toDisplayDate(r.date)} · ${r.amount === null ? '-' : formatMoney(r.amount, r.currency, lang)} ${r.currency ?? ''}`}</Text>}
                description={(
                  <div>
                    <Text block className={styles.wrap}>{r.counterparty ?? t('statistic.records.noCounterparty')}</Text>
                    {r.registration_no ? <Text block size={200}>{labelValue(t, t('statistic.records.registrationNo'), r.registration_no)}</Text> : null}
                    {r.document.application_number ? <Text block size={200} data-application-number={r.document.application_number}>{labelValue(t, t('statistic.records.applicationNumber'), r.document.application_number)}</Text> : null}
                    {r.document.decision_number ? <Text block size={200} data-decision-number={r.document.decision_number}>{labelValue(t, t('statistic.records.decisionNumber'), r.document.decision_number)}</Text> : null}
                    <Text block size={200} className={styles.wrap}>{`${r.document.code} · ${titles.get(r.document.module) ?? r.document.module} · ${r.file.name}`}</Text>
                    {r.removed_at ? <Badge appearance="tint" color="warning">{t('statistic.records.removed')}</Badge> : null}
                  </div>
                )}
              />
            </Card>
          </li>
        ))}
      </ul>
      {list.loading ? <Spinner size="small" label={t('statistic.records.loading')} /> : null}
      {!list.loading && list.items.length === 0 ? <Text className={styles.muted}>{list.failed ? t('statistic.records.failed') : t('statistic.records.empty')}</Text> : null}
      {!list.loading && !list.done ? <Button appearance="subtle" onClick={list.loadMore}>{t('statistic.records.more')}</Button> : null}
    </section>
  );
}
