import type { TFunction } from 'i18next';
import { describeCondition, listText, type ConditionSentence, type Logic } from '../../../../engine';

/**
 * A stored condition as a sentence in the UI language ("Amount is at least 100,000"), never its
 * json-logic: the engine's reading of it (`describeCondition`) with each field named by its label
 * (`labelOf`). An operator without a sentence of its own reads as its choice ("is at least").
 */
export function conditionSentence(t: TFunction, logic: Logic, labelOf: (field: string) => string, lang: string): string {
  const number = (n: number | undefined) => (n === undefined ? '' : new Intl.NumberFormat(lang).format(n));
  const say = (s: ConditionSentence): string => {
    if (s.parts) {
      const parts = s.parts.map(say);
      return s.key === 'not' ? t('studio.builder.sentences.not', { a: parts[0] }) : parts.reduce((a, b) => t(`studio.builder.sentences.${s.key}`, { a, b }));
    }
    const v = s.values;
    const values = {
      field: v?.field ? labelOf(v.field) : '',
      value: number(v?.value),
      upper: number(v?.upper),
      other: v?.other ? labelOf(v.other) : '',
      values: listText(t, (v?.values ?? []).map(String)),
      fields: listText(t, (v?.fields ?? []).map(labelOf)),
    };
    const choice = t(`studio.builder.conditions.${s.key}`, { defaultValue: s.key });
    const fallback = [values.field, choice, values.value, values.upper, values.other, values.values].filter(Boolean).join(' ');
    return t(`studio.builder.sentences.${s.key}`, { ...values, defaultValue: fallback });
  };
  return say(describeCondition(logic));
}
