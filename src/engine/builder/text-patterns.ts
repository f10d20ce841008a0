import { linearRegExp, linearRegExpProblem } from '../regexp/linear-regexp';

/**
 * The ready formats the builder offers a text field (issue #32 item 4): each is a JSON Schema
 * `pattern` that runs on the linear-time engine, with sample inputs that pass. `custom` is the
 * analyst's own pattern. The studio names them `studio.builder.patterns.<id>` and pre-fills the
 * field's message from `studio.builder.patternMessages.<id>`.
 */
export const TEXT_PATTERNS = [
  /** A code such as `PRJ-0001`: 2–5 capital letters, a hyphen, 3–6 digits. */
  { id: 'code', pattern: '^[A-Z]{2,5}-[0-9]{3,6}$', samples: ['PRJ-0001', 'prj-0001'] },
  /** A Japanese postal code: `123-4567` or `1234567`. */
  { id: 'postalCode', pattern: '^[0-9]{3}-?[0-9]{4}$', samples: ['123-4567', '12-34567'] },
  /** A Japanese phone number: 10 or 11 digits starting with 0, hyphens allowed between groups. */
  { id: 'phone', pattern: '^0[0-9]{1,4}-?[0-9]{1,4}-?[0-9]{3,4}$', samples: ['03-1234-5678', '090-1234-5678', '1234'] },
  /** A qualified-invoice issuer number: `T` and 13 digits. */
  { id: 'invoiceNumber', pattern: '^T[0-9]{13}$', samples: ['T1234567890123', '1234567890123'] },
] as const;

/** A ready format's id, or `custom`. */
export type TextPatternId = (typeof TEXT_PATTERNS)[number]['id'] | 'custom';

/** The most characters a pattern may have (a format, not a program). */
export const MAX_PATTERN_LENGTH = 500;

/** The ready format a pattern is, or `custom`. */
export function textPatternId(pattern: string): TextPatternId {
  return TEXT_PATTERNS.find((p) => p.pattern === pattern)?.id ?? 'custom';
}

/**
 * Why `pattern` cannot be a field's format, or null when it can: blank, too long, or a regular
 * expression RE2 cannot compile (bad syntax, lookahead, lookbehind, back-references) — the same
 * engine the server validates submissions with, so what the builder accepts the checker accepts.
 */
export function patternProblem(pattern: string): string | null {
  if (pattern.trim() === '') return 'empty';
  if (pattern.length > MAX_PATTERN_LENGTH) return `longer than ${MAX_PATTERN_LENGTH} characters`;
  return linearRegExpProblem(pattern);
}

/** Which of `samples` a pattern accepts (as the server will): null for a pattern with a problem. */
export function testPattern(pattern: string, samples: readonly string[]): boolean[] | null {
  if (patternProblem(pattern)) return null;
  const regexp = linearRegExp(pattern);
  return samples.map((sample) => regexp.test(sample));
}
