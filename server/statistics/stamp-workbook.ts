import type { StampRow } from '../../src/wire/stamp-statistics';

/** Column headers and cell texts of the stamp statistics workbook, in the request's language. */
export interface StampWorkbookText {
  sheet: string;
  headers: Record<'code' | 'stamp_no' | 'module' | 'status' | 'applicant' | 'contract_party' | 'currency' | 'amount' | 'contract_date' | 'created_at' | 'completed_at', string>;
  moduleTitle(code: string): string;
  statusLabel(status: number): string;
}

/** A `YYYY-MM-DD` day as a UTC date (an Excel date cell), else null. */
const dayCell = (value: string | null) => (value ? new Date(`${value.slice(0, 10)}T00:00:00Z`) : null);

/**
 * The rows as an XLSX workbook: one sheet, a header row, typed cells — amounts are numbers,
 * dates are date cells (`yyyy/mm/dd`, the spec's display format), everything else text.
 */
export async function stampWorkbook(rows: StampRow[], text: StampWorkbookText): Promise<Buffer> {
  // Imported when a workbook is made (not at start: exceljs is a large module graph).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(text.sheet.slice(0, 31));
  const date = { numFmt: 'yyyy/mm/dd' };
  sheet.columns = [
    { header: text.headers.code, key: 'code', width: 20 },
    { header: text.headers.stamp_no, key: 'stamp_no', width: 16 },
    { header: text.headers.module, key: 'module', width: 22 },
    { header: text.headers.status, key: 'status', width: 14 },
    { header: text.headers.applicant, key: 'applicant', width: 20 },
    { header: text.headers.contract_party, key: 'contract_party', width: 24 },
    { header: text.headers.currency, key: 'currency', width: 10 },
    { header: text.headers.amount, key: 'amount', width: 16, style: { numFmt: '#,##0.##' } },
    { header: text.headers.contract_date, key: 'contract_date', width: 14, style: date },
    { header: text.headers.created_at, key: 'created_at', width: 14, style: date },
    { header: text.headers.completed_at, key: 'completed_at', width: 14, style: date },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow({
      code: row.code, stamp_no: row.stamp_no ?? '', module: text.moduleTitle(row.module.code), status: text.statusLabel(row.status),
      applicant: row.requester.name, contract_party: row.contract_party?.name ?? '', currency: row.currency?.code ?? '',
      amount: row.amount, contract_date: dayCell(row.contract_date),
      created_at: dayCell(row.created_at), completed_at: dayCell(row.completed_at),
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
