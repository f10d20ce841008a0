import { patternShapeProblem } from '../builder/text-patterns';
import { linearRegExp, linearRegExpProblem } from './linear-regexp';

/**
 * Why `pattern` cannot be a text field's format, or null when it can: blank, too long, or a
 * regular expression RE2 cannot compile (bad syntax, lookahead, lookbehind, back-references) —
 * the engine the server validates submissions with and the checker compiles patterns on, so what
 * the studio's dialog accepts the checker accepts. Imported by path, not from the engine's index:
 * it brings the RE2 port (re2js), which only the studio needs in a browser.
 */
export function patternProblem(pattern: string): string | null {
  return patternShapeProblem(pattern) ?? linearRegExpProblem(pattern);
}

/** Which of `samples` a pattern accepts (as the server will): null for a pattern with a problem. */
export function testPattern(pattern: string, samples: readonly string[]): boolean[] | null {
  if (patternProblem(pattern)) return null;
  const regexp = linearRegExp(pattern);
  return samples.map((sample) => regexp.test(sample));
}
