import type { FormData, Logic, RuleContext } from '../types';
import { activeContext } from './active-context';
import { compileLogic } from './compile-logic';
import { withBudget } from './step-budget';

/**
 * Evaluate one json-logic expression over form data. The data is visible as is, the parent
 * form (for sub-forms) as `$parent`, and the context as `$context`. Throws what the rule throws;
 * callers decide how a failure counts (validation fails closed). The expression is compiled
 * once (`compileLogic`, cached per expression object) and the context is active for the custom
 * operations that read it while it runs. It runs under the step budget (`step-budget.ts`): the
 * caller's when one is running, else its own.
 */
export function evaluate(logic: Logic, data: FormData, context: RuleContext = {}): unknown {
  const previous = activeContext.current;
  activeContext.current = context;
  try {
    return withBudget(() => compileLogic(logic)(data, context));
  } finally {
    activeContext.current = previous;
  }
}
