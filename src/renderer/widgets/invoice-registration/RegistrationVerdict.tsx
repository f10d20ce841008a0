import { Text, tokens } from '@fluentui/react-components';
// The one file, not the engine index: cards load without the engine's schema compiler.
import { invoiceRegistrationProblem } from '../../../engine/invoices/invoice-registration-problem';
import { useWidgetText } from '../text';

/** What a card says of a stored registration number: valid, not valid, or none given. */
export type RegistrationState = 'valid' | 'invalid' | 'none';

/** The check of a stored registration number (`T` + 13 digits with its check digit; the engine's rule). */
export function registrationState(value: unknown): RegistrationState {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return 'none';
  return invoiceRegistrationProblem(value) === null ? 'valid' : 'invalid';
}

const COLOR: Record<RegistrationState, string> = {
  valid: tokens.colorPaletteGreenForeground1,
  invalid: tokens.colorPaletteRedForeground1,
  none: tokens.colorNeutralForeground3,
};

/**
 * A qualified-invoice registration number (T-number) as approvers read it in cards: the number
 * and the engine's check of it — valid, not valid (its form or check digit is wrong), or none
 * given — so the 合議 approvers see whether the supplier can issue qualified invoices.
 * `labelled` names it ("Registration number: …") where it sits inside another value.
 */
export function RegistrationVerdict({ value, labelled = false }: { value: unknown; labelled?: boolean }) {
  const text = useWidgetText();
  const state = registrationState(value);
  const verdict = text(`registration.${state}`, { number: String(value ?? '') });
  // The label's own words and punctuation per language ("登録番号：…").
  const line = labelled ? text('registration.labelled', { value: verdict }) : verdict;
  return <Text as="span" data-registration={state} style={{ color: COLOR[state] }}>{line}</Text>;
}
