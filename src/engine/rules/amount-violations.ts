import type { CompiledModule, FormData, RuleContext, Translate, Violation } from '../types';
import { amountProblem, maxAmount } from '../money/amount-limit';
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

/** The currency code of a form (its own currency field, else its parent's), as `round_currency` finds it. */
function currencyOf(module: CompiledModule, data: FormData, context: RuleContext): string | null {
  const field = module.meta.currencyField ?? 'currency_id';
  const value = data[field] ?? (context.parent as FormData | undefined)?.[field];
  if (typeof value === 'string' && !/^\d+$/.test(value)) return value;
  if (value === null || value === undefined || value === '') return null;
  return context.currencies?.find((c) => c.id === Number(value))?.code ?? null;
}

/**
 * Amounts as they will be stored (issue #19): every `money` field of this form level must be a
 * finite number whose value, rounded to the form's currency, has at most 15 significant digits
 * (`maxAmount`: 9,999,999,999,999.99, or 999,999,999,999,999 without decimals). Checked before
 * the level's ordered rules, in field order, by both the browser and the server. Violations are
 * appended to `out` (a new list unless given) and `out` is returned.
 */
export function amountViolations(module: CompiledModule, data: FormData, context: RuleContext, t: Translate, prefix: string, out: Violation[] = []): Violation[] {
  const fields = moneyFields(module);
  if (fields.length === 0) return out;
  const currency = currencyOf(module, data, context);
  for (const field of fields) {
    const problem = amountProblem(data[field], currency);
    if (!problem) continue;
    const key = problem === 'invalid' ? 'engine.validation.amountInvalid' : 'engine.validation.amountTooLarge';
    const limit = maxAmount(currency).toLocaleString('en-US', { maximumFractionDigits: 2 });
    out.push({ propertyPath: `${prefix}${field}`, message: t(key, { field: t(labelKey(module, field)), limit }), field: (prefix || field).split(/[.[]/)[0], messageKey: key });
  }
  return out;
}
