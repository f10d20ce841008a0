import { unsafeText } from './unsafe-text';

/** Deepest nesting of arrays/objects a request may carry (module data nests a few levels). */
export const MAX_JSON_DEPTH = 64;

/** What is wrong with a request value, and where (`data.items.0.title`). */
export interface ValueProblem {
  path: string;
  problem: 'nul' | 'surrogate' | 'depth';
}

/**
 * The first problem in a parsed request value (JSON body, query, path parameters): nesting
 * deeper than `MAX_JSON_DEPTH`, or a string or key PostgreSQL cannot store. Walks iteratively,
 * so a hostile 10,000-deep body cannot exhaust the stack here either.
 */
export function inspectValue(value: unknown, root = ''): ValueProblem | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: root, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, path, depth } = stack.pop()!;
    if (typeof current === 'string') {
      const problem = unsafeText(current);
      if (problem) return { path, problem };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) return { path, problem: 'depth' };
    for (const [key, child] of Object.entries(current)) {
      const childPath = path ? `${path}.${key}` : key;
      const keyProblem = unsafeText(key);
      if (keyProblem) return { path: childPath, problem: keyProblem };
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return null;
}
