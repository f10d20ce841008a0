import { Input } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { DateInput } from './DateInput';

/**
 * A date shown `YYYY/MM/DD` (spec) and stored `YYYY-MM-DD`: the one date input (`DateInput`)
 * inside the form. Incomplete text stores nothing.
 */
export function DateWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, options, disabled, readonly, label, required, rawErrors } = props;
  const hasError = Boolean(rawErrors?.length);
  return (
    <DateInput
      id={id}
      value={typeof value === 'string' ? value : undefined}
      label={label}
      disabled={disabled}
      readOnly={readonly}
      required={required}
      invalid={hasError}
      describedBy={hasError ? `${id}__error` : undefined}
      onChange={(stored) => onChange(stored ?? options.emptyValue)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

/** Applies the 9999-99-99 mask to typed text: digits only, dashes inserted, at most 8 digits. */
export function applyDateMask(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 4) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 4)}-${digits.slice(4)}`;
  return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6)}`;
}

/**
 * A date typed through the mask 9999-99-99 (contract period). Stores the masked text as typed
 * (`YYYY-MM-DD` once complete, so the "valid date" rule can judge it) and null when empty; shows
 * it, and its placeholder, `YYYY/MM/DD` as every other date of the app (the mask's digits are the
 * same either way), never the mask itself.
 */
export function MaskedDateWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, rawErrors, required } = props;
  const shown = typeof value === 'string' ? value.replaceAll('-', '/') : '';
  const hasError = Boolean(rawErrors?.length);
  return (
    <Input
      id={id}
      name={id}
      value={shown}
      placeholder="YYYY/MM/DD"
      inputMode="numeric"
      maxLength={10}
      disabled={disabled}
      readOnly={readonly}
      required={required}
      aria-invalid={hasError || undefined}
      aria-describedby={hasError ? `${id}__error` : undefined}
      onChange={(_, data) => {
        const masked = applyDateMask(data.value);
        onChange(masked === '' ? null : masked);
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      style={{ width: '100%' }}
    />
  );
}
