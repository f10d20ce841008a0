import { useState } from 'react';
import { Button, Field, Input, Select, Spinner, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toDisplayDate, toDisplayTimestamp } from '../../../../engine';
import { useRendererHost } from '../../../../renderer/host';
import { invalidateResources, resourceKey } from '../../../../renderer/resource-key';
import type {
  ExchangeRateBody, ExchangeRateCollection, ExchangeRateImportResult, ExchangeSettings, ExchangeSettingsBody,
} from '../../../../wire/exchange-rates';
import { ApiError } from '../../../api';
import { currenciesOptions } from '../../../api/queries';
import { useFeedback } from '../../../feedback';
import { useSession } from '../../../session';
import { CompanyChooser, useChosenCompany } from '../../admin/CompanyChooser';
import { usePageStyles } from '../../common/page-styles';
import { DateInput } from '../../../../renderer/theme/DateInput';

const useStyles = makeStyles({
  card: {
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge, backgroundColor: tokens.colorNeutralBackground1, boxShadow: tokens.shadow2,
  },
  fields: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, '& > *': { flex: '1 1 120px', minWidth: 0 } },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end', flexWrap: 'wrap' },
  problems: { margin: 0, paddingLeft: tokens.spacingHorizontalL, color: tokens.colorPaletteRedForeground1 },
  rate: { fontVariantNumeric: 'tabular-nums' },
  // One setting a row: a long rounding name must not widen its select past the card.
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, '& select': { minWidth: 0, maxWidth: '100%' } },
});

/** Rows a page of the table shows (the server's default). */
export const RATES_PAGE_SIZE = 20;
const ROUNDING_RULES = ['half_up', 'down', 'half_even'] as const;

/** The violations of a refused call, as lines to show (the message alone when there are none). */
function problemsOf(error: unknown, fallback: string): string[] {
  if (!(error instanceof ApiError)) return [fallback];
  const violations = (error.body.violations ?? []) as Array<{ message: string }>;
  return violations.length ? violations.map((v) => v.message) : [error.message || fallback];
}

/**
 * Statistic → Exchange rates (issue #35 item 5; docs/MODULES.md "Currencies and conversion"): a
 * company's reporting currency and rounding rule, its rate table (newest day first, filtered by
 * currency, paged), one rate entered or changed, and a CSV import whose bad lines are listed
 * (nothing is stored then). The company's finance staff and group admins change it; its
 * authorizers and treasury staff read it (the server decides; the forms show only for `can_edit`).
 */
