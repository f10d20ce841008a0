import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '@rjsf/utils';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { InfoRegular } from '@fluentui/react-icons';
import { labelTitle, useRendererHost, type RendererHost } from '../../host';
import type { DisplayProps } from '../../registry-types';
import { formContextOf, idsOf } from '../form-context-of';
import { PickerPage } from '../picker/PickerPage';
import { useResolvedItems } from '../picker/use-resolved-items';
import { useWidgetText } from '../text';
import { RelatedDetailsSheet } from './RelatedDetailsSheet';
import type { Lang } from '../../../engine';
import { relatedLabel, relatedPickerOptions, relatedRowLabel, relatedSourceOf, type RelatedApproval } from './related-source';

const useStyles = makeStyles({
  button: { justifyContent: 'space-between', width: '100%', fontWeight: tokens.fontWeightRegular },
});

/**
 * The picker page's rows — code, counterparty and amount — with an info button each: the button
 * opens the details sheet (which can also select), tapping the row selects and returns.
 */
function RelatedPickerPage(props: { host: RendererHost; uiOptions: Record<string, unknown>; close(item?: RelatedApproval): void }): ReactNode {
  const t = useWidgetText();
  const { i18n } = useTranslation();
  const lang = (['en', 'ja', 'zh'].includes(i18n.language) ? i18n.language : 'ja') as Lang;
  const [details, setDetails] = useState<RelatedApproval | null>(null);
  const options = relatedPickerOptions(relatedSourceOf(props.uiOptions), props.uiOptions);
  return (
    <>
      <PickerPage<RelatedApproval>
        host={props.host}
        endpoint={options.endpoint}
        extraParams={options.extraParams}
        searchParam={options.searchParam}
        itemsPerPage={options.itemsPerPage}
        debounceMs={options.debounceMs}
        label={(item) => relatedRowLabel(item, lang)}
        describe={(item) => (
          <Button appearance="transparent" icon={<InfoRegular />} aria-label={t('related.info', { code: relatedLabel(item) })} onClick={() => setDetails(item)} />
        )}
        close={(result) => props.close(Array.isArray(result) ? result[0] : result)}
      />
      <RelatedDetailsSheet item={details} onClose={() => setDetails(null)} onSelect={(item) => {
        setDetails(null);
        props.close(item);
      }} />
    </>
  );
}

/**
 * `RelatedApprovalPicker` (spec 001 §2 "Related approval picker"): lists purchases or supplier or
 * customer contracts (`ui:options.source`: `purchase` | `contract-supplier` | `contract-customer`),
 * each row with an info button opening a bottom sheet of details; tapping a row selects it and
 * returns. Value: the related approval's id. The button shows its code (and stamp number).
 * `alsoSet` (`{ field: itemKey }`, as for the pickers) copies values of the chosen one into the form.
 */
export function RelatedApprovalPickerWidget(props: WidgetProps): ReactNode {
  const ctx = formContextOf(props.registry, 'RelatedApprovalPicker');
  const { host } = ctx;
  const t = useWidgetText();
  const styles = useStyles();
  const uiOptions = (props.options ?? {}) as Record<string, unknown>;
  const options = relatedPickerOptions(relatedSourceOf(uiOptions), uiOptions);
  const [picked, setPicked] = useState<RelatedApproval[]>([]);
  const ids = idsOf(props.value);
  const items = useResolvedItems(host, options, ids, {}, picked);
  const disabled = Boolean(props.disabled || props.readonly || ctx.readOnly);

  const open = async () => {
    const chosen = await host.openPage<RelatedApproval>(labelTitle(props, 'engine.widgets.related.choose'), (close) => (
      <RelatedPickerPage host={host} uiOptions={uiOptions} close={close} />
    ));
    if (!chosen) return;
    setPicked([chosen]);
    props.onChange(chosen.id);
    // `alsoSet` as the pickers read it (readPickerOptions): e.g. a payment item's
    // `related_supplier_account` ← the contract's `supplier_account`.
    const values: Readonly<Record<string, unknown>> = chosen;
    for (const [field, key] of Object.entries(options.alsoSet)) ctx.setField(field, values[key] ?? null);
  };

  const label = ids.length ? ids.map((id) => (items.has(id) ? relatedLabel(items.get(id) as RelatedApproval) : '…')).join(', ') : '';
  return (
    <Button id={props.id} className={styles.button} appearance="outline" disabled={disabled} onClick={open} aria-label={props.label || undefined}>
      {label || props.placeholder || t('related.choose')}
    </Button>
  );
}

/** The chosen related approval's code and stamp number, read-only. */
export function RelatedApprovalDisplay(props: DisplayProps): ReactNode {
  const host = useRendererHost();
  const options = relatedPickerOptions(relatedSourceOf(props.options), props.options);
  const ids = idsOf(props.value);
  const items = useResolvedItems(host, options, ids, {});
  if (ids.length === 0) return <span>-</span>;
  return <span>{ids.map((id) => (items.has(id) ? relatedLabel(items.get(id) as RelatedApproval) : '…')).join(', ')}</span>;
}
