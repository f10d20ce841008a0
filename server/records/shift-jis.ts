/**
 * Shift_JIS (Windows-31J, what Japanese Excel opens by default) encoding without a dependency:
 * the table is the inverse of the WHATWG `shift_jis` decoder every Node build ships, built once
 * on first use (ASCII, half-width katakana, and every two-byte code the decoder maps to one
 * character). A character the encoding does not have becomes `?`; `unmappable` counts them.
 */
let table: Map<string, number[]> | undefined;

function encoderTable(): Map<string, number[]> {
  if (table) return table;
  const decoder = new TextDecoder('shift_jis', { fatal: false });
  const out = new Map<string, number[]>();
  for (let b = 0; b < 0x80; b += 1) out.set(String.fromCharCode(b), [b]);
  for (let b = 0xa1; b <= 0xdf; b += 1) out.set(decoder.decode(Uint8Array.of(b)), [b]);
  const leads = [...range(0x81, 0x9f), ...range(0xe0, 0xfc)];
  const trails = [...range(0x40, 0x7e), ...range(0x80, 0xfc)];
  for (const lead of leads) {
    for (const trail of trails) {
      const text = decoder.decode(Uint8Array.of(lead, trail));
      // The first code wins: NEC and IBM duplicates decode to the same character.
      if ([...text].length === 1 && text !== '\uFFFD' && !out.has(text)) out.set(text, [lead, trail]);
    }
  }
  table = out;
  return out;
}

function* range(from: number, to: number) {
  for (let i = from; i <= to; i += 1) yield i;
}

/** The text as Shift_JIS bytes, and how many characters had to become `?`. */
export function encodeShiftJis(text: string): { bytes: Buffer; unmappable: number } {
  const map = encoderTable();
  const bytes: number[] = [];
  let unmappable = 0;
  for (const ch of text) {
    const code = map.get(ch);
    if (code) bytes.push(...code);
    else {
      bytes.push(0x3f);
      unmappable += 1;
    }
  }
  return { bytes: Buffer.from(bytes), unmappable };
}
