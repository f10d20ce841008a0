import type { NumberingValues } from './numbering-tokens';
import { parseNumberingFormat } from './parse-numbering-format';

/**
 * A format's number around its one `{seq}`: the text before it, the sequence's width and the text
 * after it, for these values (`{company}-{fy}-{seq:5}` → `HQ-2026-`, 5, ``). The server writes the
 * number in the statement that takes the sequence (`before || padded || after`). A format the
 * checker refuses throws: a published definition's formats have passed it.
 */
export function numberAround(format: string, values: Omit<NumberingValues, 'sequence'>): { before: string; width: number; after: string } {
  const parsed = parseNumberingFormat(format);
  if ('problem' in parsed) throw new Error(`numbering format "${format}": ${parsed.problem}`);
  const at = parsed.parts.findIndex((part) => 'token' in part && part.token.name === 'seq');
  const text = (from: number, to: number) => parsed.parts.slice(from, to).map((part) => ('text' in part ? part.text : part.token.render({ ...values, sequence: 0 }, part.width))).join('');
  const seq = parsed.parts[at] as { width: number };
  return { before: text(0, at), width: seq.width, after: text(at + 1, parsed.parts.length) };
}

/**
 * The number a format gives for these values (`{company}-{fy}-{seq:5}` → `HQ-2026-00042`). A
 * sequence longer than its width is written in full (never cut, so never repeated).
 */
export function formatNumber(format: string, values: NumberingValues): string {
  const { before, width, after } = numberAround(format, values);
  return `${before}${String(values.sequence).padStart(width, '0')}${after}`;
}
