import type { Translate } from '../../src/engine';
import type { RecordMember } from '../../src/wire/records';
import { encodeShiftJis } from './shift-jis';

/** The CSV's columns, in the order a tax officer's request lists them. */
export const RECORD_CSV_COLUMNS = ['date', 'amount', 'currency', 'counterparty', 'registration_no', 'document_code', 'module', 'file_name', 'sha256'] as const;

/** The two encodings offered: UTF-8 with a byte-order mark (Excel reads it as UTF-8), or Shift_JIS. */
export type RecordCsvEncoding = 'utf-8' | 'shift_jis';

/**
 * RFC 4180 field: quoted when it holds a comma, quote or line break. Values are written exactly
 * as stored (no spreadsheet-formula guard that would change them): the file is evidence.
 */
function field(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The records as CSV text (CRLF line ends, header row in the requester's language; the kind
 * column names the module by its title in that language, `moduleTitle`, never by its code).
 */
export function recordsCsvText(rows: RecordMember[], t: Translate, moduleTitle: (code: string) => string = (code) => code): string {
  const header = RECORD_CSV_COLUMNS.map((key) => field(t(`server.records.columns.${key}`)));
  const lines = rows.map((r) => [
    r.date, r.amount, r.currency, r.counterparty, r.registration_no, r.document.code, moduleTitle(r.document.module), r.file.name, r.file.sha256,
  ].map(field).join(','));
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}

/** The CSV bytes in the chosen encoding, and how many characters Shift_JIS could not hold. */
export function recordsCsv(rows: RecordMember[], t: Translate, encoding: RecordCsvEncoding, moduleTitle?: (code: string) => string): { bytes: Buffer; unmappable: number } {
  const text = recordsCsvText(rows, t, moduleTitle);
  if (encoding === 'shift_jis') return encodeShiftJis(text);
  return { bytes: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]), unmappable: 0 };
}
