import { useState } from 'react';
import { Button, Field, Select, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { resourceKey } from '../../../../renderer/resource-key';
import type { BudgetSummary, BudgetSummaryQuery } from '../../../../wire/budgets';
import { ApiError } from '../../../api';
import { useSession } from '../../../session';
import { CompanyChooser, useChosenCompany } from '../../admin/CompanyChooser';
import { usePageStyles } from '../../common/page-styles';
import { BudgetBar } from './BudgetBar';

const useStyles = makeStyles({
  card: {
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalL, minWidth: 0,
    borderRadius: tokens.borderRadiusLarge, backgroundColor: tokens.colorNeutralBackground1, boxShadow: tokens.shadow2,
  },
  filters: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, '& > *': { flex: '1 1 140px', minWidth: 0 } },
  heading: { display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, overflowWrap: 'anywhere' },
  figures: {
    display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    margin: 0, fontVariantNumeric: 'tabular-nums',
  },
  figure: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalXS, minWidth: 0, '& dt': { color: tokens.colorNeutralForeground3 }, '& dd': { margin: 0 } },
  accounts: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  account: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, paddingTop: tokens.spacingVerticalS, borderTop: `1px solid ${tokens.colorNeutralStroke2}`, minWidth: 0 },
  over: { color: tokens.colorPaletteRedForeground1 },
  alert: { color: tokens.colorPaletteRedForeground1 },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** The fiscal years offered: three before this calendar year to one after (a company's fiscal year is the year it begins in). */
export function fiscalYearChoices(today = new Date()): number[] {
  const year = today.getFullYear();
  return [year + 1, year, year - 1, year - 2, year - 3];
}

interface Standing { amount: number; reserved: number; consumed: number; remaining: number }

const messageOf = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message || fallback : fallback);

/**
 * Statistic → Budget vs actual (issue #36 item 4; docs/MODULES.md "Budgets"): a company's budgets of
 * a fiscal year against what decided documents consumed and what documents in flight reserve, per
 * department and, inside it, per expense account — each with a bar — and the company's total, over
 * `GET /budgets/summary`. Filters: the company (group admins choose it) and the fiscal year (the
 * current one first). The company's authorizer, finance and treasury and group admins read it; the
 * server refuses anyone else, whose message is shown.
 */
export function BudgetsPage() {
  const { t, i18n } = useTranslation();
  const styles = { ...usePageStyles(), ...useStyles() };
  const { api } = useSession();
  const [companyId, setCompanyId] = useChosenCompany();
  const [year, setYear] = useState<number | null>(null);
  const params: BudgetSummaryQuery | null = companyId === null ? null : { company_id: companyId, ...(year === null ? {} : { fiscal_year: year }) };
  const summary = useQuery({
    queryKey: resourceKey('/budgets/summary', params ?? undefined, 'summary'),
    queryFn: async () => (await api.get<BudgetSummary>('/budgets/summary', { params: params!, ringiSilent: true })).data,
    enabled: params !== null,
    retry: false,
  });
  const money = (n: number) => new Intl.NumberFormat(i18n.language === 'ja' ? 'ja-JP' : i18n.language === 'zh' ? 'zh-CN' : 'en-US', { maximumFractionDigits: 2 }).format(n);
  const shown = year ?? summary.data?.fiscal_year ?? null;
  const years = fiscalYearChoices();
  if (shown !== null && !years.includes(shown)) years.push(shown);

  const figures = (s: Standing) => (
    <dl className={styles.figures}>
      {(['amount', 'consumed', 'reserved', 'remaining'] as const).map((key) => (
        <div key={key} className={styles.figure}>
          <dt>{t(`statistic.budgets.${key}`)}</dt>
          <dd className={key === 'remaining' && s.remaining < 0 ? styles.over : undefined} data-figure={key}>{money(s[key])}</dd>
        </div>
      ))}
    </dl>
  );
  const bar = (s: Standing, name: string) => (
    <BudgetBar amount={s.amount} consumed={s.consumed} reserved={s.reserved}
      label={t(s.remaining < 0 ? 'statistic.budgets.barOver' : 'statistic.budgets.bar', { name, consumed: money(s.consumed), reserved: money(s.reserved), amount: money(s.amount), over: money(-s.remaining) })} />
  );

  const data = summary.data;
  return (
    <section className={styles.page} data-testid="budgets-summary">
      <Text>{t('statistic.budgets.intro')}</Text>
      <div className={styles.filters}>
        <CompanyChooser value={companyId} onChange={(id) => { setCompanyId(id); setYear(null); }} />
        <Field label={t('statistic.budgets.fiscalYear')}>
          <Select value={shown === null ? '' : String(shown)} onChange={(_, d) => setYear(Number(d.value))} disabled={shown === null}>
            {shown === null ? <option value="" /> : null}
            {years.sort((a, b) => b - a).map((y) => <option key={y} value={String(y)}>{t('statistic.budgets.year', { year: y })}</option>)}
          </Select>
        </Field>
      </div>
      {summary.isPending && params !== null ? <Spinner size="small" label={t('app.common.loading')} /> : null}
      {summary.isError ? (
        <div className={styles.card} role="alert" data-testid="budgets-error">
          <Text className={styles.alert}>{messageOf(summary.error, t('statistic.budgets.loadFailed'))}</Text>
          <div><Button onClick={() => void summary.refetch()}>{t('statistic.budgets.retry')}</Button></div>
        </div>
      ) : null}
      {data && data.departments.length === 0 ? (
        <Text className={styles.muted} data-testid="budgets-empty">{t('statistic.budgets.empty', { year: data.fiscal_year })}</Text>
      ) : null}
      {data && data.departments.length > 0 ? (
        <>
          <div className={styles.card} data-testid="budgets-total">
            <div className={styles.heading}><Text weight="semibold">{t('statistic.budgets.total', { year: data.fiscal_year })}</Text></div>
            {bar(data.total, t('statistic.budgets.total', { year: data.fiscal_year }))}
            {figures(data.total)}
          </div>
          {data.departments.map((d) => (
            <section key={d.department_id} className={styles.card} aria-label={d.department_name} data-testid="budgets-department">
              <div className={styles.heading}><Text weight="semibold">{d.department_name}</Text></div>
              {bar(d, d.department_name)}
              {figures(d)}
              <ul className={styles.accounts}>
                {d.accounts.map((a) => (
                  <li key={a.budget_id} className={styles.account} data-testid="budgets-account">
                    <Text>{a.expense_account_name}</Text>
                    {bar(a, `${d.department_name} / ${a.expense_account_name}`)}
                    {figures(a)}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      ) : null}
    </section>
  );
}
