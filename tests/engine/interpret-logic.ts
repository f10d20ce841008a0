import jsonLogic from 'json-logic-js';
import type { RuleContext } from '../../src/engine';
import { activeContext } from '../../src/engine/rules/active-context';

/**
 * What json-logic-js itself answers (or throws) for a rule over form data in a context: the
 * reference the engine's compiled rules are held to (the engine's operations must be registered).
 */
export function interpretLogic(logic: unknown, data: Record<string, unknown>, context: RuleContext): { value?: unknown; error?: boolean } {
  const previous = activeContext.current;
  activeContext.current = context;
  try {
    return { value: jsonLogic.apply(logic as never, { ...data, $parent: context.parent ?? {}, $context: context }) };
  } catch {
    return { error: true };
  } finally {
    activeContext.current = previous;
  }
}
