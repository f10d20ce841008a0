import { useState } from 'react';
import { Button, Field, Radio, RadioGroup, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SORT, type ListSort, type SortField, type SortOrder } from './list-query';

const useStyles = makeStyles({
  sheet: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, padding: tokens.spacingHorizontalL },
  buttons: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: tokens.spacingHorizontalS },
});

const FIELDS: SortField[] = ['code', 'createdAt', 'updatedAt'];
const ORDERS: SortOrder[] = ['asc', 'desc'];

/** The sort sheet (spec 000 §2): field and order; Reset returns to created at descending, Save applies. */
export function SortSheet({ value, onSave }: { value: ListSort; onSave(sort: ListSort): void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [sort, setSort] = useState<ListSort>(value);
  return (
    <div className={styles.sheet} data-testid="sort-sheet">
      <Field label={t('app.approvals.sort.by')}>
        <RadioGroup value={sort.field} onChange={(_, d) => setSort((s) => ({ ...s, field: d.value as SortField }))}>
          {FIELDS.map((f) => (
            <Radio key={f} value={f} label={t(`app.approvals.sort.fields.${f}`)} />
          ))}
        </RadioGroup>
      </Field>
      <Field label={t('app.approvals.sort.order')}>
        <RadioGroup value={sort.order} onChange={(_, d) => setSort((s) => ({ ...s, order: d.value as SortOrder }))}>
          {ORDERS.map((o) => (
            <Radio key={o} value={o} label={t(`app.approvals.sort.orders.${o}`)} />
          ))}
        </RadioGroup>
      </Field>
      <div className={styles.buttons}>
        <Button onClick={() => setSort(DEFAULT_SORT)}>{t('app.approvals.reset')}</Button>
        <Button appearance="primary" onClick={() => onSave(sort)}>
          {t('app.approvals.save')}
        </Button>
      </div>
    </div>
  );
}
