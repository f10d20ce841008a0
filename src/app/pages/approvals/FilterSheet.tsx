import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Field, Input, Label, Select, Text, ToggleButton, makeStyles, tokens } from '@fluentui/react-components';
import { DateInput } from '../../../renderer/theme/DateInput';
import { useTranslation } from 'react-i18next';
import { useRendererHost } from '../../../renderer/host';
import { companiesOptions, moduleDefinitionListOptions } from '../../api/queries';
import { PickerPage } from '../../../renderer/widgets/picker/PickerPage';
import type { PickerItem } from '../../../renderer/widgets/picker/item-label';
import type { PicUserQuery } from '../../../wire/users';
import { PERIOD_PRESETS, periodRange, type PeriodPreset } from '../../../renderer/widgets/period/period-range';
import { EMPTY_FILTER, FILTER_STATUSES, type ListFilter } from './list-query';
import { moduleTitle } from '../application/module-definitions';
import { listText } from '../../../engine';

const useStyles = makeStyles({
  sheet: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, padding: tokens.spacingHorizontalL },
  statuses: { display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: tokens.spacingHorizontalXS },
  modules: { display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: tokens.spacingHorizontalXS },
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  // Four (three) columns at 390 px: a compact box beside a small label that wraps only between
  // words (keep-all: a Japanese word such as 取り下げ stays whole).
  check: { minWidth: 0, alignItems: 'center', '& > .fui-Checkbox__indicator': { marginLeft: '2px', marginRight: '4px' } },
  checkLabel: {
    minWidth: 0, paddingLeft: 0, paddingRight: 0, fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200,
    // Only a word longer than its column (バックグラウンドグループ) may break rather than overflow.
    wordBreak: 'keep-all', overflowWrap: 'anywhere',
  },
  periods: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  range: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: tokens.spacingHorizontalS, '& .fui-Input': { minWidth: 0 } },
  pick: { justifyContent: 'flex-start', textAlign: 'start', fontWeight: tokens.fontWeightRegular, minWidth: 0, overflowWrap: 'anywhere' },
  buttons: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: tokens.spacingHorizontalS },
});

