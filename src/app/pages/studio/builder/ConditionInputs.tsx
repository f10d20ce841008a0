import { useState } from 'react';
import { Field, Input, Select, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { conditionOperator, conditionOperators, type Condition, type ModuleSource } from '../../../../engine';
import type { FieldRow } from './field-rows';

const useStyles = makeStyles({
  box: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', border: 'none', padding: 0, margin: 0, '& > *': { flex: '1 1 140px' } },
});

/** The data names a row stands for (a date range: its two dates). */
const namesOf = (row: FieldRow) => (row.type === 'dateRange' ? [`${row.name}_start`, `${row.name}_end`] : [row.name]);

/** The dates a date condition on `field` compares with: every date of the form but the field itself. */
export function otherDates(rows: FieldRow[], field: string): string[] {
  return rows.filter((row) => row.type === 'date' || row.type === 'dateRange').flatMap(namesOf).filter((name) => name !== field);
}

/**
 * A condition with its new kind, keeping the field and whatever of its values still fits the
 * operator (another date: the one kept if it still is another date, else the first other date).
 */
function withKind(c: Condition, kind: string, rows: FieldRow[]): Condition {
  const input = conditionOperator(kind)?.input ?? 'none';
  const next: Condition = { kind, field: c.field };
  if (input === 'number' || input === 'range') next.value = c.value ?? 0;
  if (input === 'range') next.upper = c.upper ?? next.value;
  if (input === 'otherField') {
    const others = otherDates(rows, c.field);
    next.other = c.other && others.includes(c.other) ? c.other : others[0] ?? '';
  }
  if (input === 'values') next.values = c.values ?? [];
  return next;
}

/** The values of "is one of", typed separated by commas (the text is kept while typing: "a, " stays). */
function ValuesInput({ values, numeric, onChange }: { values: Array<string | number | boolean>; numeric: boolean; onChange(values: Array<string | number>): void }) {
  const [text, setText] = useState(values.join(', '));
  return (
    <Input
      value={text}
      onChange={(_, d) => {
        setText(d.value);
        onChange(d.value.split(',').map((v) => v.trim()).filter(Boolean).map((v) => (numeric && Number.isFinite(Number(v)) ? Number(v) : v)));
      }}
    />
  );
}

/** A typed number (blank while typing counts as 0). */
const toNumber = (text: string) => (Number.isFinite(Number(text)) ? Number(text) : 0);

/**
 * A guided condition: a field, what must hold of it (the engine's condition operators: is empty,
 * is at least, between, before another date, is one of …) and its values — never json-logic
 * typed by hand. The choices and inputs come from the operator table: a new operator shows here.
 */
export function ConditionInputs({ label, rows, value, onChange, optional, alwaysLabel, fieldLabel }: {
  label: string; rows: FieldRow[]; source: ModuleSource; value: Condition | null; onChange(next: Condition | null): void; optional?: boolean;
  /** The "no condition" choice of an optional condition (default "Always shown"). */
  alwaysLabel?: string;
  /**
   * The label of the condition's field select (default "Field"): a form with another field select
   * (the Add rule dialog's field the rule is about) names this one apart ("Field the condition tests").
   */
  fieldLabel?: string;
}) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const lang = (['en', 'ja', 'zh'].includes(i18n.language) ? i18n.language : 'en') as 'en';
  const names = rows.flatMap((row) => namesOf(row).map((name) => ({ name, row, label: `${row.labels[lang] || row.name}${name !== row.name ? ` · ${name}` : ''}` })));
  const others = value ? otherDates(rows, value.field) : [];
  const input = value ? conditionOperator(value.kind)?.input ?? 'none' : null;
  // Values of a number field are numbers: "1, 2" must match the number 1, not the text "1".
  const numeric = ['number', 'money'].includes(names.find((n) => n.name === value?.field)?.row.type ?? '');
  const set = (change: Partial<Condition>) => value && onChange({ ...value, ...change });
  return (
    <fieldset className={styles.box}>
      <legend>{label}</legend>
      <Field label={fieldLabel ?? t('studio.builder.conditionField')}>
        <Select value={value?.field ?? ''} onChange={(_, d) => onChange(d.value ? withKind({ ...(value ?? { kind: 'notBlank' }), field: d.value }, value?.kind ?? 'notBlank', rows) : null)}>
          {optional && <option value="">{alwaysLabel ?? t('studio.builder.always')}</option>}
          {value && !names.some((n) => n.name === value.field) && <option value={value.field}>{value.field}</option>}
          {names.map((n) => <option key={n.name} value={n.name}>{n.label}</option>)}
        </Select>
      </Field>
      {value && (
        <Field label={t('studio.builder.condition')}>
          <Select value={value.kind} onChange={(_, d) => onChange(withKind(value, d.value, rows))}>
            {conditionOperators().map((op) => <option key={op.kind} value={op.kind}>{t(`studio.builder.conditions.${op.kind}`, { defaultValue: op.kind })}</option>)}
          </Select>
        </Field>
      )}
      {input === 'number' && (
        <Field label={t('studio.builder.conditionValue')}>
          <Input type="number" value={String(value!.value ?? 0)} onChange={(_, d) => set({ value: toNumber(d.value) })} />
        </Field>
      )}
      {input === 'range' && (
        <>
          <Field label={t('studio.builder.conditionFrom')}>
            <Input type="number" value={String(value!.value ?? 0)} onChange={(_, d) => set({ value: toNumber(d.value) })} />
          </Field>
          <Field label={t('studio.builder.conditionTo')}>
            <Input type="number" value={String(value!.upper ?? 0)} onChange={(_, d) => set({ upper: toNumber(d.value) })} />
          </Field>
        </>
      )}
      {input === 'otherField' && (
        // Only the form's other dates: a date is before or after another date, never itself.
        <Field label={t('studio.builder.conditionOther')} validationMessage={others.length === 0 ? t('studio.builder.noOtherDate') : undefined}>
          <Select value={value!.other ?? ''} onChange={(_, d) => set({ other: d.value })}>
            {value!.other && !others.includes(value!.other) && <option value={value!.other}>{names.find((n) => n.name === value!.other)?.label ?? value!.other}</option>}
            {names.filter((n) => others.includes(n.name)).map((n) => <option key={n.name} value={n.name}>{n.label}</option>)}
          </Select>
        </Field>
      )}
      {input === 'values' && (
        <Field label={t('studio.builder.conditionValues')} hint={t('studio.builder.conditionValuesHint')}>
          <ValuesInput values={value!.values ?? []} numeric={numeric} onChange={(values) => set({ values })} />
        </Field>
      )}
    </fieldset>
  );
}
