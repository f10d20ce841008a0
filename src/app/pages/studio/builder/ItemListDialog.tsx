import { useState } from 'react';
import { Checkbox, Field, Input, Select } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ItemListSpec } from '../../../../engine';
import type { FieldRow } from './field-rows';
import { emptyTexts, TextsInputs } from './texts-inputs';
import { BuilderDialog } from './BuilderDialog';

/**
 * The Add item list dialog: the list, its item page title, the item amount and the form total
 * (sum of the amounts, rounded by the currency) — the item sub-form is created with it; its fields
 * are then added with Add field on the item form.
 */
export function ItemListDialog({ rows, onSave, onClose }: { rows: FieldRow[]; onSave(spec: ItemListSpec): string | null; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const lang = (['en', 'ja', 'zh'].includes(i18n.language) ? i18n.language : 'en') as 'en';
  const [name, setName] = useState('');
  const [labels, setLabels] = useState(emptyTexts);
  const [itemTitles, setItemTitles] = useState(emptyTexts);
  const [amount, setAmount] = useState(emptyTexts);
  const [total, setTotal] = useState(emptyTexts);
  const [needOne, setNeedOne] = useState(true);
  const [requiredMessages, setRequiredMessages] = useState(emptyTexts);
  const [after, setAfter] = useState<string>('*');
  const [error, setError] = useState<string | null>(null);

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
    <BuilderDialog title={t('studio.builder.addItemList')} error={error} onSave={save} onClose={onClose}>
            <Field label={t('studio.builder.listName')} hint={t('studio.builder.fieldNameHint')}>
              <Input value={name} onChange={(_, d) => setName(d.value.trim())} />
            </Field>
            <Field label={t('studio.builder.position')}>
              <Select value={after} onChange={(_, d) => setAfter(d.value)}>
                <option value="*">{t('studio.builder.positionLast')}</option>
                <option value="">{t('studio.builder.positionFirst')}</option>
                {rows.map((r) => <option key={r.name} value={r.type === 'dateRange' ? `${r.name}_end` : r.name}>{t('studio.builder.positionAfter', { field: r.labels[lang] || r.name })}</option>)}
              </Select>
            </Field>
            <TextsInputs label={t('studio.builder.listLabel')} value={labels} onChange={setLabels} />
            <TextsInputs label={t('studio.builder.itemTitle')} value={itemTitles} onChange={setItemTitles} />
            <TextsInputs label={t('studio.builder.itemAmount')} value={amount} onChange={setAmount} />
            <TextsInputs label={t('studio.builder.formTotal')} value={total} onChange={setTotal} />
            <Checkbox label={t('studio.builder.atLeastOne')} checked={needOne} onChange={(_, d) => setNeedOne(d.checked === true)} />
            {needOne && <TextsInputs label={t('studio.builder.requiredMessage')} value={requiredMessages} onChange={setRequiredMessages} />}
    </BuilderDialog>
  );
}
