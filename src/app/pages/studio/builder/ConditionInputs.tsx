import { Field, Input, Select, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { CONDITION_KINDS, type Condition, type ModuleSource } from '../../../../engine';
import type { FieldRow } from './field-rows';

const useStyles = makeStyles({
  box: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', border: 'none', padding: 0, margin: 0, '& > *': { flex: '1 1 140px' } },
});

/** The data names a row stands for (a date range: its two dates). */
const namesOf = (row: FieldRow) => (row.type === 'dateRange' ? [`${row.name}_start`, `${row.name}_end`] : [row.name]);

type Kind = Condition['kind'];
const NEEDS: Record<Kind, 'none' | 'number' | 'other' | 'values'> = {
  blank: 'none', notBlank: 'none', checked: 'none', notChecked: 'none',
  greaterThan: 'number', lessThan: 'number', longerThan: 'number', before: 'other', after: 'other', oneOf: 'values',
};

/** A condition with its new kind, keeping the field and whatever still fits. */
function withKind(c: Condition, kind: Kind): Condition {
  const need = NEEDS[kind];
  if (need === 'number') return { kind, field: c.field, value: 'value' in c && typeof c.value === 'number' ? c.value : 0 } as Condition;
  if (need === 'other') return { kind, field: c.field, other: 'other' in c ? c.other : c.field } as Condition;
  if (need === 'values') return { kind, field: c.field, values: 'values' in c ? c.values : [] } as Condition;
  return { kind, field: c.field } as Condition;
}

/**
 * A guided condition: a field, what must hold of it (blank, not blank, greater than, before or
 * after another date, one of …) and its value — never json-logic typed by hand.
 */
export function ConditionInputs({ label, rows, value, onChange, optional }: {
  label: string; rows: FieldRow[]; source: ModuleSource; value: Condition | null; onChange(next: Condition | null): void; optional?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const lang = (['en', 'ja', 'zh'].includes(i18n.language) ? i18n.language : 'en') as 'en';
  const names = rows.flatMap((row) => namesOf(row).map((name) => ({ name, label: `${row.labels[lang] || row.name}${name !== row.name ? ` · ${name}` : ''}` })));
  const first = names[0]?.name ?? '';
  return (
    <fieldset className={styles.box}>
      <legend>{label}</legend>
      <Field label={t('studio.builder.conditionField')}>
        <Select value={value?.field ?? ''} onChange={(_, d) => onChange(d.value ? { ...(value ?? { kind: 'notBlank' }), field: d.value } as Condition : null)}>
          {optional && <option value="">{t('studio.builder.always')}</option>}
          {names.map((n) => <option key={n.name} value={n.name}>{n.label}</option>)}
        </Select>
      </Field>
      {value && (
        <Field label={t('studio.builder.condition')}>
          <Select value={value.kind} onChange={(_, d) => onChange(withKind(value, d.value as Kind))}>
            {CONDITION_KINDS.map((kind) => <option key={kind} value={kind}>{t(`studio.builder.conditions.${kind}`)}</option>)}
          </Select>
        </Field>
      )}
      {value && NEEDS[value.kind] === 'number' && (
        <Field label={t('studio.builder.conditionValue')}>
          <Input type="number" value={String((value as { value: number }).value)} onChange={(_, d) => onChange({ ...value, value: Number(d.value) || 0 } as Condition)} />
        </Field>
      )}
      {value && NEEDS[value.kind] === 'other' && (
        <Field label={t('studio.builder.conditionOther')}>
          <Select value={(value as { other: string }).other || first} onChange={(_, d) => onChange({ ...value, other: d.value } as Condition)}>
            {names.map((n) => <option key={n.name} value={n.name}>{n.label}</option>)}
          </Select>
        </Field>
      )}
      {value && NEEDS[value.kind] === 'values' && (
        <Field label={t('studio.builder.conditionValues')} hint={t('studio.builder.conditionValuesHint')}>
          <Input
            value={(value as { values: unknown[] }).values.join(', ')}
            onChange={(_, d) => onChange({ ...value, values: d.value.split(',').map((v) => v.trim()).filter(Boolean) } as Condition)}
          />
        </Field>
      )}
    </fieldset>
  );
}
