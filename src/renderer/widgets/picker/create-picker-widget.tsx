import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { CompiledModule } from '../../../engine';
import { labelTitle, useRendererHost } from '../../host';
import { useRendererT } from '../../i18n';
import { fillEndpoint } from '../fill-endpoint';
import { formContextOf, idsOf, moduleCodeOf } from '../form-context-of';
import { useFieldLabel, useFormatText, useWidgetText } from '../text';
import type { DisplayProps } from '../../registry-types';
import { itemLabel, type PickerItem } from './item-label';
import { PickerPage } from './PickerPage';
import { fillParams, lockedCompany, missingDependency, placeholderData, readPickerOptions, type PickerOptions } from './picker-options';
import { useResolvedItems } from './use-resolved-items';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  button: { justifyContent: 'space-between', width: '100%', fontWeight: tokens.fontWeightRegular },
  hint: { color: tokens.colorNeutralForeground3 },
});

/** A picker widget and its detail-card Display, built from one set of defaults. */
export interface PickerWidgetPair {
  Widget: ComponentType<WidgetProps>;
  Display: ComponentType<DisplayProps>;
}

/**
 * Builds a server-backed picker: the widget shows the chosen name(s) on a button that opens
 * a `PickerPage`; the value is the chosen id (or an array of ids when `multiple`). Every
 * default can be overridden in `ui:options` (see `PickerOptions`).
 */
/**
 * A picker row's second line (a bank account's type): translated when it renders — the picker
 * page is written when it opens, and a text put in then kept that language (普通/当座 in English
 * after switching in place).
 */
function PickerDescription({ item, options, module }: { item: PickerItem; options: PickerOptions; module: CompiledModule | undefined }): ReactNode {
  const t = useRendererT(module);
  const { language } = useRendererHost();
  const raw = itemLabel(item, options.descriptionKey, language);
  let shown = raw;
  if (options.descriptionCodes) {
    const key = `${options.descriptionCodes}.${raw}`;
    const translated = t(key);
    if (translated !== key) shown = translated;
  }
  return <Text size={200}>{shown}</Text>;
}


export function createPickerWidget(
  name: string,
  defaults: Partial<PickerOptions>,
  /** Widget-specific `ui:options` shortcuts (e.g. a company picker's `scope`). */
  adapt: (options: PickerOptions, uiOptions: Record<string, unknown>) => PickerOptions = (options) => options,
): PickerWidgetPair {
  const optionsOf = (ui: Record<string, unknown> | undefined) => adapt(readPickerOptions(defaults, ui), ui ?? {});

  function Widget(props: WidgetProps): ReactNode {
    const ctx = formContextOf(props.registry, name);
    const { host } = ctx;
    const text = useWidgetText();
    const format = useFormatText();
    const fieldLabel = useFieldLabel(ctx.module);
    const styles = useStyles();
    const options = optionsOf(props.options as Record<string, unknown>);
    const data = placeholderData(ctx.formData, moduleCodeOf(ctx));
    const [picked, setPicked] = useState<PickerItem[]>([]);
    const ids = idsOf(props.value);
    const items = useResolvedItems(host, options, ids, data, picked);
    const missing = missingDependency(options, ctx.formData);
    const endpoint = fillEndpoint(options.endpoint, data);
    const params = fillParams(options.extraParams, data);
    // Filed for someone else (代理申請), or their filing edited, the principal's company rule applies, which the server checks: not locked here.
    const ownCompany = typeof host.filedFor === 'number' && host.filedFor !== host.user?.id ? null : lockedCompany(options, host.user);
    const editable = !props.disabled && !props.readonly && !ctx.readOnly;
    const { onChange, value } = props;
    useEffect(() => {
      if (editable && ownCompany !== null && value !== ownCompany) onChange(ownCompany);
    }, [editable, ownCompany, value, onChange]);
    const disabled = Boolean(!editable || ownCompany !== null || missing || !endpoint || !params);
    const label = (item: PickerItem) => itemLabel(item, options.labelKey, host.language);
    const names = ids.map((id) => (items.has(id) ? label(items.get(id) as PickerItem) : '…'));

    const open = async () => {
      if (!endpoint || !params) return;
      const result = await host.openPage<PickerItem | PickerItem[]>(labelTitle(props, 'engine.widgets.select'), (close) => (
        <PickerPage
          host={host}
          endpoint={endpoint}
          extraParams={params}
          searchParam={options.searchParam}
          itemsPerPage={options.itemsPerPage}
          debounceMs={options.debounceMs}
          multiple={options.multiple}
          // ids whose record could not be fetched stay chosen rather than being dropped by Add (n)
          selected={ids.map((id) => items.get(id) ?? { id, name: `#${id}` })}
          label={label}
          describe={options.descriptionKey ? (item) => <PickerDescription item={item} options={options} module={ctx.module} /> : undefined}
          close={close}
        />
      ));
      if (result === undefined) return;
      const chosen = Array.isArray(result) ? result : [result];
      setPicked(chosen);
      props.onChange(options.multiple ? chosen.map((item) => item.id) : chosen[0]?.id);
      if (!options.multiple && chosen[0]) {
        for (const [field, key] of Object.entries(options.alsoSet)) ctx.setField(field, chosen[0][key] ?? null);
      }
    };

    return (
      <div className={styles.root}>
        <Button id={props.id} className={styles.button} appearance="outline" disabled={disabled} onClick={open} aria-label={props.label || undefined}>
          {names.length > 0 ? format.list(names) : (props.placeholder || text('choose'))}
        </Button>
        {ownCompany !== null && editable && <Text size={200} className={styles.hint}>{text('ownCompanyOnly')}</Text>}
        {missing && !props.readonly && !ctx.readOnly && (
          <Text size={200} className={styles.hint}>
            {text('dependsOn', { field: fieldLabel(missing) })}
          </Text>
        )}
      </div>
    );
  }
  Widget.displayName = `${name}Widget`;

  function Display(props: DisplayProps): ReactNode {
    const host = useRendererHost();
    const format = useFormatText();
    const options = optionsOf(props.options);
    const ids = idsOf(props.value);
    const items = useResolvedItems(host, options, ids, placeholderData(props.formData, undefined));
    if (ids.length === 0) return <span>-</span>;
    return <span>{format.list(ids.map((id) => (items.has(id) ? itemLabel(items.get(id), options.labelKey, host.language) : '…')))}</span>;
  }
  Display.displayName = `${name}Display`;

  return { Widget, Display };
}
