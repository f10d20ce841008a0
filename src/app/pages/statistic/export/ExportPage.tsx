import { useMemo, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Field, ProgressBar, Radio, RadioGroup, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DateInput } from '../../../../renderer/theme/DateInput';
import { useTranslation } from 'react-i18next';
import { useRendererHost } from '../../../../renderer/host';
import { companiesOptions, moduleDefinitionListOptions } from '../../../api/queries';
import { usePageStack } from '../../../navigation';
import { useSession } from '../../../session';
import { defaultExportForm, exportFormProblem, exportParams, type ExportForm, type ExportJob } from './export-form';
import type { ExportQuery } from '../../../../wire/export';
import { moduleTitle } from '../../application/module-definitions';

/** Spec 001 §8: the export toast shows 2.5 s. */
export const EXPORT_TOAST_MS = 2500;
/** How often the screen asks how far the job is. */
export const EXPORT_POLL_MS = 800;

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, padding: tokens.spacingHorizontalL },
  range: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalS },
});

/**
 * Export (spec 001 §2, §5, §8, §9): module (those whose definition offers `statistics.export`),
 * company (the own one; a group admin chooses), date type (completion or payment), period and
 * file type (pdf or xlsx). Export starts a job on the server; the screen shows its progress, then
 * the e-mail toast (2.5 s) and closes. A failed job says why and the form stays.
 */
export function ExportPage() {
  const { t } = useTranslation();
  const host = useRendererHost();
  const stack = usePageStack();
  const { profile } = useSession();
  const styles = useStyles();
  const groupAdmin = Boolean(profile?.is_ringi_group_member && profile?.is_authorizer);
  const [form, setForm] = useState<ExportForm>(() => defaultExportForm(profile?.company?.id ?? null));
  const [job, setJob] = useState<ExportJob | null>(null);
  const set = (patch: Partial<ExportForm>) => setForm((f) => ({ ...f, ...patch }));

  const allModules = useQuery(moduleDefinitionListOptions(host.api)).data;
  const modules = useMemo(() => (allModules ?? []).filter((m) => m.kind === 'module' && m.meta.statistics?.export), [allModules]);
  // A group admin chooses the company; everyone else exports their own.
  const groupCompanies = useQuery(companiesOptions(host.api, groupAdmin)).data;
  const companies = groupAdmin && groupCompanies ? groupCompanies : profile?.company ? [profile.company] : [];
  // Starting an export is a write (a job on the server, mailed when done); it changes nothing the app caches.
  const start = useMutation({ mutationFn: (params: ExportQuery) => host.api.get<ExportJob>('/buffer/export', params) });

  const run = async () => {
    const problem = exportFormProblem(form);
    if (problem) return host.alert(t('engine.alertTitle'), t(problem));
    let current: ExportJob;
    try {
      current = await start.mutateAsync(exportParams(form));
    } catch {
      return undefined; // the host showed the server's message
    }
    setJob(current);
    while (current.status === 'queued' || current.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, EXPORT_POLL_MS));
      try {
        current = await host.api.get<ExportJob>(`/buffer/export/jobs/${current.id}`);
      } catch {
        // The server went away (a restart): the job is in the database and another instance, or
        // this one when it is back, resumes it and mails the report or the reason it failed.
        setJob(null);
        host.toast(t('statistic.export.continues'), 'info', EXPORT_TOAST_MS);
        stack.pop();
        return undefined;
      }
      setJob(current);
    }
    if (current.status === 'done') {
      host.toast(t('statistic.export.sent'), 'success', EXPORT_TOAST_MS);
      stack.pop();
    } else {
      host.toast(current.error ?? t('statistic.export.failed'), 'error', 3000);
    }
    return undefined;
  };
  const busy = job !== null && (job.status === 'queued' || job.status === 'running');

  return (
    <div className={styles.form} data-testid="export">
      <Field label={t('statistic.export.module')}>
        <Select value={form.moduleCode} onChange={(_, d) => set({ moduleCode: d.value })}>
          <option value="">{t('statistic.export.choose')}</option>
          {modules.map((m) => <option key={m.code} value={m.code}>{moduleTitle(m, host.language)}</option>)}
        </Select>
      </Field>
      <Field label={t('statistic.export.company')}>
        <Select value={form.companyId ? String(form.companyId) : ''} disabled={!groupAdmin} onChange={(_, d) => set({ companyId: d.value ? Number(d.value) : null })}>
          <option value="">{t('statistic.export.choose')}</option>
          {companies.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
        </Select>
      </Field>
      <Field label={t('statistic.export.dateType')}>
        <RadioGroup value={form.dateType} onChange={(_, d) => set({ dateType: d.value as ExportForm['dateType'] })}>
          <Radio value="completion" label={t('statistic.export.dateTypes.completion')} />
          <Radio value="payment" label={t('statistic.export.dateTypes.payment')} />
        </RadioGroup>
      </Field>
      <div className={styles.range}>
        <Field label={t('statistic.export.from')}><DateInput label={t('statistic.export.from')} value={form.from} onChange={(date) => set({ from: date ?? '' })} /></Field>
        <Field label={t('statistic.export.to')}><DateInput label={t('statistic.export.to')} value={form.to} onChange={(date) => set({ to: date ?? '' })} /></Field>
      </div>
      <Field label={t('statistic.export.fileType')}>
        <RadioGroup value={form.fileType} layout="horizontal" onChange={(_, d) => set({ fileType: d.value as ExportForm['fileType'] })}>
          <Radio value="pdf" label="PDF" />
          <Radio value="xlsx" label="XLSX" />
        </RadioGroup>
      </Field>
      {job ? (
        <Field label={t(`statistic.export.status.${job.status}`)} validationState={job.status === 'failed' ? 'error' : 'none'}>
          <ProgressBar value={job.progress / 100} aria-label={t('statistic.export.progress')} data-testid="export-progress" />
        </Field>
      ) : null}
      {job?.status === 'failed' ? <Text role="alert" style={{ color: tokens.colorPaletteRedForeground1 }}>{job.error ?? t('statistic.export.failed')}</Text> : null}
      <Button appearance="primary" disabled={busy} onClick={() => void run()}>{t('statistic.export.submit')}</Button>
    </div>
  );
}
