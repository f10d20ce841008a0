import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import {
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  OverlayDrawer,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useRendererHost } from '../host';
import type { DisplayProps } from '../registry-types';
import { formContextOf } from './form-context-of';
import { useWidgetText } from './text';
import { useCurrencies, type Currency } from './use-currencies';


/** The spec's default currency. */
export const DEFAULT_CURRENCY_CODE = 'CNY';

/**
 * `ui:options` of `CurrencyPicker`:
 * - `allowAll` (default false): an "All" entry storing `null` (filters); no default is set then;
 * - `defaultCode` (default `"CNY"`, `null` for none): chosen when the field is empty;
 * - `valueKey` (default `"id"`): store the currency's `id` or its `code`.
 */
interface CurrencyOptions {
  allowAll: boolean;
  defaultCode: string | null;
  valueKey: 'id' | 'code';
}

function readOptions(options: Record<string, unknown> | undefined): CurrencyOptions {
  return {
    allowAll: options?.allowAll === true,
    defaultCode: options?.defaultCode === null ? null : typeof options?.defaultCode === 'string' ? options.defaultCode : DEFAULT_CURRENCY_CODE,
    valueKey: options?.valueKey === 'code' ? 'code' : 'id',
  };
}

function findCurrency(currencies: Currency[] | undefined, value: unknown): Currency | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  return currencies?.find((c) => String(c.id) === String(value) || c.code === value);
}

const useStyles = makeStyles({
  button: { justifyContent: 'space-between', width: '100%', fontWeight: tokens.fontWeightRegular },
  list: { display: 'flex', flexDirection: 'column', listStyleType: 'none', margin: 0, padding: 0 },
  row: { justifyContent: 'flex-start', width: '100%', minHeight: '44px' },
});

/**
 * Currency choice in a bottom sheet (Fluent drawer), as the spec's "currency select sheet".
 * Value: the currency id (or code with `valueKey: "code"`); an empty field takes CNY.
 */
export function CurrencyPickerWidget(props: WidgetProps): ReactNode {
  const ctx = formContextOf(props.registry, 'CurrencyPicker');
  const text = useWidgetText();
  const styles = useStyles();
  const options = readOptions(props.options as Record<string, unknown>);
  const currencies = useCurrencies(ctx.host);
  const [open, setOpen] = useState(false);
  // Focus returns to the button when the sheet closes (Escape, Close or a choice): the sheet is
  // opened from code, so Fluent has no trigger to restore it to.
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) buttonRef.current?.focus();
    wasOpen.current = open;
  }, [open]);
  const current = findCurrency(currencies, props.value);
  const empty = props.value === undefined || props.value === null || props.value === '';
  const disabled = Boolean(props.disabled || props.readonly || ctx.readOnly);
  const { onChange } = props;

  // Until the list is in, an empty field is about to take its default: Submit waits for it.
  const filling = empty && !options.allowAll && Boolean(options.defaultCode) && !currencies && !disabled;
  const settling = ctx.settling;
  useEffect(() => (filling && settling ? settling.hold() : undefined), [filling, settling]);
  useEffect(() => {
    if (!empty || options.allowAll || !options.defaultCode || !currencies || disabled) return;
    const fallback = currencies.find((c) => c.code === options.defaultCode);
    if (fallback) onChange(fallback[options.valueKey]);
  }, [empty, options.allowAll, options.defaultCode, options.valueKey, currencies, disabled, onChange]);

  const choose = (currency: Currency | null) => {
    setOpen(false);
    onChange(currency ? currency[options.valueKey] : null);
  };

  return (
    <>
      <Button ref={buttonRef} id={props.id} className={styles.button} appearance="outline" disabled={disabled} onClick={() => setOpen(true)} aria-label={props.label || text('currencyTitle')}>
        {current ? current.code : empty && options.allowAll ? text('all') : text('choose')}
      </Button>
      <OverlayDrawer position="bottom" open={open} onOpenChange={(_, data) => setOpen(data.open)}>
        <DrawerHeader>
          <DrawerHeaderTitle action={<Button appearance="subtle" onClick={() => setOpen(false)}>{text('close')}</Button>}>
            {props.label || text('currencyTitle')}
          </DrawerHeaderTitle>
        </DrawerHeader>
        <DrawerBody>
          <ul className={styles.list}>
            {options.allowAll && (
              <li>
                <Button className={styles.row} appearance={empty ? 'primary' : 'subtle'} onClick={() => choose(null)}>
                  {text('all')}
                </Button>
              </li>
            )}
            {(currencies ?? []).map((c) => (
              <li key={c.id}>
                <Button className={styles.row} appearance={current?.id === c.id ? 'primary' : 'subtle'} aria-pressed={current?.id === c.id} onClick={() => choose(c)}>
                  {c.name ? `${c.code} - ${c.name}` : c.code}
                </Button>
              </li>
            ))}
          </ul>
        </DrawerBody>
      </OverlayDrawer>
    </>
  );
}

/** The currency's code for a stored id or code. */
export function CurrencyDisplay({ value }: DisplayProps): ReactNode {
  const currencies = useCurrencies(useRendererHost());
  if (value === null || value === undefined || value === '') return <span>-</span>;
  return <span>{findCurrency(currencies, value)?.code ?? '…'}</span>;
}
