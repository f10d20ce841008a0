import type { NumberingValues } from './numbering-tokens';
import { parseNumberingFormat } from './parse-numbering-format';

/**
 * The number a format gives for these values (`{company}-{fy}-{seq:5}` → `HQ-2026-00042`). A format
 * the checker refuses throws: a published definition's formats have passed it. A sequence longer
 * than its width is written in full (never cut, so never repeated).
 */
export function formatNumber(format: string, values: NumberingValues): string {
  const parsed = parseNumberingFormat(format);
  if ('problem' in parsed) throw new Error(`numbering format "${format}": ${parsed.problem}`);
  return parsed.parts.map((part) => ('text' in part ? part.text : part.token.render(values, part.width))).join('');
}
