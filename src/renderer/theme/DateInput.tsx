import { useEffect, useState, type ChangeEvent } from 'react';
import { Input, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { isValidDate, toDisplayDate } from '../../engine';

/** `YYYY/MM/DD` or `YYYY-MM-DD` → `YYYY-MM-DD` when it is a real date, else undefined. */
function normalise(text: string): string | undefined {
  const candidate = text.trim().replaceAll('/', '-');
  return isValidDate(candidate) ? candidate : undefined;
}

const show = (stored: unknown) => toDisplayDate(typeof stored === 'string' ? stored : undefined);

/** Keeps typed text while the stored value only changes from outside (effects, reset). */
function useTypedText(value: unknown): [string, (t: string) => void] {
  const [text, setText] = useState(show(value));
  const [seen, setSeen] = useState(value);
  useEffect(() => {
    if (value !== seen) {
      setSeen(value);
      setText((typed) => (normalise(typed) === value ? typed : show(value)));
    }
  }, [value, seen]);
  return [text, setText];
}

// The native date input serves only as the calendar button: its own "mm/dd/yyyy" text squeezed
// into a narrow box read "mm/" beside the real text field, so only its picker icon is shown.
const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', minWidth: 0 },
  text: { flexGrow: 1, minWidth: 0 },
  input: { width: '100%', minWidth: 0 },
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

export interface DateInputProps {
  /** The stored date `YYYY-MM-DD`; empty (`''`, null, undefined) when none. */
  value: string | null | undefined;
  /** The stored form of what was typed or picked: `YYYY-MM-DD`, or undefined while it is no date. */
  onChange(value: string | undefined): void;
  /** The text as typed (also when it is no date), for a caller that says so rather than drop it. */
  onTextChange?(text: string): void;
  id?: string;
  name?: string;
  /** What the field is (names the text box when no `<label htmlFor>` does, and the calendar button). */
  label?: string;
  disabled?: boolean;
  readOnly?: boolean;
  required?: boolean;
  invalid?: boolean;
  describedBy?: string;
  onBlur?(): void;
  onFocus?(): void;
}

/**
 * The one date input of Ringi: text shown and typed `YYYY/MM/DD` in every language (spec; the
 * browser's own date input would show mm/dd/yyyy or another locale's order), stored
 * `YYYY-MM-DD`, either separator accepted; a calendar button beside it opens the platform's
 * calendar. A field that cannot change has no calendar button.
 */
export function DateInput({ value, onChange, onTextChange, id, name, label, disabled, readOnly, required, invalid, describedBy, onBlur, onFocus }: DateInputProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [text, setText] = useTypedText(value);
  const stored = typeof value === 'string' && isValidDate(value) ? value : '';
  const handleText = (event: ChangeEvent<HTMLInputElement>) => {
    setText(event.target.value);
    onTextChange?.(event.target.value);
    const next = normalise(event.target.value);
    if (next !== (stored || undefined)) onChange(next);
  };
  return (
    <div className={styles.row}>
      <div className={styles.text}>
        <Input
          id={id}
          name={name ?? id}
          className={styles.input}
          value={text}
          placeholder="YYYY/MM/DD"
          maxLength={10}
          disabled={disabled}
          readOnly={readOnly}
          required={required}
          aria-label={id ? undefined : label}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={handleText}
          onBlur={onBlur}
          onFocus={onFocus}
        />
      </div>
      {disabled || readOnly ? null : (
        // A field that cannot change has no calendar (a disabled native picker showed a blank button).
        <input
          type="date"
          aria-label={String(t('engine.renderer.pickDate', { label: label ?? '', defaultValue: 'Pick a date' }))}
          value={stored}
          className={styles.picker}
          onChange={(event) => {
            const next = normalise(event.target.value);
            setText(next ? toDisplayDate(next) : '');
            onTextChange?.(next ? toDisplayDate(next) : '');
            onChange(next);
          }}
        />
      )}
    </div>
  );
}
