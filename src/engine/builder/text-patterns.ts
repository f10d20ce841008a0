import type { Texts } from './texts';

/**
 * The ready formats the builder offers a text field (issue #32 item 4): each is a JSON Schema
 * `pattern` that runs on the linear-time engine, with sample inputs that pass. `custom` is the
 * analyst's own pattern. The studio names them `studio.builder.patterns.<id>`; `messages` are what
 * a new field's format message starts as, in every language the builder writes (the module's own
 * texts, as the date range's "(from)" suffixes are), for the analyst to change.
 */
export const TEXT_PATTERNS: ReadonlyArray<{ id: Exclude<TextPatternId, 'custom'>; pattern: string; samples: readonly string[]; messages: Texts }> = [
  /** A code such as `PRJ-0001`: 2–5 capital letters, a hyphen, 3–6 digits. */
  {
    id: 'code', pattern: '^[A-Z]{2,5}-[0-9]{3,6}$', samples: ['PRJ-0001', 'prj-0001'],
    messages: { en: 'Enter a code such as PRJ-0001', ja: 'PRJ-0001 のような形式で入力してください', zh: '请按 PRJ-0001 的格式输入' },
  },
  /** A Japanese postal code: `123-4567` or `1234567`. */
  {
    id: 'postalCode', pattern: '^[0-9]{3}-?[0-9]{4}$', samples: ['123-4567', '12-34567'],
    messages: { en: 'Enter a postal code such as 123-4567', ja: '郵便番号は 123-4567 の形式で入力してください', zh: '请按 123-4567 的格式输入邮政编码' },
  },
  /** A Japanese phone number: 10 or 11 digits starting with 0, hyphens allowed between groups. */
  {
    id: 'phone', pattern: '^0[0-9]{1,4}-?[0-9]{1,4}-?[0-9]{3,4}$', samples: ['03-1234-5678', '090-1234-5678', '1234'],
    messages: { en: 'Enter a phone number such as 03-1234-5678', ja: '電話番号は 03-1234-5678 のように入力してください', zh: '请按 03-1234-5678 的格式输入电话号码' },
  },
  /** A qualified-invoice issuer number: `T` and 13 digits. */
  {
    id: 'invoiceNumber', pattern: '^T[0-9]{13}$', samples: ['T1234567890123', '1234567890123'],
    messages: { en: 'Enter the registration number: T and 13 digits', ja: '登録番号は T と13桁の数字で入力してください', zh: '请输入登记号码：T 加 13 位数字' },
  },
];

/** A ready format's id, or `custom` (the analyst's own pattern). */
export type TextPatternId = 'code' | 'postalCode' | 'phone' | 'invoiceNumber' | 'custom';

/** The most characters a pattern may have (a format, not a program). */
export const MAX_PATTERN_LENGTH = 500;

/** The ready format a pattern is, or `custom`. */
export function textPatternId(pattern: string): TextPatternId {
  return TEXT_PATTERNS.find((p) => p.pattern === pattern)?.id ?? 'custom';
}

/**
 * What the builder itself refuses of a pattern: blank or too long (null when neither). Whether
 * RE2 can run it (syntax, lookahead, lookbehind, back-references) is `patternProblem`'s
 * (`regexp/pattern-problem.ts`), which the studio's dialog and the checker ask: the RE2 port stays
 * out of this module so that the builder, in the engine chunk every page loads, does not carry it.
 */
export function patternShapeProblem(pattern: string): string | null {
  if (pattern.trim() === '') return 'empty';
  if (pattern.length > MAX_PATTERN_LENGTH) return `longer than ${MAX_PATTERN_LENGTH} characters`;
  return null;
}
