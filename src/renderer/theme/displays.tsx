import { useTranslation } from 'react-i18next';
import { listText, toDisplayDate, type Lang } from '../../engine';
import { useDisplayContext } from '../display-context';
import { currencyCodeOf, formatAmount } from '../money';
import type { DisplayProps } from '../registry-types';

/** Shown for an empty value so a card row never looks broken (the same "-" as the custom widgets' Displays). */
export const EMPTY_DISPLAY = '-';

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

function useLang(): Lang {
  const { i18n } = useTranslation();
  return (['en', 'ja', 'zh'].includes(i18n.language) ? i18n.language : 'ja') as Lang;
}

/** Plain text. */
export function TextDisplay({ value }: DisplayProps) {
  return <>{isEmpty(value) ? EMPTY_DISPLAY : String(value)}</>;
}

/** An amount grouped and rounded by the document's currency. */
export function MoneyDisplay({ value, formData, options }: DisplayProps) {
  const { module, ruleContext } = useDisplayContext();
  const lang = useLang();
  if (isEmpty(value)) return <>{EMPTY_DISPLAY}</>;
  const fixed = typeof options?.currency === 'string' ? options.currency : undefined;
  const code = fixed ?? currencyCodeOf(formData, module?.meta.currencyField, ruleContext?.currencies);
  return <>{formatAmount(value, code, lang)}</>;
}

/** A date as YYYY/MM/DD. */
export function DateDisplay({ value }: DisplayProps) {
  const shown = typeof value === 'string' || typeof value === 'number' ? toDisplayDate(value) : '';
  return <>{shown || (isEmpty(value) ? EMPTY_DISPLAY : String(value))}</>;
}

/** The translated label of an enum value. */
export function EnumDisplay({ value, enumOptions }: DisplayProps) {
  if (isEmpty(value)) return <>{EMPTY_DISPLAY}</>;
  const found = enumOptions?.find((o) => o.value === value || String(o.value) === String(value));
  return <>{found ? found.label : String(value)}</>;
}

/** Several enum values, their labels joined. */
export function MultiEnumDisplay({ value, enumOptions }: DisplayProps) {
  const { t } = useTranslation();
  if (!Array.isArray(value) || value.length === 0) return <>{EMPTY_DISPLAY}</>;
  const labels = value.map((v) => enumOptions?.find((o) => o.value === v)?.label ?? String(v));
  return <>{listText(t, labels)}</>;
}

/** A boolean as yes / no. */
export function BooleanDisplay({ value }: DisplayProps) {
  const { t } = useTranslation();
  return <>{String(t(value ? 'engine.renderer.yes' : 'engine.renderer.no'))}</>;
}
