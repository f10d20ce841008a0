import { encodeShiftJis } from './shift-jis';

/** The CSV encodings offered: UTF-8 with a byte-order mark (Excel reads it as UTF-8), or Shift_JIS (CP932). */
export type CsvEncoding = 'utf-8' | 'shift_jis';

/**
 * One RFC 4180 field: quoted when it holds a comma, quote or line break. With `guardFormulas`
 * a text starting with `=`, `+`, `-`, `@`, tab or CR gets a leading `'` so a spreadsheet shows it
 * instead of running it (for texts others typed: a tried e-mail, a user agent); without it the
 * value is written exactly as stored (the records export: the file is evidence).
 */
export function csvField(value: string | number | boolean | null | undefined, guardFormulas = false): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (guardFormulas && typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** CSV text as bytes in the chosen encoding, and how many characters Shift_JIS could not hold (written as `?`). */
export function csvBytes(text: string, encoding: CsvEncoding): { bytes: Buffer; unmappable: number } {
  if (encoding === 'shift_jis') return encodeShiftJis(text);
  return { bytes: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]), unmappable: 0 };
}
