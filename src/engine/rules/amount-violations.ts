import type { CompiledModule, FormData, RuleContext, Translate, Violation } from '../types';
import { amountProblem, maxAmount, minorUnit } from '../money/amount-limit';
import { labelKey } from '../definitions/label-key';

/** Fields of a module whose widget is `money` (found once per compiled module). */
const moneyFieldsOf = new WeakMap<CompiledModule, string[]>();

function moneyFields(module: CompiledModule): string[] {
  let fields = moneyFieldsOf.get(module);
  if (!fields) {
    fields = Object.keys((module.schema.properties ?? {}) as object).filter((field) => {
      const ui = Object.hasOwn(module.uiSchema, field) ? module.uiSchema[field] : undefined;
      return !!ui && typeof ui === 'object' && (ui as Record<string, unknown>)['ui:widget'] === 'money';
    });
    moneyFieldsOf.set(module, fields);
  }
  return fields;
}

/**
 * The currency code of a form level, as `round_currency` finds it: its own currency field, else its
 * parent's, else `inherited` (the code an outer level found: a content line of a payment item takes
 * the payment's currency, two levels up).
 */
export function levelCurrency(module: CompiledModule, data: FormData, context: RuleContext, inherited: string | null = null): string | null {
  const field = module.meta.currencyField ?? 'currency_id';
  const value = data[field] ?? (context.parent as FormData | undefined)?.[field];
  if (typeof value === 'string' && !/^\d+$/.test(value)) return value;
  if (value === null || value === undefined || value === '') return inherited;
  return context.currencies?.find((c) => c.id === Number(value))?.code ?? inherited;
}

/** Message key per amount problem (`amountProblem`). */
const PROBLEM_KEYS = {
  invalid: 'engine.validation.amountInvalid',
  tooLarge: 'engine.validation.amountTooLarge',
  precision: 'engine.validation.amountPrecision',
} as const;

/**
 * Amounts as they will be stored (issues #19, #30): every `money` field of this form level must be
 * a finite number whose value, rounded to `currency` (the level's, `levelCurrency`), has at most
 * 15 significant digits (`maxAmount`: 9,999,999,999,999.99, or 999,999,999,999,999 without
 * decimals) and no part below the currency's minor unit (123.456 CNY, 100.5 JPY are refused:
 * stored as sent, they would disagree with every rounded total over them). Driven by the
 * definitions' widgets alone, so every money field of every item level is checked. Checked before
 * the level's ordered rules, in field order, by both the browser and the server. Violations are
 * appended to `out` (a new list unless given) and `out` is returned.
 */
export function amountViolations(module: CompiledModule, data: FormData, currency: string | null, t: Translate, prefix: string, out: Violation[] = []): Violation[] {
  const fields = moneyFields(module);
  if (fields.length === 0) return out;
  for (const field of fields) {
    const problem = amountProblem(data[field], currency);
    if (!problem) continue;
    const key = PROBLEM_KEYS[problem];
    const limit = maxAmount(currency).toLocaleString('en-US', { maximumFractionDigits: 2 });
    out.push({ propertyPath: `${prefix}${field}`, message: t(key, { field: t(labelKey(module, field)), limit, unit: minorUnit(currency) }), field: (prefix || field).split(/[.[]/)[0], messageKey: key });
  }
  return out;
}
