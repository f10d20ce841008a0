import type { ChangeEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { roundByCurrency } from '../../engine';
import type { RingiFormContext } from '../form-context';
import { currencyCodeOf } from '../money';
import { BaseInputTemplate } from './BaseInputTemplate';
import { parseNumber, useNumericText } from './use-numeric-text';

/** Spec 001 §9: amount inputs accept at most 20 characters. */
export const MONEY_MAX_LENGTH = 20;

function NumericInput(props: WidgetProps & { convert: (n: number) => number; maxLength?: number }) {
  const { convert, maxLength, ...widget } = props;
  const [text, setText, remember] = useNumericText(widget.value);
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    setText(typed);
    const parsed = parseNumber(typed);
    // Text that is not (yet) a number keeps the last number; validation then speaks for it.
    if (parsed !== undefined && Number.isNaN(parsed)) return;
    const stored = parsed === undefined ? widget.options.emptyValue : convert(parsed);
    remember(stored);
    widget.onChange(stored);
  };
  const handleBlur = (id: string) => {
    // Show what is stored (rounded) once the user leaves the input.
    const stored = widget.value;
    setText(stored === null || stored === undefined ? '' : String(stored));
    widget.onBlur(id, stored);
  };
  return (
    <BaseInputTemplate
      {...widget}
      type="text"
      value={text}
      options={{ ...widget.options, maxLength, inputMode: 'decimal' }}
      onChangeOverride={handleChange}
      onBlur={handleBlur}
    />
  );
}

/** A number; integers are truncated for `type: integer`. Stores a number (spec: numeric inputs convert to numbers). */
export function NumberWidget(props: WidgetProps) {
  const integer = props.schema.type === 'integer';
  return <NumericInput {...props} convert={(n) => (integer ? Math.trunc(n) : n)} />;
}

/**
 * An amount: at most 20 characters, stored rounded by the form's currency (JPY/other whole,
 * others 2 decimals). The currency field is the module's `currencyField` (default `currency_id`);
 * `ui:options.currency` names a fixed code instead.
 */
export function MoneyWidget(props: WidgetProps) {
  const ctx = props.registry.formContext as RingiFormContext | undefined;
  const fixed = typeof props.options.currency === 'string' ? props.options.currency : undefined;
  const code = fixed ?? currencyCodeOf(ctx?.formData, ctx?.module?.meta?.currencyField, ctx?.ruleContext?.currencies);
  return <NumericInput {...props} maxLength={MONEY_MAX_LENGTH} convert={(n) => roundByCurrency(n, code)} />;
}