export function ExchangeRatesPage() {
  const { t } = useTranslation();
  const styles = { ...usePageStyles(), ...useStyles() };
  const host = useRendererHost();
  const { api } = useSession();
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const [companyId, setCompanyId] = useChosenCompany();
  const [currency, setCurrency] = useState('');
  const [page, setPage] = useState(1);
  const [entry, setEntry] = useState<ExchangeRateBody>({ currency: '', rate_date: '', rate: 0 });
  const [rateText, setRateText] = useState('');
  const [entryProblems, setEntryProblems] = useState<string[]>([]);
  const [csv, setCsv] = useState('');
  const [importProblems, setImportProblems] = useState<string[]>([]);
  const [settings, setSettings] = useState<ExchangeSettingsBody | null>(null);
  const currencies = useQuery(currenciesOptions(host.api)).data ?? [];
  const path = `/companies/${companyId ?? 0}/exchange_rates`;
  const params = { page, itemsPerPage: RATES_PAGE_SIZE, ...(currency ? { currency } : {}) };
  const list = useQuery({
    queryKey: resourceKey(path, params, 'page'),
    queryFn: async () => (await api.get<ExchangeRateCollection>(path, { params, ringiSilent: true })).data,
    enabled: companyId !== null,
  });
  const reload = () => invalidateResources(queryClient, [path]);
  const saveSettings = useMutation({ mutationFn: (body: ExchangeSettingsBody) => api.put<ExchangeSettings>(`${path}/settings`, body, { ringiSilent: true }), onSettled: reload });
  const saveRate = useMutation({ mutationFn: (body: ExchangeRateBody) => api.put(path, body, { ringiSilent: true }), onSettled: reload });
  const importCsv = useMutation({ mutationFn: (text: string) => api.post<ExchangeRateImportResult>(`${path}/import`, { csv: text }, { ringiSilent: true }), onSettled: reload });

  const current = list.data?.settings;
  const canEdit = current?.can_edit === true;
  const chosen = settings ?? (current ? { reporting_currency_id: current.reporting_currency?.id ?? null, rounding_rule: current.rounding_rule } : null);
  const others = currencies.filter((c) => c.id !== current?.reporting_currency?.id);
  const total = list.data?.['hydra:totalItems'] ?? 0;

  const onSaveSettings = async () => {
    if (!chosen) return;
    try {
      await saveSettings.mutateAsync(chosen);
      setSettings(null);
      feedback.toast(t('statistic.exchange.saved'), 'success');
    } catch (error) {
      feedback.toast(problemsOf(error, t('statistic.exchange.saveFailed')).join(' '), 'error');
    }
  };
  const onSaveRate = async () => {
    const rate = Number(rateText);
    if (!entry.currency || !entry.rate_date || !rateText.trim() || !Number.isFinite(rate)) return setEntryProblems([t('statistic.exchange.entryIncomplete')]);
    try {
      await saveRate.mutateAsync({ ...entry, rate });
      setEntryProblems([]);
      setRateText('');
      feedback.toast(t('statistic.exchange.saved'), 'success');
    } catch (error) {
      setEntryProblems(problemsOf(error, t('statistic.exchange.saveFailed')));
    }
  };
  const onImport = async () => {
    try {
      const { data } = await importCsv.mutateAsync(csv);
      setImportProblems([]);
      setCsv('');
      feedback.toast(t('statistic.exchange.imported', { count: data.imported }), 'success');
    } catch (error) {
      setImportProblems(problemsOf(error, t('statistic.exchange.saveFailed')));
    }
  };
  const readFile = async (file: File | undefined) => { if (file) setCsv(await file.text()); };

  return (
    <section className={styles.page} data-testid="exchange-rates">
      <Text>{t('statistic.exchange.intro')}</Text>
      <CompanyChooser value={companyId} onChange={(id) => { setCompanyId(id); setPage(1); setSettings(null); }} />
      {list.isPending && companyId !== null ? <Spinner size="small" label={t('app.common.loading')} /> : null}
      {list.isError ? <Text role="alert">{problemsOf(list.error, t('statistic.exchange.loadFailed'))[0]}</Text> : null}
      {current && chosen ? (
        <form className={styles.card} aria-label={t('statistic.exchange.settings')} onSubmit={(e) => { e.preventDefault(); void onSaveSettings(); }}>
          <Text weight="semibold">{t('statistic.exchange.settings')}</Text>
          <div className={styles.stack}>
            <Field label={t('statistic.exchange.reportingCurrency')} hint={t('statistic.exchange.reportingHint')}>
              <Select disabled={!canEdit} value={chosen.reporting_currency_id === null ? '' : String(chosen.reporting_currency_id)}
                onChange={(_, d) => setSettings({ ...chosen, reporting_currency_id: d.value ? Number(d.value) : null })}>
                <option value="">{t('statistic.exchange.noConversion')}</option>
                {currencies.map((c) => <option key={c.id} value={String(c.id)}>{c.code}</option>)}
              </Select>
            </Field>
            <Field label={t('statistic.exchange.rounding')}>
              <Select disabled={!canEdit} value={chosen.rounding_rule} onChange={(_, d) => setSettings({ ...chosen, rounding_rule: d.value as ExchangeSettingsBody['rounding_rule'] })}>
                {ROUNDING_RULES.map((r) => <option key={r} value={r}>{t(`statistic.exchange.rules.${r}`)}</option>)}
              </Select>
            </Field>
          </div>
          {canEdit ? <div className={styles.actions}><Button type="submit" appearance="primary" disabled={settings === null}>{t('statistic.exchange.saveSettings')}</Button></div> : null}
        </form>
      ) : null}
      {current ? (
        <>
          <Field label={t('statistic.exchange.filterCurrency')}>
            <Select value={currency} onChange={(_, d) => { setCurrency(d.value); setPage(1); }}>
              <option value="">{t('statistic.exchange.allCurrencies')}</option>
              {others.map((c) => <option key={c.id} value={c.code}>{c.code}</option>)}
            </Select>
          </Field>
          {total === 0 ? <Text className={styles.muted} data-testid="exchange-rates-empty">{t('statistic.exchange.empty')}</Text> : (
            <ul className={styles.list} aria-label={t('statistic.exchange.listLabel')}>
              {(list.data?.['hydra:member'] ?? []).map((r) => (
                <li key={r.id} className={styles.row} data-testid="exchange-rate-row">
                  <span className={styles.rowText}>
                    <Text weight="semibold" className={styles.rate}>
                      {t('statistic.exchange.rateLine', { currency: r.currency.code, rate: r.rate, reporting: current.reporting_currency?.code ?? '' })}
                    </Text>
                    <Text size={200} className={styles.muted}>
                      {t('statistic.exchange.from', { date: toDisplayDate(r.rate_date) })} · {t(`statistic.exchange.sources.${r.source}`)}
                      {r.updated_by ? ` · ${t('statistic.exchange.by', { name: r.updated_by.name, at: toDisplayTimestamp(r.updated_at) })}` : ''}
                    </Text>
                  </span>
                </li>
              ))}
            </ul>
          )}
          {total > RATES_PAGE_SIZE ? (
            <div className={styles.actions}>
              <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>{t('statistic.exchange.previous')}</Button>
              <Text>{t('statistic.exchange.page', { page, pages: Math.ceil(total / RATES_PAGE_SIZE) })}</Text>
              <Button disabled={page * RATES_PAGE_SIZE >= total} onClick={() => setPage(page + 1)}>{t('statistic.exchange.next')}</Button>
            </div>
          ) : null}
        </>
      ) : null}
      {canEdit && current?.reporting_currency ? (
        <>
          <form className={styles.card} aria-label={t('statistic.exchange.enterRate')} onSubmit={(e) => { e.preventDefault(); void onSaveRate(); }}>
            <Text weight="semibold">{t('statistic.exchange.enterRate')}</Text>
            <div className={styles.fields}>
              <Field label={t('statistic.exchange.currency')}>
                <Select value={entry.currency} onChange={(_, d) => setEntry({ ...entry, currency: d.value })}>
                  <option value="" />
                  {others.map((c) => <option key={c.id} value={c.code}>{c.code}</option>)}
                </Select>
              </Field>
              <Field label={t('statistic.exchange.date')}>
                <DateInput label={t('statistic.exchange.date')} value={entry.rate_date} onChange={(date) => setEntry({ ...entry, rate_date: date ?? '' })} />
              </Field>
              <Field label={t('statistic.exchange.rate', { reporting: current.reporting_currency.code })}>
                <Input inputMode="decimal" value={rateText} onChange={(_, d) => setRateText(d.value)} />
              </Field>
            </div>
            {entryProblems.length ? <ul role="alert" className={styles.problems}>{entryProblems.map((p) => <li key={p}>{p}</li>)}</ul> : null}
            <div className={styles.actions}><Button type="submit" appearance="primary">{t('statistic.exchange.saveRate')}</Button></div>
          </form>
          <form className={styles.card} aria-label={t('statistic.exchange.import')} onSubmit={(e) => { e.preventDefault(); void onImport(); }}>
            <Text weight="semibold">{t('statistic.exchange.import')}</Text>
            <Field label={t('statistic.exchange.csv')} hint={t('statistic.exchange.csvHint')}>
              <Textarea value={csv} rows={4} onChange={(_, d) => setCsv(d.value)} />
            </Field>
            <input type="file" accept=".csv,text/csv" aria-label={t('statistic.exchange.csvFile')} onChange={(e) => void readFile(e.currentTarget.files?.[0])} />
            {importProblems.length ? (
              <div role="alert">
                <Text weight="semibold">{t('statistic.exchange.importRefused')}</Text>
                <ul className={styles.problems}>{importProblems.map((p) => <li key={p}>{p}</li>)}</ul>
              </div>
            ) : null}
            <div className={styles.actions}><Button type="submit" appearance="primary" disabled={!csv.trim()}>{t('statistic.exchange.importButton')}</Button></div>
          </form>
        </>
      ) : null}
    </section>
  );
}
