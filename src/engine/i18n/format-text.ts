/**
 * Texts put together from parts in the reader's language: a label and its value, a list of
 * names. The marks come from the locale (`engine.format.*`): Chinese writes full-width ：and 、
 * where English writes ": " and ", " (issue #31: code-built "合计: …" and "王伟, 李娜" on zh
 * screens); `engine.format.dateWithWeekday` writes "2026/01/01 (Thu)", zh "2026/01/01（周四）". `t` is any translate function (the app's i18next `t`, the renderer's, the server's).
 */
type Words = (key: string, params?: Record<string, string>) => string;

/** "label: value" (en), "label：value" (zh). */
export function labelValue(t: Words, label: string, value: string): string {
  return t('engine.format.labelValue', { label, value });
}

/** Several "label: value" pairs in a row: "A: 1, B: 2" (en), "A：1，B：2" (zh). */
export function pairsText(t: Words, pairs: readonly (readonly [string, string])[]): string {
  return pairs.map(([label, value]) => labelValue(t, label, value)).join(t('engine.format.pairSeparator'));
}

/** The items joined with the language's list separator: "A, B" (en), "A、B" (ja, zh). */
export function listText(t: Words, items: readonly string[]): string {
  return items.join(t('engine.format.listSeparator'));
}
