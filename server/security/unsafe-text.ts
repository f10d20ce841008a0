/** Characters no stored text may hold: NUL (PostgreSQL text and jsonb refuse it) and UTF-16 halves without their pair. */
// eslint-disable-next-line no-control-regex -- matching NUL is this pattern's purpose
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why `text` cannot be stored, or null when it can: `nul` for a NUL character, `surrogate` for
 * a lone UTF-16 surrogate (neither is valid in PostgreSQL text, so they are refused at the door
 * with a clear 400 instead of failing deep in a query).
 */
export function unsafeText(text: string): 'nul' | 'surrogate' | null {
  const match = UNSAFE.exec(text);
  if (!match) return null;
  return match[0] === '\u0000' ? 'nul' : 'surrogate';
}
