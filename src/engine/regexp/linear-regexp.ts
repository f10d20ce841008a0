import { RE2JS } from 're2js';

/** What Ajv and the engine need of a compiled pattern. */
export interface LinearRegExp {
  test(text: string): boolean;
  toString(): string;
}

const compiled = new Map<string, LinearRegExp>();
/** Patterns kept compiled (definitions have a few dozen; old ones go first). */
const MAX_CACHED = 1000;

/**
 * A definition's `pattern` (ECMAScript syntax, as JSON Schema has it) compiled for RE2JS, a
 * pure-JavaScript port of RE2: matching takes time linear in the text, whatever the pattern
 * (`^(a+)+$` against 10,000 × `a` + `!` answers in milliseconds where the backtracking RegExp
 * never returns). JavaScript-only spellings RE2 has an equivalent for are translated first
 * (`\uXXXX`, `(?<name>…)`, `[^]`, `\cX`); what RE2 cannot do in linear time — lookahead,
 * lookbehind, backreferences — throws `RE2JSSyntaxException`, which the checker reports.
 * `test` finds a match anywhere in the text, as `RegExp.prototype.test` does. `flags` may hold
 * `i` (case-insensitive) and `u` (always on: RE2 matches code points).
 */
export function linearRegExp(pattern: string, flags = ''): LinearRegExp {
  const key = `${flags.includes('i') ? 'i' : ''}/${pattern}`;
  let regexp = compiled.get(key);
  if (!regexp) {
    const re2 = RE2JS.compile(RE2JS.translateRegExp(pattern), flags.includes('i') ? RE2JS.CASE_INSENSITIVE : 0);
    regexp = { test: (text: string) => re2.test(text), toString: () => `/${pattern}/${flags.includes('i') ? 'i' : ''}` };
    if (compiled.size >= MAX_CACHED) compiled.delete(compiled.keys().next().value as string);
    compiled.set(key, regexp);
  }
  return regexp;
}

/** The reason a pattern cannot run on the linear-time engine, or null when it can. */
export function linearRegExpProblem(pattern: string): string | null {
  try {
    linearRegExp(pattern);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Ajv's `code.regExp` option: every `pattern` and `patternProperties` key runs on `linearRegExp`. */
export const ajvRegExp = /* @__PURE__ */ Object.assign((pattern: string, flags: string) => linearRegExp(pattern, flags), { code: 'linearRegExp' });
