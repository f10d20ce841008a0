import { describe, expect, it } from 'vitest';
import { loadDefinitionFiles } from '../../server/definitions/load-definition-files';
import {
  ajvViolations, compileModules, computeFormData, computeFormDataWithChanges, createRuntime, createTranslate, currencyDecimals, formDataViolations,
  labelKey, readSubmitPayload, roundByCurrency, validateSubmission,
  type CompiledModule, type DefinitionFiles, type FormData, type JsonSchema, type RuleContext, type Translate, type Violation,
} from '../../src/engine';
import { deepEqual } from '../../src/engine/rules/deep-equal';
import { registerOperations } from '../../src/engine/rules/operations';
import { prng } from '../../server/demo/prng';
import { interpretLogic } from './interpret-logic';

registerOperations();

/**
 * The straightforward evaluation `validateSubmission` must agree with: every rule interpreted by
 * json-logic-js for every item (no compiled closures, no plans or caches per module), every
 * computed level copied and recomputed as written, the flat computed data always checked against
 * the form's schema again, the amount check spelled out. The engine's fast path (compiled rules,
 * planned validations, one copy per item, no second schema pass over unchanged data) must give
 * the same violations in the same order with the same messages, and the same computed values.
 */
function referenceCompute(module: CompiledModule, data: FormData, context: RuleContext, changes: { any: boolean }, items = true): FormData {
  const out: FormData = { ...data };
  for (const { field, form } of items ? module.meta.subForms : []) {
    const sub = module.subForms[form];
    if (!sub || !Array.isArray(out[field])) continue;
    const itemContext = { ...context, parent: { ...out } };
    out[field] = (out[field] as unknown[]).map((item) => (item && typeof item === 'object' ? referenceCompute(sub, item as FormData, itemContext, changes) : item));
  }
  for (const rule of module.rules.computed ?? []) {
    const result = interpretLogic(rule.value, out, context);
    if (result.error || deepEqual(result.value, out[rule.field])) continue;
    out[rule.field] = result.value;
    changes.any = true;
  }
  return out;
}

function referenceDecimals(code: string | null): number {
  return code && ['JPY', 'OTHER'].includes(code.toUpperCase()) ? 0 : 2;
}

