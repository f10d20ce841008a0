import iconv from 'iconv-lite';

/**
 * Shift_JIS as Windows writes it (CP932 / Windows-31J: what Japanese Excel opens by default and
 * what 弥生会計 and the other accounting products read), through `iconv-lite`. Chosen over the
 * inverse of the WHATWG decoder this file held before (issue 35): on the NEC/IBM duplicate rows
 * the two differ — for a character both the NEC-selected IBM extension rows (0xED/0xEE) and the
 * IBM extension rows (0xFA–0xFC) hold (纊, ⅰ, ￤, 髙, 﨑 …), Windows' encoder writes the IBM code
 * (纊 → FA5C) and so does iconv-lite, while the decoder inverse wrote the NEC-selected one (ED40),
 * bytes Windows itself never produces. For the NEC row 13 duplicates of JIS X 0208 (∵ ≒ ∫ …)
 * both write the JIS X 0208 code, and for Ⅰ № ㈱ ① the NEC row 13 code (tests/server/shift-jis.test.ts).
 * A character CP932 does not have becomes `?`; `unmappable` counts them.
 */
const unmappableCache = new Map<string, boolean>();

function isUnmappable(ch: string): boolean {
  let known = unmappableCache.get(ch);
  if (known === undefined) {
    const bytes = iconv.encode(ch, 'cp932');
    known = bytes.length === 1 && bytes[0] === 0x3f;
    unmappableCache.set(ch, known);
  }
  return known;
}

/** The text as Shift_JIS (CP932) bytes, and how many characters had to become `?`. */
export function encodeShiftJis(text: string): { bytes: Buffer; unmappable: number } {
  let unmappable = 0;
  for (const ch of text) {
    if (ch.charCodeAt(0) >= 0x80 && isUnmappable(ch)) unmappable += 1;
  }
  return { bytes: iconv.encode(text, 'cp932'), unmappable };
}

/** Shift_JIS (CP932) bytes as text (the tests' readers of exported files). */
export function decodeShiftJis(bytes: Buffer): string {
  return iconv.decode(bytes, 'cp932');
}
