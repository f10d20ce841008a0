import { useState } from 'react';
import { Button, Checkbox, Field, ProgressBar, Select, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toDisplayDate } from '../../../../engine';
import { JOURNAL_FORMATS, type JournalExportBody, type JournalExportJob, type JournalPreview } from '../../../../wire/journals';
import { ApiError } from '../../../api';
import { downloadExport } from '../../../api/download-export';
import { useSession } from '../../../session';
import { CompanyChooser, useChosenCompany } from '../../admin/CompanyChooser';
import { usePageStyles } from '../../common/page-styles';
import { DateInput } from '../../../../renderer/theme/DateInput';
import { JournalLines } from './JournalLines';

const useStyles = makeStyles({
  card: {
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge, backgroundColor: tokens.colorNeutralBackground1, boxShadow: tokens.shadow2, minWidth: 0,
  },
  fields: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, '& > *': { flex: '1 1 140px', minWidth: 0 } },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end', flexWrap: 'wrap' },
  alert: { margin: 0, paddingLeft: tokens.spacingHorizontalL, color: tokens.colorPaletteRedForeground1 },
  warn: { margin: 0, paddingLeft: tokens.spacingHorizontalL, color: tokens.colorPaletteDarkOrangeForeground1 },
});

const firstOfMonth = () => `${new Date().toISOString().slice(0, 7)}-01`;
const today = () => new Date().toISOString().slice(0, 10);
const messageOf = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message || fallback : error instanceof Error ? error.message : fallback);

/**
 * Statistic → Journal export (issue 35; docs/ACCOUNTING.md): a company's decided documents of a
 * period as journals for 弥生, MoneyForward or freee. The preview lists each journal's lines with
 * the documents that give none (problems), those exported and edited since (corrections) and the
 * transitional cap warning; the export runs as a job (progress shown) whose file is downloaded.
 * Finance and treasury of the company and group admins (the server decides).
 */
