import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Field, Input, Select, ToggleButton, makeStyles, tokens } from '@fluentui/react-components';
import { DateInput } from '../../../renderer/theme/DateInput';
import { useTranslation } from 'react-i18next';
import { useRendererHost } from '../../../renderer/host';
import { currenciesOptions } from '../../api/queries';
import { PickerPage } from '../../../renderer/widgets/picker/PickerPage';
import type { PickerItem } from '../../../renderer/widgets/picker/item-label';
import type { CompanyQuery } from '../../../wire/organisation';
import type { PicUserQuery } from '../../../wire/users';
import { listText } from '../../../engine';
import {
  DEFAULT_STAMP_FILTER, STAMP_CONDITIONS, STAMP_PERIOD_TYPES, stampFilterProblem,
  type Named, type StampCondition, type StampFilter, type StampPeriodType,
} from './stamp-query';

const useStyles = makeStyles({
  sheet: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, padding: tokens.spacingHorizontalL },
  pick: { justifyContent: 'space-between', width: '100%', fontWeight: tokens.fontWeightRegular, textAlign: 'start' },
  pair: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalS },
  amount: { display: 'grid', gridTemplateColumns: 'auto auto 1fr', gap: tokens.spacingHorizontalXS, alignItems: 'center' },
  buttons: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalS },
});

/** The amount input's limit (spec 001 §9). */
const AMOUNT_MAX_LENGTH = 20;

/**
 * The stamp statistics filter sheet (spec 000 §2): applicants through the user multi-select
 * (search, 10 per page, Add (n)), party company through the company picker, currency (default
 * CNY, or All), amount with a greater-than / less-than toggle (default greater-than), period
 * with type, condition and calendar; Reset and Search. Search alerts the first problem.
 */
export function StampFilterSheet({ value, onSave }: { value: StampFilter; onSave(filter: StampFilter): void }) {
  const { t } = useTranslation();
  const host = useRendererHost();
  const styles = useStyles();
  const [filter, setFilter] = useState<StampFilter>(value);
  const currencies = useQuery(currenciesOptions(host.api)).data ?? [];
  const set = (patch: Partial<StampFilter>) => setFilter((f) => ({ ...f, ...patch }));


  const chooseApplicants = async () => {
    const chosen = await host.openPage<PickerItem | PickerItem[]>({ key: 'statistic.stamp.filter.applicants' }, (close) => (
      <PickerPage<PickerItem, PicUserQuery> host={host} endpoint="/users/pic" multiple selected={filter.applicants.map((u) => ({ ...u }))}
        label={(u) => String(u.name ?? u.id)} close={close} />
    ));
    if (Array.isArray(chosen)) set({ applicants: chosen.map((u) => ({ id: u.id, name: String(u.name ?? u.id) })) });
  };
  const chooseParty = async () => {
    const chosen = await host.openPage<PickerItem | PickerItem[]>({ key: 'statistic.stamp.filter.party' }, (close) => (
      <PickerPage<PickerItem, CompanyQuery> host={host} endpoint="/companies" label={(c) => String(c.name ?? c.id)} close={close} />
    ));
    if (chosen && !Array.isArray(chosen)) set({ party: { id: chosen.id, name: String(chosen.name ?? chosen.id) } as Named });
  };
  const search = async () => {
    const problem = stampFilterProblem(filter);
    if (problem) return host.alert(t('engine.alertTitle'), t(`statistic.stamp.problems.${problem}`));
    onSave({ ...filter, amount: filter.amount.trim() });
  };
  const between = filter.condition === 'between';

  return (
    <div className={styles.sheet} data-testid="stamp-filter-sheet">
      <Field label={t('statistic.stamp.filter.applicants')}>
        <Button className={styles.pick} appearance="outline" onClick={() => void chooseApplicants()}>
          {filter.applicants.length ? listText(t, filter.applicants.map((u) => u.name)) : t('statistic.stamp.filter.anyone')}
        </Button>
      </Field>
      <Field label={t('statistic.stamp.filter.party')}>
        <Button className={styles.pick} appearance="outline" onClick={() => void chooseParty()}>
          {filter.party?.name ?? t('statistic.stamp.filter.anyParty')}
        </Button>
      </Field>
      <Field label={t('statistic.stamp.filter.currency')}>
        <Select value={filter.currency} onChange={(_, d) => set({ currency: d.value })}>
          <option value="">{t('statistic.stamp.filter.all')}</option>
          {filter.currency && !currencies.some((c) => c.code === filter.currency) ? <option value={filter.currency}>{filter.currency}</option> : null}
          {currencies.map((c) => <option key={c.id} value={c.code}>{c.code}</option>)}
        </Select>
      </Field>
      <Field label={t('statistic.stamp.filter.amount')}>
        <div className={styles.amount}>
          {(['gte', 'lte'] as const).map((op) => (
            <ToggleButton key={op} size="small" checked={filter.amountOp === op} onClick={() => set({ amountOp: op })}
              aria-label={t(`statistic.stamp.operators.${op}Label`)}>
              {t(`statistic.stamp.operators.${op}`)}
            </ToggleButton>
          ))}
          <Input inputMode="decimal" maxLength={AMOUNT_MAX_LENGTH} value={filter.amount} aria-label={t('statistic.stamp.filter.amount')}
            onChange={(_, d) => set({ amount: d.value.slice(0, AMOUNT_MAX_LENGTH) })} />
        </div>
      </Field>
      <div className={styles.pair}>
        <Field label={t('statistic.stamp.filter.periodType')}>
          <Select value={filter.periodType} onChange={(_, d) => set({ periodType: d.value as StampPeriodType })}>
            {STAMP_PERIOD_TYPES.map((p) => <option key={p} value={p}>{t(`statistic.stamp.periodTypes.${p}`)}</option>)}
          </Select>
        </Field>
        <Field label={t('statistic.stamp.filter.condition')}>
          <Select value={filter.condition} onChange={(_, d) => set({ condition: d.value as StampCondition })}>
            {STAMP_CONDITIONS.map((c) => <option key={c} value={c}>{t(`statistic.stamp.conditions.${c}`)}</option>)}
          </Select>
        </Field>
      </div>
      <div className={between ? styles.pair : undefined}>
        <Field label={between ? t('statistic.stamp.filter.from') : t('statistic.stamp.filter.day')}>
          <DateInput label={between ? t('statistic.stamp.filter.from') : t('statistic.stamp.filter.day')} value={filter.from} onChange={(date) => set({ from: date ?? '' })} />
        </Field>
        {between ? (
          <Field label={t('statistic.stamp.filter.to')}>
            <DateInput label={t('statistic.stamp.filter.to')} value={filter.to} onChange={(date) => set({ to: date ?? '' })} />
          </Field>
        ) : null}
      </div>
      <div className={styles.buttons}>
        <Button onClick={() => setFilter(DEFAULT_STAMP_FILTER)}>{t('statistic.stamp.reset')}</Button>
        <Button appearance="primary" onClick={() => void search()}>{t('statistic.stamp.search')}</Button>
      </div>
    </div>
  );
}
