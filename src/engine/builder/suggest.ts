import type { Lang } from '../types';
import { widgetValue } from '../definitions/widget-values';
import type { FieldSpec } from './field-spec';
import { SERVER_PICKERS } from './field-types';
import { BUILDER_LANGS, type Texts } from './texts';

/**
 * The texts the builder writes for the analyst from what they already typed: a field's data name
 * from its English label, its required (and date-range) message from its label in each language,
 * an item list's item title, amount, total and "add one" message from the list's label. They are
 * real values shown in the inputs (what shows is what is saved) and follow the label until the
 * analyst edits them; they are sentences of the module's own texts, so each language has its own.
 */

/** What a required field asks for, by how it is filled. */
export type AskKind = 'enter' | 'select' | 'attach' | 'add';

/** English texts start with a lower-case word inside a sentence, unless they start with an acronym ("PDF"). */
const inSentence = (label: string) => (/^[A-Z][A-Z0-9]/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1));

const ASK: Record<AskKind, Record<Lang, (label: string) => string>> = {
  enter: { en: (l) => `Please enter ${inSentence(l)}`, ja: (l) => `${l}を入力してください`, zh: (l) => `请输入${l}` },
  select: { en: (l) => `Please select ${inSentence(l)}`, ja: (l) => `${l}を選択してください`, zh: (l) => `请选择${l}` },
  attach: { en: (l) => `Please attach ${inSentence(l)}`, ja: (l) => `${l}を添付してください`, zh: (l) => `请附上${l}` },
  add: { en: (l) => `Please add ${inSentence(l)}`, ja: (l) => `${l}を追加してください`, zh: (l) => `请添加${l}` },
};

const RANGE: Record<Lang, (label: string) => string> = {
  en: (l) => `${l}: the end must not be before the start`,
  ja: (l) => `${l}の終了日は開始日以降にしてください`,
  zh: (l) => `${l}的结束日期不能早于开始日期`,
};

const ITEM_TITLE: Record<Lang, (label: string) => string> = { en: (l) => `${l} {{n}}`, ja: (l) => `${l} {{n}}`, zh: (l) => `${l} {{n}}` };
const TOTAL: Record<Lang, (label: string) => string> = { en: (l) => `${l} total`, ja: (l) => `${l}合計`, zh: (l) => `${l}合计` };
const AMOUNT: Texts = { en: 'Amount', ja: '金額', zh: '金额' };

/** One text per language from the label's text in that language (blank where the label is blank). */
const eachLang = (labels: Partial<Texts>, make: Record<Lang, (label: string) => string>): Texts =>
  Object.fromEntries(BUILDER_LANGS.map((lang) => {
    const label = labels[lang]?.trim() ?? '';
    return [lang, label ? make[lang](label) : ''];
  })) as Texts;

/** The required message of a field filled by `kind`, in each language its label has. */
export const askMessages = (kind: AskKind, labels: Partial<Texts>): Texts => eachLang(labels, ASK[kind]);

/** The message of a date range whose end is before its start. */
export const rangeMessages = (labels: Partial<Texts>): Texts => eachLang(labels, RANGE);

/** An item list's texts from its label: the item page's title (numbered), the item amount, the form total, the "add one" message. */
export function itemListTexts(labels: Partial<Texts>): { itemTitles: Texts; amount: Texts; total: Texts; requiredMessages: Texts } {
  return { itemTitles: eachLang(labels, ITEM_TITLE), amount: { ...AMOUNT }, total: eachLang(labels, TOTAL), requiredMessages: askMessages('add', labels) };
}

/**
 * A data name from an English label: its words lower-cased and joined by underscores, letters and
 * digits only, starting with a letter ("Itinerary (PDF)" → `itinerary_pdf`); '' when nothing is left.
 */
export function nameFromLabel(label: string): string {
  const words = label.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim().split(' ').filter(Boolean);
  return words.join('_').replace(/^[0-9_]+/, '').slice(0, 64).replace(/_+$/, '');
}

/** A step code from an English step name: `p-` and its words joined by hyphens ("Director approval" → `p-director-approval`). */
export function stepCodeFromName(name: string): string {
  const slug = nameFromLabel(name).replace(/_/g, '-');
  return slug ? `p-${slug}`.slice(0, 64).replace(/-+$/, '') : '';
}

/**
 * Keeps a suggested text following its source until the analyst edits it: `next` is what the
 * suggestion says now, `previous` what it said before; the current text is replaced only while it
 * still equals the previous suggestion (a text the analyst emptied stays empty: they are retyping it).
 */
export function follow(current: string, previous: string, next: string): string {
  return current === previous ? next : current;
}

/** `follow` in each language on its own: editing the English message leaves the others following. */
export function followTexts(current: Partial<Texts> | undefined, previous: Texts, next: Texts): Texts {
  return Object.fromEntries(BUILDER_LANGS.map((lang) => [lang, follow(current?.[lang] ?? '', previous[lang], next[lang])])) as Texts;
}

/** How a required field of `spec`'s type is filled (the verb of its message). */
export function askKindOf(spec: Pick<FieldSpec, 'type'>): AskKind {
  if (spec.type === 'upload') return 'attach';
  return ['picker', 'select', 'multiSelect', 'checkbox'].includes(spec.type) ? 'select' : 'enter';
}

/** A picker's suggested label (the list's usual field label, from the widget-value table), or null. */
const pickerLabels = (spec: FieldSpec): Texts | null => (spec.type === 'picker' ? widgetValue(spec.picker ?? SERVER_PICKERS[0])?.labels ?? null : null);

/**
 * The Add field form after a change from `prev` to `next`: every text the builder suggests follows
 * what it is made from until the analyst edits it — the label of a picker (the list's usual label),
 * the data name from the English label (`adding` only: an existing field keeps its name), the
 * required and date-range messages from the label in each language, an upload's document type
 * from the data name.
 */
export function suggestField(prev: FieldSpec, next: FieldSpec, adding: boolean): FieldSpec {
  const out: FieldSpec = { ...next };
  const nextPicker = pickerLabels(next);
  if (nextPicker) out.labels = followTexts(next.labels, pickerLabels(prev) ?? emptyLabels(), nextPicker);
  if (adding) out.name = follow(next.name, nameFromLabel(prev.labels.en), nameFromLabel(out.labels.en));
  out.requiredMessages = followTexts(next.requiredMessages, askMessages(askKindOf(prev), prev.labels), askMessages(askKindOf(out), out.labels));
  if (out.type === 'dateRange') out.rangeMessages = followTexts(next.rangeMessages, rangeMessages(prev.labels), rangeMessages(out.labels));
  if (out.type === 'upload') {
    const upload = out.upload ?? { documentType: '', accept: ['pdf'], maxFiles: 1 };
    out.upload = { ...upload, documentType: follow(upload.documentType, prev.name, out.name) };
  }
  return out;
}

const emptyLabels = (): Texts => ({ en: '', ja: '', zh: '' });
