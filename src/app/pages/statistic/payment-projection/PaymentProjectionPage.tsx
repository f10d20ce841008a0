import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Accordion, AccordionHeader, AccordionItem, AccordionPanel, Field, Select, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../engine/money/format-money';
import { useRendererHost } from '../../../../renderer/host';
import { companiesOptions } from '../../../api/queries';
import { useSession } from '../../../session';
import { ProjectionChart, type ChartData } from './ProjectionChart';
import { BUCKETS, DATE_FILTERS, useProjection, type DateFilter, type Projection } from './use-projection';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`, minWidth: 0 },
  // One field a row: a company's full name does not fit half a phone's width (issue #31 item 11).
  filters: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  card: { backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusLarge, boxShadow: tokens.shadow2, marginBottom: tokens.spacingVerticalS },
  head: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start' },
  amounts: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, padding: `0 ${tokens.spacingHorizontalM} ${tokens.spacingVerticalS}` },
  muted: { color: tokens.colorNeutralForeground3 },
  reporting: {
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusLarge, boxShadow: tokens.shadow2, overflowWrap: 'anywhere',
  },
});

/**
 * The period's totals in the reporting currency (each document's stored converted amount: one
 * figure across every currency) and how many items had no stored conversion to add.
 */
function reportingTotals(projection: Projection, bucket: DateFilter) {
  const rows = (projection.reporting_buckets ?? []).filter((b) => b.bucket === bucket);
  return {
    totals: rows.filter((b): b is typeof b & { currency: string } => b.currency !== null).map((b) => ({ currency: b.currency, total: b.total })),
    unconverted: rows.filter((b) => b.currency === null).reduce((n, b) => n + b.count, 0),
  };
}

/** Chart data from the bucket totals: the spec's buckets in order, one series (a chart of its own) per currency. */
function chartData(projection: Projection, label: (bucket: string) => string): ChartData {
  const currencies = [...new Set(projection.buckets.map((b) => b.currency ?? '—'))];
  return {
    labels: BUCKETS.map(label),
    series: currencies.map((currency) => ({
      label: currency,
      values: BUCKETS.map((bucket) => projection.buckets.find((b) => b.bucket === bucket && (b.currency ?? '—') === currency)?.total ?? 0),
    })),
  };
}

/**
 * Payment projection (spec 001 §2): company (default own) and period (default today)
 * selectors, a chart of the pending amounts per bucket for each currency, the period's total in the
 * company's reporting currency (each document's stored converted amount; items filed without one
 * counted, not added — issue 35 item 4), and a collapsible card per paying bank with its branch,
 * type, pending transaction count, totals per currency and in the reporting currency.
 */
export function PaymentProjectionPage() {
  const { t } = useTranslation();
  const host = useRendererHost();
  const { profile } = useSession();
  const styles = useStyles();
  const own = profile?.company ?? null;
  const [company, setCompany] = useState<number | null>(own?.id ?? null);
  const [dateFilter, setDateFilter] = useState<DateFilter>('today');
  const groupAdmin = Boolean((profile as { is_group_admin?: boolean } | null)?.is_group_admin);
  // A group admin chooses among every company; anyone else sees their own.
  const groupCompanies = useQuery(companiesOptions(host.api, groupAdmin)).data;
  const companies = groupAdmin && groupCompanies ? groupCompanies : own ? [own] : [];
  const state = useProjection(company, dateFilter);

  const chart = useMemo(() => (typeof state === 'object' ? chartData(state, (b) => t(`statistic.projection.buckets.${b}`)) : null), [state, t]);
  const money = (total: number, currency: string | null) => `${formatMoney(total, currency, host.language)} ${currency ?? ''}`.trim();
  const reporting = typeof state === 'object' ? reportingTotals(state, dateFilter) : null;

  return (
    <section className={styles.root} data-testid="payment-projection">
      <div className={styles.filters}>
        <Field label={t('statistic.projection.company')}>
          <Select value={company ? String(company) : ''} onChange={(_, d) => setCompany(d.value ? Number(d.value) : null)}>
            {companies.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </Select>
        </Field>
        <Field label={t('statistic.projection.period')}>
          <Select value={dateFilter} onChange={(_, d) => setDateFilter(d.value as DateFilter)}>
            {DATE_FILTERS.map((f) => <option key={f} value={f}>{t(`statistic.projection.buckets.${f}`)}</option>)}
          </Select>
        </Field>
      </div>
      {state === 'loading' ? <Spinner size="small" label={t('statistic.common.loading')} /> : null}
      {state === 'failed' ? <Text role="alert">{t('statistic.common.loadFailed')}</Text> : null}
      {chart && chart.series.length > 0 ? <ProjectionChart data={chart} label={t('statistic.projection.chartLabel')} lang={host.language} /> : null}
      {reporting && (reporting.totals.length > 0 || reporting.unconverted > 0) ? (
        <section className={styles.reporting} aria-label={t('statistic.projection.reportingTotal')} data-testid="projection-reporting">
          <Text weight="semibold">{t('statistic.projection.reportingTotal')}</Text>
          {reporting.totals.length
            ? reporting.totals.map((r) => <Text key={r.currency} size={500} weight="semibold" data-testid="projection-reporting-total">{money(r.total, r.currency)}</Text>)
            : <Text className={styles.muted}>{t('statistic.projection.noReporting')}</Text>}
          <Text size={200} className={styles.muted}>{t('statistic.projection.reportingNote')}</Text>
          {reporting.unconverted > 0 ? <Text size={200}>{t('statistic.projection.unconverted', { count: reporting.unconverted })}</Text> : null}
        </section>
      ) : null}
      {typeof state === 'object' && state['hydra:member'].length === 0 ? <Text className={styles.muted}>{t('statistic.projection.empty')}</Text> : null}
      {typeof state === 'object' ? (
        <Accordion multiple collapsible defaultOpenItems={state['hydra:member'].map((c) => String(c.bank_account_id))}>
          {state['hydra:member'].map((card) => (
            <AccordionItem key={String(card.bank_account_id)} value={String(card.bank_account_id)} className={styles.card} data-testid="projection-card">
              <AccordionHeader expandIconPosition="end">
                <span className={styles.head}>
                  <Text weight="semibold">{card.bank_name ?? t('statistic.projection.noBank')}</Text>
                  <Text size={200} className={styles.muted}>
                    {[card.bank_branch, card.bank_type].filter(Boolean).join(' · ')}
                  </Text>
                  <Text size={200}>{t('statistic.projection.count', { n: card.count_transaction })}</Text>
                </span>
              </AccordionHeader>
              <AccordionPanel>
                <div className={styles.amounts}>
                  {card.amounts.map((a) => <Text key={a.currency ?? '-'}>{money(a.total, a.currency)}</Text>)}
                  {(card.reporting_amounts ?? []).map((a) => (
                    <Text key={`reporting-${a.currency}`} weight="semibold" data-testid="card-reporting-total">{t('statistic.projection.reportingAmount', { amount: money(a.total, a.currency) })}</Text>
                  ))}
                  {card.unconverted_count ? <Text size={200} className={styles.muted}>{t('statistic.projection.unconverted', { count: card.unconverted_count })}</Text> : null}
                </div>
              </AccordionPanel>
            </AccordionItem>
          ))}
        </Accordion>
      ) : null}
    </section>
  );
}
