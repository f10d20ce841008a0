import { useState } from 'react';
import { Button, Field, Radio, RadioGroup, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  sheet: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, padding: tokens.spacingHorizontalL },
  buttons: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalS },
});

/**
 * The sort sheet (spec 001 §2): applications by code, created or updated; files by date or
 * amount; ascending or descending; Reset returns to the default, Save applies.
 */
export function SearchSortSheet<S extends { field: string; order: 'asc' | 'desc' }>({ value, fields, initial, onSave }: {
  value: S; fields: readonly S['field'][]; initial: S; onSave(sort: S): void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [sort, setSort] = useState<S>(value);
  return (
    <div className={styles.sheet} data-testid="search-sort-sheet">
      <Field label={t('statistic.search.sort.by')}>
        <RadioGroup value={sort.field} onChange={(_, d) => setSort((s) => ({ ...s, field: d.value }))}>
          {fields.map((f) => <Radio key={f} value={f} label={t(`statistic.search.sort.fields.${f}`)} />)}
        </RadioGroup>
      </Field>
      <Field label={t('statistic.search.sort.order')}>
        <RadioGroup value={sort.order} onChange={(_, d) => setSort((s) => ({ ...s, order: d.value as 'asc' | 'desc' }))}>
          <Radio value="asc" label={t('statistic.search.sort.asc')} />
          <Radio value="desc" label={t('statistic.search.sort.desc')} />
        </RadioGroup>
      </Field>
      <div className={styles.buttons}>
        <Button onClick={() => setSort(initial)}>{t('statistic.common.reset')}</Button>
        <Button appearance="primary" onClick={() => onSave(sort)}>{t('statistic.common.save')}</Button>
      </div>
    </div>
  );
}
