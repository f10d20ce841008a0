import type { CompiledModule, RuleContext } from '../../../engine';
import { sameData } from './same-data';

type FormData = Record<string, unknown>;

/** Filled in by widgets on their own as the form opens (the process card's preset approvers). */
const AUTO_FILLED = ['approvals'];

/** The spec's default currency, which the currency picker chooses for an empty field. */
const DEFAULT_CURRENCY = 'CNY';

/**
 * What an untouched form holds once its widgets have settled: the defaults, with the currency
 * field set to the id of the currency its picker chooses by default. Used to tell a draft worth
 * keeping from a form nobody has filled in.
 */
export function untouchedForm(module: CompiledModule, defaults: FormData, context: RuleContext): FormData {
  const field = module.meta.currencyField ?? 'currency_id';
  if (defaults[field] !== null && defaults[field] !== undefined) return defaults;
  const ui = (module.uiSchema as Record<string, { 'ui:widget'?: unknown; 'ui:options'?: { defaultCode?: unknown; allowAll?: unknown } } | undefined>)[field];
  if (ui?.['ui:widget'] !== 'CurrencyPicker' || ui['ui:options']?.allowAll) return defaults;
  const configured = ui['ui:options']?.defaultCode;
  const code = configured === null ? null : typeof configured === 'string' ? configured : DEFAULT_CURRENCY;
  const id = code ? context.currencies?.find((c) => c.code === code)?.id : undefined;
  return id === undefined ? defaults : { ...defaults, [field]: id };
}

/** True when `data` is an untouched form (the auto-filled approvals aside): not a draft. */
export function isUntouched(data: FormData, untouched: FormData): boolean {
  const strip = (d: FormData) => Object.fromEntries(Object.entries(d).filter(([key]) => !AUTO_FILLED.includes(key)));
  return sameData(strip(data), strip(untouched));
}