export function JournalExportPage() {
  const { t, i18n } = useTranslation();
  const styles = { ...usePageStyles(), ...useStyles() };
  const { api } = useSession();
  const [companyId, setCompanyId] = useChosenCompany();
  const [from, setFrom] = useState(firstOfMonth());
  const [to, setTo] = useState(today());
  const [format, setFormat] = useState<JournalExportBody['format']>('yayoi');
  const [includeExported, setIncludeExported] = useState(false);
  const [asked, setAsked] = useState<{ companyId: number; from: string; to: string; includeExported: boolean } | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);

  const preview = useQuery({
    queryKey: ['journal_exports/preview', asked],
    queryFn: async () => (await api.get<JournalPreview>('/journal_exports/preview', {
      params: { company_id: asked!.companyId, from: asked!.from, to: asked!.to, ...(asked!.includeExported ? { include_exported: '1' } : {}) }, ringiSilent: true,
    })).data,
    enabled: asked !== null,
  });
  const start = useMutation({ mutationFn: async (body: JournalExportBody) => (await api.post<JournalExportJob>('/journal_exports', body, { ringiSilent: true })).data });
  const job = useQuery({
    queryKey: ['journal_exports', jobId],
    queryFn: async () => (await api.get<JournalExportJob>(`/journal_exports/${jobId}`, { ringiSilent: true })).data,
    enabled: jobId !== null,
    refetchInterval: (q) => (q.state.data && (q.state.data.status === 'done' || q.state.data.status === 'failed') ? false : 1000),
  });

  const complete = companyId !== null && Boolean(from) && Boolean(to);
  const onPreview = () => { if (complete) setAsked({ companyId: companyId!, from, to, includeExported }); };
  const onExport = async () => {
    if (!complete) return;
    setDownloadError(null);
    try {
      const created = await start.mutateAsync({ company_id: companyId!, from, to, format, include_exported: includeExported });
      setJobId(created.id);
    } catch {
      // shown from start.error
    }
  };
  const onDownload = async () => {
    setDownloadError(null);
    try {
      await downloadExport(`/journal_exports/${jobId}/file`, '', i18n.language, `journals-${jobId}.csv`);
    } catch (error) {
      setDownloadError(messageOf(error, t('statistic.journals.downloadFailed')));
    }
  };
  const data = preview.data;
  const current = job.data;

  return (
    <section className={styles.page} data-testid="journal-export">
      <Text>{t('statistic.journals.intro')}</Text>
      <CompanyChooser value={companyId} onChange={(id) => { setCompanyId(id); setAsked(null); setJobId(null); }} />
      <form className={styles.card} aria-label={t('statistic.journals.settings')} onSubmit={(e) => { e.preventDefault(); onPreview(); }}>
        <div className={styles.fields}>
          <Field label={t('statistic.journals.from')}><DateInput label={t('statistic.journals.from')} value={from} onChange={(date) => setFrom(date ?? '')} /></Field>
          <Field label={t('statistic.journals.to')}><DateInput label={t('statistic.journals.to')} value={to} onChange={(date) => setTo(date ?? '')} /></Field>
          <Field label={t('statistic.journals.format')}>
            <Select value={format} onChange={(_, d) => setFormat(d.value as JournalExportBody['format'])}>
              {JOURNAL_FORMATS.map((f) => <option key={f} value={f}>{t(`statistic.journals.formats.${f}`)}</option>)}
            </Select>
          </Field>
        </div>
        <Checkbox checked={includeExported} onChange={(_, d) => setIncludeExported(d.checked === true)} label={t('statistic.journals.includeExported')} />
        <div className={styles.actions}>
          <Button type="submit" disabled={!complete}>{t('statistic.journals.preview')}</Button>
          <Button appearance="primary" disabled={!complete || start.isPending || (current !== undefined && !['done', 'failed'].includes(current.status))} onClick={() => void onExport()}>
            {t('statistic.journals.export')}
          </Button>
        </div>
        {start.isError ? <Text role="alert" className={styles.alert}>{messageOf(start.error, t('statistic.journals.exportFailed'))}</Text> : null}
      </form>

      {jobId !== null ? (
        <div className={styles.card} data-testid="journal-job">
          {current?.status === 'done' ? (
            <>
              <Text>{t('statistic.journals.ready', { name: current.file_name ?? '' })}</Text>
              <div className={styles.actions}><Button appearance="primary" onClick={() => void onDownload()}>{t('statistic.journals.download')}</Button></div>
              {downloadError ? <Text role="alert" className={styles.alert}>{downloadError}</Text> : null}
            </>
          ) : current?.status === 'failed' ? (
            <Text role="alert" className={styles.alert}>{current.error ?? t('statistic.journals.exportFailed')}</Text>
          ) : (
            <Field label={t('statistic.journals.running')} validationState="none">
              <ProgressBar value={(current?.progress ?? 0) / 100} aria-label={t('statistic.journals.running')} />
            </Field>
          )}
        </div>
      ) : null}

      {preview.isFetching ? <Spinner size="small" label={t('app.common.loading')} /> : null}
      {preview.isError ? <Text role="alert" className={styles.alert}>{messageOf(preview.error, t('statistic.journals.loadFailed'))}</Text> : null}
      {data && !data.has_mapping ? <Text role="alert" className={styles.alert}>{t('statistic.journals.noMapping')}</Text> : null}
      {data?.warnings.length ? (
        <div role="alert"><ul className={styles.warn}>{data.warnings.map((w) => <li key={`${w.supplier}-${w.year}`}>{w.message}</li>)}</ul></div>
      ) : null}
      {data?.corrections.length ? (
        <div className={styles.card} data-testid="journal-corrections">
          <Text weight="semibold">{t('statistic.journals.corrections')}</Text>
          <ul className={styles.warn}>
            {data.corrections.map((c) => <li key={c.buffer_id}>{t('statistic.journals.correction', { code: c.code, date: toDisplayDate(c.exported_at.slice(0, 10)), format: t(`statistic.journals.formats.${c.format}`) })}</li>)}
          </ul>
        </div>
      ) : null}
      {data?.problems.length ? (
        <div className={styles.card} data-testid="journal-problems">
          <Text weight="semibold">{t('statistic.journals.problems')}</Text>
          <ul className={styles.alert}>{data.problems.map((p) => <li key={p.buffer_id}>{`${p.code}: ${p.message}`}</li>)}</ul>
        </div>
      ) : null}
      {data?.has_mapping && data.journals.length === 0 ? <Text className={styles.muted} data-testid="journal-empty">{t('statistic.journals.empty')}</Text> : null}
      {data?.journals.length ? (
        <div className={styles.card}>
          <Text weight="semibold">{t('statistic.journals.count', { count: data.journals.length })}</Text>
          <JournalLines journals={data.journals} />
        </div>
      ) : null}
    </section>
  );
}
