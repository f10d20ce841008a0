import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Field, Input, Radio, RadioGroup, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DateInput } from '../../../../renderer/theme/DateInput';
import { useTranslation } from 'react-i18next';
import { useRendererHost } from '../../../../renderer/host';
import { companiesOptions, currenciesOptions } from '../../../api/queries';
import { useSession } from '../../../session';
import { defaultFilter, filterProblem, OPERATORS, NUMBER_MAX, PERIOD_TYPES, TEXT_MAX, type Operator, type PeriodType, type SearchFilter } from './search-query';

const useStyles = makeStyles({
  sheet: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, padding: tokens.spacingHorizontalL },
  range: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: tokens.spacingHorizontalS, '& .fui-Input': { minWidth: 0 } },
  amount: { display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: tokens.spacingHorizontalS, alignItems: 'end' },
  buttons: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: tokens.spacingHorizontalS },
});

/**
 * The document search filter sheet (spec 001 §2, §3, §5): period type and period (required,
 * the period only after a type), amount with operator ≥ = ≤, currency, company, vendor, 申請番号, 決裁番号.
 * Apply checks in the spec's order and alerts the first problem; Reset returns to today.
 */
export function SearchFilterSheet({ value, onSave }: { value: SearchFilter; onSave(filter: SearchFilter): void }) {
  const { t } = useTranslation();
  const host = useRendererHost();
  const { profile } = useSession();
  const styles = useStyles();
  const [filter, setFilter] = useState<SearchFilter>(value);
  const set = (patch: Partial<SearchFilter>) => setFilter((f) => ({ ...f, ...patch }));
  const groupAdmin = Boolean((profile as { is_group_admin?: boolean } | null)?.is_group_admin);

  const currencies = useQuery(currenciesOptions(host.api)).data ?? [];
  // Only a group admin may look into other companies; everyone else has their own.
  const groupCompanies = useQuery(companiesOptions(host.api, groupAdmin)).data;
  const companies = groupAdmin ? (groupCompanies ?? []) : profile?.company ? [profile.company] : [];

  const apply = async () => {
    const problem = filterProblem(filter);
    if (problem) return host.alert(t('engine.alertTitle'), t(problem));
    onSave({
      ...filter, vendor: filter.vendor.trim(), amount: filter.amount.trim(),
      applicationNumber: filter.applicationNumber.trim(), decisionNumber: filter.decisionNumber.trim(),
    });
  };

  return (
    <div className={styles.sheet} data-testid="search-filter-sheet">
      <Field label={t('statistic.search.filter.periodType')}>
        <RadioGroup value={filter.periodType} onChange={(_, d) => set({ periodType: d.value as PeriodType })}>
          {PERIOD_TYPES.map((p) => <Radio key={p} value={p} label={t(`statistic.search.periodTypes.${p}`)} />)}
        </RadioGroup>
      </Field>
      <div className={styles.range}>
        <Field label={t('statistic.search.filter.from')}>
          <DateInput label={t('statistic.search.filter.from')} disabled={!filter.periodType} value={filter.from} onChange={(date) => set({ from: date ?? '' })} />
        </Field>
        <Field label={t('statistic.search.filter.to')}>
          <DateInput label={t('statistic.search.filter.to')} disabled={!filter.periodType} value={filter.to} onChange={(date) => set({ to: date ?? '' })} />
        </Field>
      </div>
      {/* A field each: one Field around both gave the operator and the amount the same id (issue #31, the crawl's duplicate-id check). */}
      <div className={styles.amount}>
        <Field label={t('statistic.search.filter.operator')}>
          <Select value={filter.operator} onChange={(_, d) => set({ operator: d.value as Operator })}>
            {OPERATORS.map((o) => <option key={o} value={o}>{t(`statistic.search.operators.${o}`)}</option>)}
          </Select>
        </Field>
        <Field label={t('statistic.search.filter.amount')}>
          <Input inputMode="decimal" maxLength={TEXT_MAX} value={filter.amount} onChange={(_, d) => set({ amount: d.value })} />
        </Field>
      </div>
      <Field label={t('statistic.search.filter.currency')}>
        <Select value={filter.currency} onChange={(_, d) => set({ currency: d.value })}>
          <option value="">{t('statistic.search.filter.all')}</option>
          {currencies.map((c) => <option key={c.id} value={c.code ?? String(c.id)}>{c.code ?? c.name}</option>)}
        </Select>
      </Field>
      <Field label={t('statistic.search.filter.company')}>
        <Select
          value={filter.company ? String(filter.company.id) : ''}
          onChange={(_, d) => {
            const found = companies.find((c) => String(c.id) === d.value);
            set({ company: found ? { id: found.id, name: found.name } : null });
          }}
        >
          <option value="">{t('statistic.search.filter.all')}</option>
          {companies.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
        </Select>
      </Field>
      <Field label={t('statistic.search.filter.vendor')}>
        <Input maxLength={TEXT_MAX} value={filter.vendor} onChange={(_, d) => set({ vendor: d.value })} />
      </Field>
      <Field label={t('statistic.search.filter.applicationNumber')}>
        <Input maxLength={NUMBER_MAX} value={filter.applicationNumber} onChange={(_, d) => set({ applicationNumber: d.value })} />
      </Field>
      <Field label={t('statistic.search.filter.decisionNumber')}>
        <Input maxLength={NUMBER_MAX} value={filter.decisionNumber} onChange={(_, d) => set({ decisionNumber: d.value })} />
      </Field>
      <Text size={200}>{t('statistic.search.filter.hint')}</Text>
      <div className={styles.buttons}>
        <Button onClick={() => setFilter(defaultFilter())}>{t('statistic.common.reset')}</Button>
        <Button appearance="primary" onClick={() => void apply()}>{t('statistic.common.apply')}</Button>
      </div>
    </div>
  );
}
