/** The checker's problem when a step code stands for other names or roles than in other modules. */
const SHARED_STEP = /^step "([^"]+)" has other names or roles than in module "([^"]+)"(?: and (\d+) other)?/;

/** One module's use of a step code: what the step means there (its names and roles, as JSON). */
export interface StepUse {
  module: string;
  meaning: string;
}

/**
 * The meaning a shared step code has: the one most modules give it (a tie: the first module's).
 * A module whose step differs from it is the one to fix — a draft that renames the blank module's
 * manager step is one problem, not one in every other module that keeps the name.
 */
export function sharedMeaning(uses: StepUse[]): { meaning: string; modules: string[] } {
  const counts = new Map<string, string[]>();
  for (const use of uses) counts.set(use.meaning, [...(counts.get(use.meaning) ?? []), use.module]);
  let best: { meaning: string; modules: string[] } = { meaning: uses[0]?.meaning ?? '', modules: [] };
  for (const [meaning, modules] of counts) if (modules.length > best.modules.length) best = { meaning, modules };
  return best;
}

/** The checker's sentence for a step that differs from the shared meaning of its code. */
export function sharedStepMessage(code: string, modules: string[]): string {
  const others = modules.length > 1 ? ` and ${modules.length - 1} other` : '';
  return `step "${code}" has other names or roles than in module "${modules[0]}"${others}: a step code means the same everywhere (use a new code for a different step)`;
}

/** The step code (and the module that gives it its meaning) a shared-step problem names; null for another problem. */
export function sharedStepOf(message: string): { step: string; module: string } | null {
  const match = SHARED_STEP.exec(message);
  return match ? { step: match[1], module: match[2] } : null;
}
