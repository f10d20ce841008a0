import type { ComputedRule, FormData, RuleContext } from '../types';
import { activeContext } from './active-context';
import { compileLogic, type CompiledLogic } from './compile-logic';
import { deepEqual } from './deep-equal';
import { runningRule } from './step-budget';

/** Each computed-rules list with its values compiled once (per list object). */
const compiledLists = new WeakMap<object, Array<{ field: string; value: CompiledLogic | null }>>();

function compiledOf(rules: ComputedRule[]): Array<{ field: string; value: CompiledLogic | null }> {
  let compiled = compiledLists.get(rules);
  if (!compiled) {
    compiled = rules.map((rule) => {
      try {
        return { field: rule.field, value: compileLogic(rule.value) };
      } catch {
        return { field: rule.field, value: null };
      }
    });
    compiledLists.set(rules, compiled);
  }
  return compiled;
}

/**
 * Set every computed field of one form level on `out`, in file order (a later rule sees an
 * earlier one's value): a value equal to the one there leaves it as it is; a rule that throws (or
 * cannot be compiled) leaves its field as it was. Runs under the caller's step budget; the
 * caller owns `out` (a copy of the data). True when a field was set (a value that differs).
 * `ModuleRuntime.computeAll` and `computeFormData` (once per item of a sub-form list) both use it.
 */
export function applyComputed(rules: ComputedRule[], out: FormData, context: RuleContext): boolean {
  if (rules.length === 0) return false;
  let assigned = false;
  const previous = activeContext.current;
  activeContext.current = context;
  try {
    for (const { field, value } of compiledOf(rules)) {
      if (!value) continue;
      try {
        runningRule('computed', field);
        const result = value(out, context);
        if (!deepEqual(result, out[field])) {
          out[field] = result;
          assigned = true;
        }
      } catch {
        // A computed rule that throws leaves its field as it was.
      }
    }
  } finally {
    activeContext.current = previous;
  }
  return assigned;
}
