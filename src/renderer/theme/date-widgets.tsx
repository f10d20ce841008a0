import { useEffect, useState, type ChangeEvent } from 'react';
import { Input, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '@rjsf/utils';
import { isValidDate, toDisplayDate } from '../../engine';
import { BaseInputTemplate } from './BaseInputTemplate';

/** Keeps typed text while the stored value only changes from outside (effects, reset). */
function useTypedText(value: unknown, show: (stored: unknown) => string): [string, (t: string) => void] {
  const [text, setText] = useState(show(value));
  const [seen, setSeen] = useState(value);
  useEffect(() => {
    if (value !== seen) {
      setSeen(value);
      setText((typed) => (normalise(typed) === value ? typed : show(value)));
    }
  }, [value, seen, show]);
  return [text, setText];
}

/** `YYYY/MM/DD` or `YYYY-MM-DD` → `YYYY-MM-DD` when it is a real date, else undefined. */
function normalise(text: string): string | undefined {
  const candidate = text.trim().replaceAll('/', '-');
  return isValidDate(candidate) ? candidate : undefined;
}

const showDisplayDate = (stored: unknown) => toDisplayDate(typeof stored === 'string' ? stored : undefined);

// The native date input serves only as the calendar button: its own "mm/dd/yyyy" text squeezed
// into a narrow box read "mm/" beside the real text field, so only its picker icon is shown.
const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', minWidth: 0 },
  text: { flexGrow: 1, minWidth: 0 },
  picker: {
    flexShrink: 0,
    width: '40px',
    height: '32px',
    padding: 0,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    '::-webkit-datetime-edit': { display: 'none' },
    '::-webkit-calendar-picker-indicator': { margin: 'auto', cursor: 'pointer' },
  },
});

/**
 * A date shown `YYYY/MM/DD` (spec) and stored `YYYY-MM-DD`. The text accepts either separator;
 * the native date input beside it opens the platform's calendar. Incomplete text stores nothing.
 */
export function DateWidget(props: WidgetProps) {
  const { value, onChange, options, disabled, readonly, label } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  const [text, setText] = useTypedText(value, showDisplayDate);
  const handleText = (event: ChangeEvent<HTMLInputElement>) => {
    setText(event.target.value);
    const stored = normalise(event.target.value);
    if (stored !== value) onChange(stored ?? options.emptyValue);
  };
  return (
    <div className={styles.row}>
      <div className={styles.text}>
        <BaseInputTemplate {...props} type="text" value={text} placeholder="YYYY/MM/DD" options={{ ...options, maxLength: 10 }} onChangeOverride={handleText} />
      </div>
      {disabled || readonly ? null : (
        // A field that cannot change has no calendar (a disabled native picker showed a blank button).
        <input
          type="date"
          aria-label={String(t('engine.renderer.pickDate', { label, defaultValue: 'Pick a date' }))}
          value={typeof value === 'string' && isValidDate(value) ? value : ''}
          className={styles.picker}
          onChange={(event) => {
            const stored = normalise(event.target.value);
            setText(stored ? toDisplayDate(stored) : '');
            onChange(stored ?? options.emptyValue);
          }}
        />
      )}
    </div>
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
 * (`YYYY-MM-DD` once complete, so the "valid date" rule can judge it) and null when empty.
 */
export function MaskedDateWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, rawErrors, required } = props;
  const shown = typeof value === 'string' ? value : '';
  const hasError = Boolean(rawErrors?.length);
  return (
    <Input
      id={id}
      name={id}
      value={shown}
      placeholder="9999-99-99"
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
