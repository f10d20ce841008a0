import { Input, Text, tokens } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import type { DisplayProps } from '../../registry-types';
import { EMPTY_DISPLAY } from '../../theme/displays';
import { useResource } from '../../query';
import { formContextOf } from '../form-context-of';
import { useWidgetText } from '../text';
import { useDebouncedValue } from '../use-debounced-value';
import type { RegistrationCheck } from '../../../wire/invoice-registration';
import { RegistrationVerdict } from './RegistrationVerdict';

/** The pause after typing before the number is checked. */
export const REGISTRATION_CHECK_DEBOUNCE_MS = 400;

/**
 * `InvoiceRegistrationNo`: a qualified-invoice registration number (`T` + 13 digits) checked as
 * the user types — `GET /api/invoice_registrations/{number}`, whose answer comes from the same
 * engine function the definitions' rules use — with the verdict or the reason shown under the
 * input (a polite live region). The rules still decide on submit; this only tells early.
 */
export function InvoiceRegistrationNoWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, onBlur, onFocus, registry, placeholder } = props;
  const { host } = formContextOf(registry, 'InvoiceRegistrationNo');
  const text = useWidgetText();
  const typed = typeof value === 'string' ? value : '';
  const number = useDebouncedValue(typed.trim(), REGISTRATION_CHECK_DEBOUNCE_MS);
  // One cached query per number; no verdict when the check fails (offline: the rules check it on submit).
  const verdict = useResource<RegistrationCheck>(host, number === '' ? null : `/invoice_registrations/${encodeURIComponent(number)}`);
  const shown = verdict && number === typed.trim() && typed.trim() !== '' ? verdict : null;
  return (
    <>
      <Input
        id={id}
        name={id}
        value={typed}
        disabled={disabled}
        readOnly={readonly}
        placeholder={placeholder}
        maxLength={14}
        aria-invalid={shown ? !shown.valid : undefined}
        aria-describedby={`${id}__registration`}
        onChange={(_, d) => onChange(d.value === '' ? null : d.value)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
      <Text id={`${id}__registration`} aria-live="polite" size={200}
        style={{ color: shown ? (shown.valid ? tokens.colorPaletteGreenForeground1 : tokens.colorPaletteRedForeground1) : tokens.colorNeutralForeground3 }}>
        {shown ? (shown.valid ? text('registrationValid') : shown.reason) : ''}
      </Text>
    </>
  );
}

/** The number as stored, in cards, with its check (valid or not valid); nothing given shows "-". */
export function InvoiceRegistrationNoDisplay({ value }: DisplayProps) {
  return typeof value === 'string' && value !== '' ? <RegistrationVerdict value={value} /> : <>{EMPTY_DISPLAY}</>;
}
