import { existsSync } from 'node:fs';
import type { ExportRow } from './export-report';
import { openCjkPdf } from '../lib/cjk-pdf';

/** Texts of a report in the requester's language. */
export interface ReportText {
  title: string;
  subtitle: string;
  headers: Record<'code' | 'requester' | 'status' | 'currency' | 'amount' | 'payment_date' | 'completed_at', string>;
  status(status: number): string;
}

/** Where Debian's fonts-noto-cjk puts the Pan-CJK fonts (each covers Japanese and Chinese glyphs). */
const FONT_CANDIDATES = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc',
  '/usr/share/fonts/truetype/noto/NotoSansCJK-Regular.ttc',
];

/** Thrown when no CJK font can be found; the job fails with this message. */
export class MissingFontError extends Error {}

/** The CJK font to embed: the configured one, else the first installed candidate; throws MissingFontError. */
export function cjkFont(configured?: string): string {
  const candidates = configured ? [configured] : FONT_CANDIDATES;
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new MissingFontError(`No font with Japanese and Chinese glyphs at ${candidates.join(', ')}: install fonts-noto-cjk or set EXPORT_FONT`);
  return found;
}

const day = (value: Date | string | null) => (value ? new Date(value).toISOString().slice(0, 10) : null);
const display = (value: string | null) => (value ? value.replaceAll('-', '/') : '-');
const money = (value: number | null) => (value === null ? '-' : value.toLocaleString('en-US', { maximumFractionDigits: 2 }));

/**
 * The report as a PDF: A4 landscape, the CJK font embedded (a `.ttc` collection by its Japanese
 * face, which holds the Chinese glyphs too), title, subtitle, a header row and one line per
 * document, repeated headers on each page.
 */
export async function reportPdf(rows: ExportRow[], text: ReportText, fontPath: string): Promise<Buffer> {
  const { doc, done } = await openCjkPdf({ size: 'A4', layout: 'landscape', margin: 36, info: { Title: text.title } }, fontPath);
  const columns: Array<{ key: keyof ReportText['headers']; x: number; width: number; align?: 'right' }> = [
    { key: 'code', x: 36, width: 130 }, { key: 'requester', x: 170, width: 120 }, { key: 'status', x: 294, width: 80 },
    { key: 'currency', x: 378, width: 50 }, { key: 'amount', x: 432, width: 110, align: 'right' },
    { key: 'payment_date', x: 556, width: 100 }, { key: 'completed_at', x: 660, width: 100 },
  ];
  const bottom = doc.page.height - 48;
  const header = () => {
    doc.fontSize(9).fillColor('#555555');
    const y = doc.y;
    for (const c of columns) doc.text(text.headers[c.key], c.x, y, { width: c.width, align: c.align ?? 'left', lineBreak: false });
    doc.fillColor('#000000');
    doc.y = y + 18;
  };
  doc.fontSize(16).text(text.title, 36, 36);
  doc.fontSize(10).text(text.subtitle).moveDown(0.8);
  header();
  for (const row of rows) {
    if (doc.y > bottom) { doc.addPage(); doc.y = 36; header(); }
    const y = doc.y;
    const cells: Record<keyof ReportText['headers'], string> = {
      code: row.code, requester: row.requester, status: text.status(row.status), currency: row.currency ?? '-',
      amount: money(row.amount), payment_date: display(row.payment_date), completed_at: display(day(row.completed_at)),
    };
    for (const c of columns) doc.text(cells[c.key], c.x, y, { width: c.width, align: c.align ?? 'left', lineBreak: false, ellipsis: true });
    doc.y = y + 14;
  }
  doc.end();
  return done;
}

/** The report as XLSX: typed cells — amounts are numbers, dates are date cells (`yyyy/mm/dd`). */
export async function reportXlsx(rows: ExportRow[], text: ReportText): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(text.title.slice(0, 31).replace(/[*?:\\/[\]]/g, ' '));
  const date = { numFmt: 'yyyy/mm/dd' };
  sheet.addRow([text.title]).font = { bold: true, size: 14 };
  sheet.addRow([text.subtitle]);
  const head = sheet.addRow(['code', 'requester', 'status', 'currency', 'amount', 'payment_date', 'completed_at'].map((k) => text.headers[k as keyof ReportText['headers']]));
  head.font = { bold: true };
  sheet.columns = [{ width: 20 }, { width: 20 }, { width: 14 }, { width: 10 }, { width: 16, style: { numFmt: '#,##0.##' } }, { width: 14, style: date }, { width: 14, style: date }];
  for (const row of rows) {
    sheet.addRow([
      row.code, row.requester, text.status(row.status), row.currency ?? '', row.amount,
      row.payment_date ? new Date(`${row.payment_date}T00:00:00Z`) : null,
      row.completed_at ? new Date(`${day(row.completed_at)}T00:00:00Z`) : null,
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
