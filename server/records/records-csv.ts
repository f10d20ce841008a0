import type { Translate } from '../../src/engine';
import type { RecordMember } from '../../src/wire/records';
import { csvBytes, csvField as field, type CsvEncoding } from './csv';

/** The CSV's columns, in the order a tax officer's request lists them. */
export const RECORD_CSV_COLUMNS = ['date', 'amount', 'currency', 'counterparty', 'registration_no', 'document_code', 'application_number', 'decision_number', 'module', 'file_name', 'sha256'] as const;

/** The two encodings offered: UTF-8 with a byte-order mark (Excel reads it as UTF-8), or Shift_JIS. */
export type RecordCsvEncoding = CsvEncoding;

// Fields are written exactly as stored (no spreadsheet-formula guard that would change them): the file is evidence.

/**
 * The records as CSV text (CRLF line ends, header row in the requester's language; the kind
 * column names the module by its title in that language, `moduleTitle`, never by its code).
 */
export function recordsCsvText(rows: RecordMember[], t: Translate, moduleTitle: (code: string) => string = (code) => code): string {
  const header = RECORD_CSV_COLUMNS.map((key) => field(t(`server.records.columns.${key}`)));
  const lines = rows.map((r) => [
    r.date, r.amount, r.currency, r.counterparty, r.registration_no, r.document.code, r.document.application_number ?? null, r.document.decision_number ?? null, moduleTitle(r.document.module), r.file.name, r.file.sha256,
  ].map((value) => field(value)).join(','));
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}

/** The CSV bytes in the chosen encoding, and how many characters Shift_JIS could not hold. */
export function recordsCsv(rows: RecordMember[], t: Translate, encoding: RecordCsvEncoding, moduleTitle?: (code: string) => string): { bytes: Buffer; unmappable: number } {
  return csvBytes(recordsCsvText(rows, t, moduleTitle), encoding);
}
