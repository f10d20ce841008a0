import { useState } from 'react';
import { Field, Input, Select, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { computedLogic, conditionLogic, type ComputedSpec, type Condition, type ModuleSource, type Texts } from '../../../../engine';
import { ConditionInputs } from './ConditionInputs';
import type { FieldRow } from './field-rows';
import { emptyTexts, TextsInputs } from './texts-inputs';
import { BuilderDialog, refusalAt, type BuilderRefusal } from './BuilderDialog';

/** The input each refusal concerns; one not listed (an unknown field) is said below the inputs. */
const REFUSAL_INPUT: Record<string, string> = {
  messageName: 'name', messageExists: 'name', messages: 'messages', position: 'order', effect: 'on', computed: 'field',
};

const useStyles = makeStyles({
  logic: { margin: 0, padding: tokens.spacingHorizontalS, fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, backgroundColor: tokens.colorNeutralBackground3, borderRadius: tokens.borderRadiusMedium, whiteSpace: 'pre-wrap', wordBreak: 'break-all' },
});

/** A rule as the Add rule form states it. */
export type RuleSpec =
  | { kind: 'validation'; field: string; when: Condition; name: string; messages: Texts; index?: number }
  | { kind: 'visibility'; field: string; when: Condition }
  | { kind: 'clear'; on: string; field: string }
  | { kind: 'computed'; spec: ComputedSpec };

/** The json-logic a rule spec writes (shown read-only beside the form). */
export function ruleLogic(rule: RuleSpec): unknown {
  switch (rule.kind) {
    case 'validation': return { field: rule.field, when: conditionLogic(rule.when), message: `…messages.${rule.name}` };
    case 'visibility': return { [rule.field]: conditionLogic(rule.when) };
    case 'clear': return { on: rule.on, set: { [rule.field]: null } };
    case 'computed': return { field: rule.spec.field, value: computedLogic(rule.spec) };
  }
}

type Kind = RuleSpec['kind'];

/**
 * The Add rule dialog: a validation (field, guided failing condition, message in en/ja/zh, place
 * in the ordered list), a visibility condition, an effect (clear X when Y changes) or a computed
 * value (sum of item amounts, product, rounding by currency). The json-logic it writes is shown.
 */
export function RuleDialog({ rows, source, validations, onSave, onClose }: {
  rows: FieldRow[]; source: ModuleSource; validations: string[]; onSave(rule: RuleSpec): BuilderRefusal | null; onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const lang = (['en', 'ja', 'zh'].includes(i18n.language) ? i18n.language : 'en') as 'en';
  const names = rows.flatMap((r) => (r.type === 'dateRange' ? [`${r.name}_start`, `${r.name}_end`] : [r.name]));
  const labelOf = (name: string) => {
    const row = rows.find((r) => r.name === name || `${r.name}_start` === name || `${r.name}_end` === name);
    return row ? `${row.labels[lang] || row.name}${row.name !== name ? ` · ${name}` : ''}` : name;
  };
  const lists = rows.filter((r) => (source.uiSchema[r.name] as { 'ui:field'?: string } | undefined)?.['ui:field'] === 'ItemList').map((r) => r.name);
  const currencies = rows.filter((r) => (source.uiSchema[r.name] as { 'ui:widget'?: string } | undefined)?.['ui:widget'] === 'CurrencyPicker').map((r) => r.name);
  const first = names[0] ?? '';
  const [kind, setKind] = useState<Kind>('validation');
  const [field, setField] = useState(first);
  const [when, setWhen] = useState<Condition>({ kind: 'blank', field: first });
  const [name, setName] = useState('');
  const [messages, setMessages] = useState(emptyTexts);
  const [index, setIndex] = useState<string>('');
  const [on, setOn] = useState(first);
  const [computed, setComputed] = useState<'sumItems' | 'product' | 'round'>('sumItems');
  const [factors, setFactors] = useState<[string, string]>([first, first]);
  const [from, setFrom] = useState(first);
  const [items, setItems] = useState(lists[0] ?? '');
  const [currency, setCurrency] = useState(currencies[0] ?? '');
  const [error, setError] = useState<BuilderRefusal | null>(null);
  const { at, field: marked, below } = refusalAt(error, REFUSAL_INPUT);

  const itemField = (list: string) => String(((source.uiSchema[list] as { 'ui:options'?: { totalField?: string } } | undefined)?.['ui:options']?.totalField) ?? 'total');
  const spec = (): RuleSpec => {
    const cur = currency || undefined;
    switch (kind) {
      case 'validation': return { kind, field, when, name: name || `${field}_${when.kind}`, messages, ...(index === '' ? {} : { index: Number(index) }) };
      case 'visibility': return { kind, field, when };
      case 'clear': return { kind, on, field };
      case 'computed':
        return {
          kind,
          spec: computed === 'sumItems' ? { kind: 'sumItems', field, items, itemField: itemField(items), currency: cur }
            : computed === 'product' ? { kind: 'product', field, factors: [...factors], currency: cur }
            : { kind: 'round', field, from, currency: cur ?? '' },
        };
    }
  };
  const save = () => {
    const refused = onSave(spec());
    if (refused) setError(refused);
    else onClose();
  };
  const fieldSelect = (label: string, value: string, set: (v: string) => void, options = names, input = '') => (
    <Field label={label} {...(input ? marked(input) : {})}>
      <Select value={value} onChange={(_, d) => set(d.value)}>
        {options.map((n) => <option key={n} value={n}>{labelOf(n)}</option>)}
      </Select>
    </Field>
  );

  return (
    <BuilderDialog title={t('studio.builder.addRule')} error={below} wide onSave={save} onClose={onClose}>
            <Field label={t('studio.builder.ruleKind')}>
              <Select value={kind} onChange={(_, d) => setKind(d.value as Kind)}>
                {(['validation', 'visibility', 'clear', 'computed'] as const).map((k) => <option key={k} value={k}>{t(`studio.builder.ruleKindNames.${k}`)}</option>)}
              </Select>
            </Field>
            {kind !== 'clear' && fieldSelect(t(kind === 'computed' ? 'studio.builder.computedField' : kind === 'validation' ? 'studio.builder.ruleFieldValidation' : 'studio.builder.ruleFieldVisibility'), field, (v) => { setField(v); if (when.field === field) setWhen({ ...when, field: v }); }, names, 'field')}
            {(kind === 'validation' || kind === 'visibility') && (
              <ConditionInputs
                label={t(kind === 'validation' ? 'studio.builder.failsWhen' : 'studio.builder.shownWhen')}
                fieldLabel={t('studio.builder.conditionFieldTested')}
                rows={rows} source={source} value={when} onChange={(c) => c && setWhen(c)}
              />
            )}
            {kind === 'validation' && (
              <>
                <TextsInputs label={t('studio.builder.message')} value={messages} onChange={setMessages} error={at('messages')} />
                <Field label={t('studio.builder.messageName')} hint={t('studio.builder.messageNameHint', { name: `${field}_${when.kind}` })} {...marked('name')}>
                  <Input value={name} placeholder={`${field}_${when.kind}`} onChange={(_, d) => setName(d.value.trim())} />
                </Field>
                <Field label={t('studio.builder.order')} {...marked('order')}>
                  <Select value={index} onChange={(_, d) => setIndex(d.value)}>
                    <option value="">{t('studio.builder.orderLast')}</option>
                    {validations.map((text, i) => <option key={i} value={String(i)}>{t('studio.builder.orderBefore', { n: i + 1, rule: text })}</option>)}
                  </Select>
                </Field>
              </>
            )}
            {kind === 'clear' && (
              <>
                {fieldSelect(t('studio.builder.whenChanges'), on, setOn, names, 'on')}
                {fieldSelect(t('studio.builder.clearField'), field, setField)}
              </>
            )}
            {kind === 'computed' && (
              <>
                <Field label={t('studio.builder.computation')}>
                  <Select value={computed} onChange={(_, d) => setComputed(d.value as typeof computed)}>
                    {(['sumItems', 'product', 'round'] as const).map((c) => <option key={c} value={c}>{t(`studio.builder.computations.${c}`)}</option>)}
                  </Select>
                </Field>
                {computed === 'sumItems' && fieldSelect(t('studio.builder.items'), items, setItems, lists)}
                {computed === 'product' && (
                  <>
                    {fieldSelect(t('studio.builder.factor', { n: 1 }), factors[0], (v) => setFactors([v, factors[1]]))}
                    {fieldSelect(t('studio.builder.factor', { n: 2 }), factors[1], (v) => setFactors([factors[0], v]))}
                  </>
                )}
                {computed === 'round' && fieldSelect(t('studio.builder.roundFrom'), from, setFrom)}
                <Field label={t('studio.builder.currency')}>
                  <Select value={currency} onChange={(_, d) => setCurrency(d.value)}>
                    <option value="">{t('studio.builder.noRounding')}</option>
                    {currencies.map((c) => <option key={c} value={c}>{labelOf(c)}</option>)}
                  </Select>
                </Field>
              </>
            )}
            <Field label={t('studio.builder.generated')} hint={t('studio.builder.generatedHint')}>
              <pre className={styles.logic} tabIndex={0} data-testid="studio-rule-logic">{JSON.stringify(ruleLogic(spec()), null, 1)}</pre>
            </Field>
    </BuilderDialog>
  );
}
