import { useState } from 'react';
import { Checkbox, Field, Input, Select } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { BUILDER_LANGS, follow, followTexts, itemListTexts, nameFromLabel, type ItemListSpec, type Texts } from '../../../../engine';
import type { FieldRow } from './field-rows';
import { emptyTexts, TextsInputs } from './texts-inputs';
import { BuilderDialog, refusalAt, type BuilderRefusal } from './BuilderDialog';

/** The input each refusal concerns (`labels`: whichever of the four texts is incomplete). */
const REFUSAL_INPUT: Record<string, string> = { name: 'name', exists: 'name', labels: 'labels', requiredMessages: 'requiredMessages' };
const incomplete = (texts: Texts) => BUILDER_LANGS.some((lang) => !texts[lang].trim());

/**
 * The Add item list dialog: the list, its item page title, the item amount and the form total
 * (sum of the amounts, rounded by the currency) — the item sub-form is created with it; its fields
 * are then added with Add field on the item form.
 */
export function ItemListDialog({ rows, onSave, onClose }: { rows: FieldRow[]; onSave(spec: ItemListSpec): BuilderRefusal | null; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const lang = (['en', 'ja', 'zh'].includes(i18n.language) ? i18n.language : 'en') as 'en';
  const [name, setName] = useState('');
  const [labels, setLabels] = useState(emptyTexts);
  // The texts a blank label suggests (the amount's, blank otherwise): each follows the label from there.
  const [start] = useState(() => itemListTexts(emptyTexts()));
  const [itemTitles, setItemTitles] = useState(start.itemTitles);
  const [amount, setAmount] = useState(start.amount);
  const [total, setTotal] = useState(start.total);
  const [needOne, setNeedOne] = useState(true);
  const [requiredMessages, setRequiredMessages] = useState(start.requiredMessages);
  const [after, setAfter] = useState<string>('*');
  const [error, setError] = useState<BuilderRefusal | null>(null);
  const { at, field, below } = refusalAt(error, REFUSAL_INPUT);
  /** The labels' refusal, beside each of the four texts that lacks a language. */
  const labelsError = (texts: Texts) => (incomplete(texts) ? at('labels') : undefined);
  // The list's label writes the rest (data name, item title, amount, total, "add one" message) until each is edited.
  const changeLabels = (next: Texts) => {
    const [before, after] = [itemListTexts(labels), itemListTexts(next)];
    setName((n) => follow(n, nameFromLabel(labels.en), nameFromLabel(next.en)));
    setItemTitles((v) => followTexts(v, before.itemTitles, after.itemTitles));
    setAmount((v) => followTexts(v, before.amount, after.amount));
    setTotal((v) => followTexts(v, before.total, after.total));
    setRequiredMessages((v) => followTexts(v, before.requiredMessages, after.requiredMessages));
    setLabels(next);
  };

  const save = () => {
    const refused = onSave({
      name, labels, itemTitles,
      fields: [],
      itemTotal: { name: 'amount', labels: amount },
      formTotal: { name: `${name}_total`, labels: total },
      ...(needOne ? { requiredMessages } : {}),
      ...(after === '*' ? {} : { after: after === '' ? null : after }),
    });
    if (refused) setError(refused);
    else onClose();
  };

  return (
    <BuilderDialog title={t('studio.builder.addItemList')} error={below} onSave={save} onClose={onClose}>
            <Field label={t('studio.builder.listName')} hint={t('studio.builder.fieldNameHint')} {...field('name')}>
              <Input value={name} onChange={(_, d) => setName(d.value.trim())} />
            </Field>
            <Field label={t('studio.builder.position')} {...field('position')}>
              <Select value={after} onChange={(_, d) => setAfter(d.value)}>
                <option value="*">{t('studio.builder.positionLast')}</option>
                <option value="">{t('studio.builder.positionFirst')}</option>
                {rows.map((r) => <option key={r.name} value={r.type === 'dateRange' ? `${r.name}_end` : r.name}>{t('studio.builder.positionAfter', { field: r.labels[lang] || r.name })}</option>)}
              </Select>
            </Field>
            <TextsInputs label={t('studio.builder.listLabel')} value={labels} onChange={changeLabels} error={labelsError(labels)} />
            <TextsInputs label={t('studio.builder.itemTitle')} value={itemTitles} onChange={setItemTitles} error={labelsError(itemTitles)} />
            <TextsInputs label={t('studio.builder.itemAmount')} value={amount} onChange={setAmount} error={labelsError(amount)} />
            <TextsInputs label={t('studio.builder.formTotal')} value={total} onChange={setTotal} error={labelsError(total)} />
            <Checkbox label={t('studio.builder.atLeastOne')} checked={needOne} onChange={(_, d) => setNeedOne(d.checked === true)} />
            {needOne && <TextsInputs label={t('studio.builder.requiredMessage')} value={requiredMessages} onChange={setRequiredMessages} error={at('requiredMessages')} />}
    </BuilderDialog>
  );
}