function referenceAmounts(module: CompiledModule, data: FormData, context: RuleContext, t: Translate, prefix: string, out: Violation[], inherited: string | null): string | null {
  const fields = Object.keys((module.schema.properties ?? {}) as object).filter((field) => {
    const ui = Object.hasOwn(module.uiSchema, field) ? module.uiSchema[field] : undefined;
    return !!ui && typeof ui === 'object' && (ui as Record<string, unknown>)['ui:widget'] === 'money';
  });
  const currencyField = module.meta.currencyField ?? 'currency_id';
  const value = data[currencyField] ?? (context.parent as FormData | undefined)?.[currencyField];
  const currency = typeof value === 'string' && !/^\d+$/.test(value) ? value
    : value === null || value === undefined || value === '' ? inherited : context.currencies?.find((c) => c.id === Number(value))?.code ?? inherited;
  const decimals = referenceDecimals(currency);
  const limit = (10 ** 15 - 1) / 10 ** decimals;
  for (const field of fields) {
    const amount = data[field];
    if (typeof amount !== 'number') continue;
    const factor = 10 ** decimals;
    const rounded = !Number.isFinite(amount) || Math.abs(amount) * factor >= 2 ** 53 ? amount : Math.sign(amount) * Math.round(Math.abs(amount) * factor + 1e-9) / factor;
    const problem = Number.isNaN(amount) ? 'invalid' : !Number.isFinite(amount) || Math.abs(rounded) > limit ? 'tooLarge' : rounded !== amount ? 'precision' : null;
    if (!problem) continue;
    const key = { invalid: 'engine.validation.amountInvalid', tooLarge: 'engine.validation.amountTooLarge', precision: 'engine.validation.amountPrecision' }[problem];
    out.push({
      propertyPath: `${prefix}${field}`,
      message: t(key, { field: t(labelKey(module, field)), limit: limit.toLocaleString('en-US', { maximumFractionDigits: 2 }), unit: decimals ? '0.01' : '1' }),
      field: (prefix || field).split(/[.[]/)[0],
      messageKey: key,
    });
  }
  return currency;
}

function referenceRules(module: CompiledModule, data: FormData, context: RuleContext, t: Translate, prefix: string, out: Violation[], inherited: string | null = null): Violation[] {
  const currency = referenceAmounts(module, data, context, t, prefix, out, inherited);
  for (const rule of module.rules.validations ?? []) {
    if ('each' in rule) {
      const ref = module.meta.subForms.find((s) => s.field === rule.each);
      const sub = ref ? module.subForms[ref.form] : undefined;
      const items = data[rule.each];
      if (!sub || !Array.isArray(items)) continue;
      items.forEach((item, i) => referenceRules(sub, item && typeof item === 'object' ? (item as FormData) : {}, { ...context, parent: data }, t, `${prefix}${rule.each}[${i}].`, out, currency));
      continue;
    }
    const when = interpretLogic(rule.when, data, context);
    const failing = when.error || Boolean(when.value);
    if (!failing) continue;
    let params: Record<string, unknown> = {};
    if (!when.error && rule.params) {
      const evaluated = Object.entries(rule.params).map(([k, v]) => [k, interpretLogic(v, data, context)] as const);
      if (evaluated.every(([, r]) => !r.error)) params = Object.fromEntries(evaluated.map(([k, r]) => [k, r.value]));
    }
    out.push({ propertyPath: `${prefix}${rule.field}`, message: t(rule.message, params), field: (prefix || rule.field).split(/[.[]/)[0], messageKey: rule.message });
  }
  return out;
}

function referenceValidate(module: CompiledModule, payload: Record<string, unknown>, context: RuleContext, t: Translate): Violation[] {
  const shape = ajvViolations(module, payload, t);
  if (shape.length) return shape;
  const data = referenceCompute(module, readSubmitPayload(module, payload), context, { any: false });
  const computedShape = formDataViolations(module, data, t);
  if (computedShape.length) return computedShape;
  return referenceRules(module, data, context, t, '', []);
}

/** A seeded source, so a failure names a body that can be made again. */
const random = (seed: number) => prng(seed).next;

const ANY: unknown[] = [null, '', '  ', 'abc', '7', 0, 1, -3, 2.5, true, 1e20, '2026-02-30'];
const BY_TYPE: Record<string, unknown[]> = {
  integer: [1, 2, 3, 0, -1, null],
  number: [0, 1, 2, 100, 2.5, 1.005, -3, 1e16, 9999999999999.99, 33.335, null],
  string: ['2026-12-01', '2026-02-29', '2028-02-29', 'abc', '', ' ', 'T1234567890123', null],
  boolean: [true, false],
};

/** A body the schema mostly allows (each field: usually a value of its type, sometimes anything, sometimes left out). */
function generate(schema: JsonSchema, module: CompiledModule, next: () => number, depth = 0): FormData {
  const pick = <T,>(list: T[]): T => list[Math.floor(next() * list.length)];
  const out: FormData = {};
  for (const [field, prop] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
    const roll = next();
    if (roll < 0.15) continue;
    if (roll < 0.2) {
      out[field] = pick(ANY);
      continue;
    }
    const sub = module.meta.subForms.find((s) => s.field === field);
    if (sub && module.subForms[sub.form] && depth < 2) {
      const subModule = module.subForms[sub.form];
      out[field] = Array.from({ length: Math.floor(next() * 5) }, () => generate(subModule.schema, subModule, next, depth + 1));
      continue;
    }
    const types = ([] as unknown[]).concat(prop.type ?? 'string').filter((x): x is string => typeof x === 'string');
    if (Array.isArray(prop.enum)) out[field] = pick(prop.enum as unknown[]);
    else if (types.includes('array')) out[field] = field === 'approvals' ? pick([[], [{ approver_id: 5, master_process_id: 1 }], [{ approver_id: null, master_process_id: 1 }]]) : [];
    else if (types.includes('object')) out[field] = pick([null, {}]);
    else out[field] = pick(BY_TYPE[pick(types.filter((x) => x !== 'null')) ?? 'string'] ?? ANY);
  }
  return out;
}

/** The body of flat form data as the module receives it (under its body key where it has one). */
function wrap(module: CompiledModule, data: FormData): Record<string, unknown> {
  const key = module.meta.bodyKey;
  if (!key) return data;
  const wrapper = ['bypass', 'send_notification_first_approval', 'save_approvers', 'approvals'];
  const body = Object.fromEntries(Object.entries(data).filter(([k]) => !wrapper.includes(k)));
  return { ...Object.fromEntries(Object.entries(data).filter(([k]) => wrapper.includes(k))), [key]: body };
}

describe('validateSubmission agrees with the straightforward evaluation', () => {
  it('over generated bodies of every module, as sent and with their computed fields filled in (violations, order, messages, computed values)', async () => {
    const { files } = await loadDefinitionFiles();
    const { modules } = compileModules(files);
    // No module on disk computes a value its schema refuses; this purchase does (a joined text
    // over its maxLength, on the form and on each item), so the schema check of computed data counts.
    const source = structuredClone(files) as DefinitionFiles;
    const joined = (list: string, field: string) => ({ reduce: [{ var: list }, { cat: [{ var: 'accumulator' }, { var: `current.${field}` }] }, ''] });
    (source.schemas.purchase.properties as Record<string, JsonSchema>).summary = { type: ['string', 'null'], maxLength: 30 };
    source.rules.purchase = { ...source.rules.purchase, computed: [...(source.rules.purchase.computed ?? []), { field: 'summary', value: joined('purchase_goods', 'goods_name') }] };
    (source.schemas['purchase-goods'].properties as Record<string, JsonSchema>).label = { type: 'string', maxLength: 16 };
    source.rules['purchase-goods'] = { ...source.rules['purchase-goods'], computed: [...(source.rules['purchase-goods'].computed ?? []), { field: 'label', value: { cat: [{ var: 'goods_name' }, { var: 'brand' }] } }] };
    const joining = { ...compileModules(source).modules.purchase!, code: 'purchase-joining' };
    const t = createTranslate(files.locales, 'en');
    const contexts: RuleContext[] = [
      { steps: [{ id: 1, optional: false }], currencies: [{ id: 1, code: 'CNY' }, { id: 2, code: 'JPY' }, { id: 3, code: 'usd' }] },
      { currencies: [{ id: 1, code: 'jpy' }, { id: 2, code: 'other' }] },
      {},
    ];
    const next = random(20261127);
    let compared = 0;
    let unchangedCompared = 0;
    let refusedComputed = 0;
    // The joining purchase draws from a stream of its own, so a module added on disk does not shift what it is given.
    const nextJoining = random(20261127);
    for (const module of [...Object.values(modules), joining]) {
      for (let i = 0; i < 24; i += 1) {
        const context = contexts[i % contexts.length];
        const data = generate(module.schema, module, module === joining ? nextJoining : next);
        const filled = referenceCompute(module, readSubmitPayload(module, wrap(module, data)), context, { any: false });
        for (const body of [wrap(module, data), wrap(module, filled)]) {
          const where = `${module.code} #${i} (seed 20261127)`;
          expect(validateSubmission(module, body, context, t), where).toEqual(referenceValidate(module, body, context, t));
          const read = readSubmitPayload(module, body);
          const changes = { any: false };
          const expected = referenceCompute(module, read, context, changes);
          expect(computeFormData(module, read, context), where).toEqual(expected);
          expect(computeFormDataWithChanges(module, read, context).changed, where).toBe(changes.any);
          // The runtime's own computeAll is one level (the form's fields; items are their sub-form's).
          expect(createRuntime(module).computeAll(read, context), where).toEqual(referenceCompute(module, read, context, { any: false }, false));
          compared += 1;
          if (!changes.any && ajvViolations(module, body, t).length === 0) unchangedCompared += 1;
          if (ajvViolations(module, body, t).length === 0 && formDataViolations(module, expected, t).length > 0) refusedComputed += 1;
        }
      }
    }
    // Both paths were taken: bodies whose computed values differ, and valid bodies computed as sent.
    expect(compared).toBeGreaterThan(100);
    expect(unchangedCompared).toBeGreaterThan(10);
    expect(refusedComputed).toBeGreaterThan(0);
  }, 120_000);

  it('the currency rounding answers as spelled out, whatever order codes come in', () => {
    const codes = ['CNY', 'jpy', 'JPY', 'usd', 'Other', 'OTHER', '', null, 'JPY ', 'jPy', 'CNY', 'other'];
    for (let round = 0; round < 3; round += 1) {
      for (const code of codes) {
        expect(currencyDecimals(code), String(code)).toBe(referenceDecimals(code));
        for (const amount of [1.005, -2.675, 0.5, 1234.5678, 1e16, -0]) {
          const factor = 10 ** referenceDecimals(code);
          const rounded = Math.abs(amount) * factor >= 2 ** 53 ? amount : Math.sign(amount) * Math.round(Math.abs(amount) * factor + 1e-9) / factor;
          expect(roundByCurrency(amount, code), `${amount} ${code}`).toBe(Object.is(rounded, -0) ? 0 : rounded);
        }
      }
    }
  });
});
