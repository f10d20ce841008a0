import { useRef, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getUiOptions, type FieldProps } from '@rjsf/utils';
import { Button, Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import type { CompiledModule, FormData } from '../../../engine';
import { useDisplayContext } from '../../display-context';
import { useDangerStyles } from '../../theme/danger';
import { useRendererT } from '../../i18n';
import { readPath } from '../fill-endpoint';
import { getQuery } from '../../query';
import { formContextOf } from '../form-context-of';
import { useFieldLabel, useFormatText, useWidgetText } from '../text';
import { useMoneyFormat } from '../use-currencies';
import { itemAmount, listTotal, readItemListOptions, renumber } from './item-list-options';
import { itemSummary, summaryOrTitle, useItemChoice } from './item-summary';
import type { ServedModule } from '../../../wire/module-definitions';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  row: { display: 'flex', alignItems: 'center', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  open: { flexGrow: 1, justifyContent: 'flex-start', textAlign: 'start', gap: tokens.spacingHorizontalS, minHeight: '44px' },
  amount: { marginInlineStart: 'auto' },
  total: { display: 'flex', justifyContent: 'space-between', fontWeight: tokens.fontWeightSemibold },
  hint: { color: tokens.colorNeutralForeground3 },
});

const blank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * A list of items edited one per page (rjsf field for arrays of items): numbered rows (from 1)
 * with a summary and amount, tap to open the item's sub-form page, "Add more", delete with
 * confirmation, and the list's total. See `ItemListOptions` for `ui:options`.
 */
export function ItemListField(props: FieldProps): ReactNode {
  const ctx = formContextOf(props.registry, 'ItemList');
  const { host } = ctx;
  const queryClient = useQueryClient();
  const text = useWidgetText();
  const format = useFormatText();
  const t = useRendererT(ctx.module);
  const fieldLabel = useFieldLabel(ctx.module);
  const styles = useStyles();
  const danger = useDangerStyles();
  const { ruleContext } = useDisplayContext();
  const options = readItemListOptions(getUiOptions(props.uiSchema) as Record<string, unknown>);
  const items: unknown[] = Array.isArray(props.formData) ? props.formData : [];
  const money = useMoneyFormat(host, ctx.module, ctx.formData);
  const latest = useRef({ props, items });
  latest.current = { props, items };
  const readOnly = Boolean(props.readonly || ctx.readOnly);
  const missing = options.requires.filter((field) => blank(readPath(ctx.formData, field)));
  const blocked = Boolean(props.disabled) || missing.length > 0 || !options.subForm;
  const itemSchema = (props.schema.items ?? {}) as { properties?: Record<string, unknown> };
  const hasIndex = Boolean(itemSchema.properties?.index);

  // The form passes the translated label; rjsf alone gives only the schema title.
  const heading = (props as { label?: string }).label ?? props.schema.title ?? '';
  const change = (next: unknown[]) => latest.current.props.onChange(renumber(next, hasIndex), latest.current.props.fieldPathId.path);
  const choiceLabel = useItemChoice(ctx.module?.subForms?.[options.subForm], t);
  const titleOf = (n: number) => (options.itemTitle ? t(options.itemTitle, { n }) : text('items.item', { n }));
  // The item page's title as a key: the stack translates it, so it follows a language change.
  const titleKeyOf = (n: number) => ({ key: options.itemTitle ?? 'engine.widgets.items.item', params: { n }, fallback: titleOf(n) });

  const subFormModule = async (): Promise<CompiledModule | null> => {
    const local = ctx.module?.subForms?.[options.subForm];
    if (local) return local;
    try {
      return await queryClient.fetchQuery(getQuery<ServedModule>(host, `/module-definitions/${encodeURIComponent(options.subForm)}`));
    } catch {
      return null;
    }
  };

  const openItem = async (index: number | null) => {
    const sub = await subFormModule();
    if (!sub) {
      host.toast(text('items.noSubForm', { code: options.subForm }), 'error');
      return;
    }
    // The form gives its item page (SubForm renders a ModuleForm, which renders this field).
    const SubForm = ctx.SubForm;
    if (!SubForm) {
      host.toast(text('items.noSubForm', { code: options.subForm }), 'error');
      return;
    }
    const n = index === null ? items.length + 1 : index + 1;
    const existing = index === null ? undefined : items[index];
    const inherited = Object.fromEntries(options.inherit.map((field) => [field, readPath(ctx.formData, field) ?? null]));
    // The spec: an item with a total above 0 is preloaded for editing; an empty one starts fresh
    // (items without amounts always open with their values).
    const initial = existing && (options.totalField === null || itemAmount(existing, options.totalField) > 0) ? (existing as FormData) : { ...inherited, ...(hasIndex ? { index: n } : {}) };
    const result = await host.openPage<FormData>(titleKeyOf(n), (close) => (
      <SubForm module={sub} initialData={initial} parent={ctx.formData} context={ruleContext} onDone={(item) => close(item)} />
    ));
    if (!result) return;
    const current = latest.current.items;
    change(index === null || index >= current.length ? [...current, result] : current.map((item, i) => (i === index ? result : item)));
  };

  const remove = async (index: number) => {
    if (!(await host.confirm(text('items.deleteConfirm', { n: index + 1 }), undefined, { danger: true }))) return;
    change(latest.current.items.filter((_, i) => i !== index));
  };

  return (
    <Card className={styles.card} id={props.fieldPathId.$id} aria-label={heading || undefined}>
      {heading && <Text weight="semibold">{heading}</Text>}
      <ol className={styles.list}>
        {items.map((item, i) => {
          const parts = itemSummary(item, options.summary.filter((line) => line.field !== options.totalField), money, choiceLabel);
          return (
            <li key={i} className={styles.row}>
              <Button appearance="subtle" className={styles.open} disabled={blocked && !readOnly} onClick={() => openItem(i)} aria-label={titleOf(i + 1)}>
                <Text weight="semibold">{`${i + 1}.`}</Text>
                <Text>{summaryOrTitle(parts, () => titleOf(i + 1))}</Text>
                {options.totalField !== null && <Text className={styles.amount}>{money(itemAmount(item, options.totalField))}</Text>}
              </Button>
              {!readOnly && (
                <Button appearance="transparent" className={danger.quiet} data-danger icon={<DeleteRegular />} aria-label={text('items.delete', { n: i + 1 })} disabled={props.disabled} onClick={() => remove(i)} />
              )}
            </li>
          );
        })}
      </ol>
      {!readOnly && (
        <Button appearance="secondary" icon={<AddRegular />} disabled={blocked} onClick={() => openItem(null)}>
          {text('items.add')}
        </Button>
      )}
      {!readOnly && missing.length > 0 && (
        <Text size={200} className={styles.hint}>
          {text('items.requires', { fields: format.list(missing.map(fieldLabel)) })}
        </Text>
      )}
      {!options.subForm && <Text className={styles.hint}>{text('items.noSubForm', { code: '?' })}</Text>}
      {options.totalField !== null && options.showTotal && (
        <div className={styles.total}>
          <Text>{text('items.total')}</Text>
          <Text data-testid={`${props.fieldPathId.$id}-total`}>{money(listTotal(items, options.totalField))}</Text>
        </div>
      )}
    </Card>
  );
}
