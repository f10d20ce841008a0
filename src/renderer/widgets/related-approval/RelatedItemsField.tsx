import { useEffect, useRef, type ReactNode } from 'react';
import type { FieldProps } from '@rjsf/utils';
import { Badge, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { DisplayProps } from '../../registry-types';
import { readPath } from '../fill-endpoint';
import { formContextOf } from '../form-context-of';
import { useFormatText, useWidgetText } from '../text';
import { useResource } from '../../query';
import { isEdited, mergeRelatedItems, relatedItemsOf, relatedItemValues, type RelatedItemField, type RelatedItemValue } from './related-items';
import { relatedItemPath, relatedSourceOf, type RelatedApproval } from './related-source';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, padding: tokens.spacingHorizontalS, border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  hint: { color: tokens.colorNeutralForeground3 },
});

/** Data keys of stored related items and their label (for read-only cards, which do not fetch). */
const DISPLAY_LABELS: Record<string, RelatedItemField['label']> = { goods_name: 'name', name: 'name', content: 'content', budget: 'amount', amount: 'amount', unit_price: 'unitPrice' };

const toInput = (value: unknown) => (value === null || value === undefined ? '' : String(value));
function fromInput(raw: string, field: RelatedItemField): unknown {
  if (!field.numeric) return raw;
  if (raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : raw;
}

/**
 * `RelatedItemsField` (rjsf field for `related_items`, spec 001 §2-3): the items of the related
 * approval chosen in the sibling field (`ui:options.relatedField`, default `related_approval_id`;
 * `ui:options.source` as for the picker). Goods: name, amount, unit price; services: content,
 * unit price; hr: name, amount; other: content, amount; a purchase's goods: goods_name, budget,
 * unit_price. Each value is editable in place; an item that differs from the related approval
 * is stored with `is_edited: true` and shows an "Edited" badge. Value: `[{item_id, is_edited, data}]`.
 */
export function RelatedItemsField(props: FieldProps): ReactNode {
  const ctx = formContextOf(props.registry, 'RelatedItemsField');
  const t = useWidgetText();
  const styles = useStyles();
  const options = (props.uiSchema?.['ui:options'] ?? {}) as Record<string, unknown>;
  const relatedField = typeof options.relatedField === 'string' ? options.relatedField : 'related_approval_id';
  const relatedId = Number(readPath(ctx.formData, relatedField));
  const hasRelated = Number.isInteger(relatedId) && relatedId > 0;
  const related = useResource<RelatedApproval>(ctx.host, hasRelated ? relatedItemPath(relatedSourceOf(options), relatedId) : null);
  const of = relatedItemsOf(related);
  const stored = relatedItemValues(props.formData);
  const items = related ? mergeRelatedItems(of, stored) : stored;
  const readOnly = Boolean(props.readonly || props.disabled || ctx.readOnly);
  const latest = useRef(props);
  latest.current = props;

  const change = (next: RelatedItemValue[]) => latest.current.onChange(next, latest.current.fieldPathId.path);

  // The stored list follows the chosen related approval: every item once, old ones dropped.
  const mergedKey = JSON.stringify(items);
  const storedKey = JSON.stringify(stored);
  useEffect(() => {
    if (related && !readOnly && mergedKey !== storedKey) change(JSON.parse(mergedKey) as RelatedItemValue[]);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- mergedKey/storedKey stand for the arrays (new objects each render)
  }, [related, readOnly, mergedKey, storedKey]);

  const edit = (index: number, field: RelatedItemField, raw: string) => {
    const original = of.items.find((i) => i.item_id === items[index].item_id)?.data ?? {};
    const next = items.map((item, i) => {
      if (i !== index) return item;
      const data = { ...item.data, [field.key]: fromInput(raw, field) };
      return { ...item, data, is_edited: isEdited(original, data, of.fields) };
    });
    change(next);
  };

  // The form passes the translated label; rjsf alone gives only the schema title. Shown in every
  // state, so the hint "choose a related approval first" is not a line without its field.
  const heading = (props as { label?: string }).label ?? props.schema.title ?? '';
  const body = (): ReactNode => {
    if (!hasRelated) return <Text className={styles.hint}>{t('related.noRelated')}</Text>;
    if (!related) return <Text className={styles.hint}>{t('loading')}</Text>;
    if (items.length === 0) return <Text className={styles.hint}>{t('related.noItems')}</Text>;
    return items.map((item, index) => (
      <section key={item.item_id} className={styles.item} aria-label={t('related.item', { n: index + 1 })}>
        <div className={styles.head}>
          <Text weight="semibold">{t('related.item', { n: index + 1 })}</Text>
          {item.is_edited && <Badge appearance="tint" color="warning">{t('related.edited')}</Badge>}
        </div>
        {of.fields.map((field) => (
          <Field key={field.key} label={t(`related.fields.${field.label}`)}>
            <Input
              value={toInput(item.data[field.key])}
              inputMode={field.numeric ? 'decimal' : undefined}
              maxLength={field.numeric ? 20 : 200}
              readOnly={readOnly}
              onChange={(_, data) => edit(index, field, data.value)}
            />
          </Field>
        ))}
      </section>
    ));
  };
  return (
    <div className={styles.root} id={props.fieldPathId.$id} role="group" aria-label={heading || undefined}>
      {heading && <Text weight="semibold">{heading}</Text>}
      {body()}
    </div>
  );
}

/** The related items as stored, each with its values and an "Edited" badge when changed. */
export function RelatedItemsDisplay({ value }: DisplayProps): ReactNode {
  const t = useWidgetText();
  const format = useFormatText();
  const items = relatedItemValues(value);
  if (items.length === 0) return <span>-</span>;
  return (
    <ol>
      {items.map((item) => (
        <li key={item.item_id}>
          {format.pairs(Object.entries(item.data).filter(([key]) => DISPLAY_LABELS[key]).map(([key, v]) => [t(`related.fields.${DISPLAY_LABELS[key]}`), toInput(v) || '-']))}
          {item.is_edited && <> <Badge appearance="tint" color="warning">{t('related.edited')}</Badge></>}
        </li>
      ))}
    </ol>
  );
}
