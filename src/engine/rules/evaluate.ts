import jsonLogic from 'json-logic-js';
import type { FormData, Logic, RuleContext } from '../types';
import { activeContext } from './active-context';
import { registerOperations } from './operations';

registerOperations();

/**
 * Evaluate one json-logic expression over form data. The data is visible as is, the parent
 * form (for sub-forms) as `$parent`, and the context as `$context`. Throws what the rule throws;
 * callers decide how a failure counts (validation fails closed).
 */
export function evaluate(logic: Logic, data: FormData, context: RuleContext = {}): unknown {
  const previous = activeContext.current;
  activeContext.current = context;
  try {
    return jsonLogic.apply(logic as never, { ...data, $parent: context.parent ?? {}, $context: context });
  } finally {
    activeContext.current = previous;
  }
}