const API_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The filter sheet of the approval lists (spec 000 §2): company, stamp number, status
 * (4 columns), modules (3 columns) and period on the creation date — Today, Last 7 days, This
 * month, Last month (the PeriodPicker's ranges) or a custom range. Reset clears, Apply returns.
 */
export function FilterSheet({ value, onSave }: { value: ListFilter; onSave(filter: ListFilter): void }) {
  const { t } = useTranslation();
  const host = useRendererHost();
  const styles = useStyles();
  const [filter, setFilter] = useState<ListFilter>(value);
  const companies = useQuery(companiesOptions(host.api)).data ?? [];
  const definitions = useQuery(moduleDefinitionListOptions(host.api)).data;
  const modules = useMemo(() => (definitions ?? []).filter((m) => m.kind === 'module'), [definitions]);
  const [problem, setProblem] = useState('');
  const custom = filter.period?.preset === 'custom';


  const toggle = <T,>(list: T[], item: T, on: boolean) => (on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item));
  const choosePreset = (preset: PeriodPreset | 'custom') => {
    setProblem('');
    if (filter.period?.preset === preset) return setFilter((f) => ({ ...f, period: null }));
    if (preset === 'custom') return setFilter((f) => ({ ...f, period: { preset, from: f.period?.from ?? '', to: f.period?.to ?? '' } }));
    setFilter((f) => ({ ...f, period: { preset, ...periodRange(preset) } }));
  };
  const chooseRequesters = async () => {
    const chosen = await host.openPage<PickerItem | PickerItem[]>({ key: 'app.approvals.filter.requesters' }, (close) => (
      <PickerPage<PickerItem, PicUserQuery> host={host} endpoint="/users/pic" multiple selected={(filter.requesters ?? []).map((u) => ({ ...u }))}
        label={(u) => String(u.name ?? u.id)} close={close} />
    ));
    if (Array.isArray(chosen)) setFilter((f) => ({ ...f, requesters: chosen.map((u) => ({ id: u.id, name: String(u.name ?? u.id) })) }));
  };
  const apply = () => {
    const period = filter.period;
    if (period?.preset === 'custom' && (!API_DATE.test(period.from) || !API_DATE.test(period.to) || period.from > period.to)) {
      setProblem(t('app.approvals.filter.badRange'));
      return;
    }
    onSave({ ...filter, stampNo: filter.stampNo.trim() });
  };

  return (
    <div className={styles.sheet} data-testid="filter-sheet">
      <Field label={t('app.approvals.filter.company')}>
        <Select
          value={filter.company ? String(filter.company.id) : ''}
          onChange={(_, d) => {
            const found = companies.find((c) => String(c.id) === d.value);
            setFilter((f) => ({ ...f, company: found ? { id: found.id, name: found.name } : null }));
          }}
        >
          <option value="">{t('app.approvals.filter.anyCompany')}</option>
          {filter.company && !companies.some((c) => c.id === filter.company?.id) ? <option value={filter.company.id}>{filter.company.name}</option> : null}
          {companies.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('app.approvals.filter.requesters')}>
        <Button className={styles.pick} appearance="outline" onClick={() => void chooseRequesters()} data-testid="filter-requesters">
          {filter.requesters?.length ? listText(t, filter.requesters.map((u) => u.name)) : t('app.approvals.filter.anyRequester')}
        </Button>
      </Field>
      <Field label={t('app.approvals.filter.stampNo')}>
        <Input value={filter.stampNo} maxLength={50} onChange={(_, d) => setFilter((f) => ({ ...f, stampNo: d.value }))} />
      </Field>
      <div className={styles.group}>
        <Label>{t('app.approvals.filter.status')}</Label>
        <div className={styles.statuses} role="group" aria-label={t('app.approvals.filter.status')}>
          {FILTER_STATUSES.map((s) => (
            <Checkbox
              key={s}
              className={styles.check}
              label={{ children: t(`app.approvals.status.${s}`), className: styles.checkLabel }}
              checked={filter.statuses.includes(s)}
              onChange={(_, d) => setFilter((f) => ({ ...f, statuses: toggle(f.statuses, s, Boolean(d.checked)) }))}
            />
          ))}
        </div>
      </div>
      <div className={styles.group}>
        <Label>{t('app.approvals.filter.modules')}</Label>
        <div className={styles.modules} role="group" aria-label={t('app.approvals.filter.modules')}>
          {modules.map((m) => (
            <Checkbox
              key={m.code}
              className={styles.check}
              label={{ children: moduleTitle(m, host.language), className: styles.checkLabel }}
              checked={filter.modules.includes(m.code)}
              onChange={(_, d) => setFilter((f) => ({ ...f, modules: toggle(f.modules, m.code, Boolean(d.checked)) }))}
            />
          ))}
        </div>
      </div>
      <div className={styles.group}>
        <Label>{t('app.approvals.filter.period')}</Label>
        <div className={styles.periods} role="group" aria-label={t('app.approvals.filter.period')}>
          {[...PERIOD_PRESETS, 'custom' as const].map((p) => (
            <ToggleButton key={p} size="small" checked={filter.period?.preset === p} onClick={() => choosePreset(p)}>
              {t(`app.approvals.filter.periods.${p}`)}
            </ToggleButton>
          ))}
        </div>
      </div>
      {custom ? (
        <div className={styles.range}>
          <Field label={t('app.approvals.filter.from')}>
            <DateInput label={t('app.approvals.filter.from')} value={filter.period?.from ?? ''} onChange={(date) => setFilter((f) => ({ ...f, period: { preset: 'custom', from: date ?? '', to: f.period?.to ?? '' } }))} />
          </Field>
          <Field label={t('app.approvals.filter.to')}>
            <DateInput label={t('app.approvals.filter.to')} value={filter.period?.to ?? ''} onChange={(date) => setFilter((f) => ({ ...f, period: { preset: 'custom', from: f.period?.from ?? '', to: date ?? '' } }))} />
          </Field>
        </div>
      ) : null}
      {problem ? <Text role="alert">{problem}</Text> : null}
      <div className={styles.buttons}>
        <Button onClick={() => setFilter(EMPTY_FILTER)}>{t('app.approvals.reset')}</Button>
        <Button appearance="primary" onClick={apply}>
          {t('app.approvals.apply')}
        </Button>
      </div>
    </div>
  );
}
