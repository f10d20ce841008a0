import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Lang } from '../../src/engine';
import type { ExportRow } from './export-report';
import { openCjkPdf, type PdfFonts } from '../lib/cjk-pdf';

/** The report's columns, in order (the PDF's and the XLSX's). */
export const REPORT_COLUMNS = ['code', 'application_number', 'decision_number', 'requester', 'status', 'currency', 'amount', 'payment_date', 'completed_at'] as const;

/** Texts of a report in the requester's language. */
export interface ReportText {
  title: string;
  subtitle: string;
  headers: Record<(typeof REPORT_COLUMNS)[number], string>;
  status(status: number): string;
}

/** Thrown when `EXPORT_FONT` names no file; the job fails (the route answers 503) with this message. */
export class MissingFontError extends Error {}

/**
 * The Regular Noto Sans faces shipped as npm packages (OFL-1.1): @embedpdf/fonts-jp (Noto Sans
 * JP) and @embedpdf/fonts-sc (Noto Sans SC, files named NotoSansHans). The packages export no
 * font paths: their files sit in `fonts/` beside the `dist/` their main entry resolves to.
 */
const requireHere = createRequire(import.meta.url);
const packagedFont = (pkg: string, file: string) => join(dirname(requireHere.resolve(pkg)), '..', 'fonts', file);
export const PACKAGED_FONTS = {
  jp: () => packagedFont('@embedpdf/fonts-jp', 'NotoSansJP-Regular.otf'),
  sc: () => packagedFont('@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf'),
};

/**
 * The fonts every PDF export writes with, by the reader's language: ja and en Noto Sans JP with
 * Noto Sans SC for what JP lacks (simplified characters such as 们 这); zh Noto Sans SC with
 * Noto Sans JP for what SC lacks. `EXPORT_FONT` (`configured`) overrides both, alone; a configured
 * path that names no file throws MissingFontError.
 */
export function exportFonts(lang: Lang, configured?: string): PdfFonts {
  if (configured) {
    if (!existsSync(configured)) throw new MissingFontError(`EXPORT_FONT names no font file: ${configured}`);
    return { primary: configured };
  }
  const jp = PACKAGED_FONTS.jp();
  const sc = PACKAGED_FONTS.sc();
  return lang === 'zh' ? { primary: sc, fallback: jp } : { primary: jp, fallback: sc };
}

const day = (value: Date | string | null) => (value ? new Date(value).toISOString().slice(0, 10) : null);
const display = (value: string | null) => (value ? value.replaceAll('-', '/') : '-');
const money = (value: number | null) => (value === null ? '-' : value.toLocaleString('en-US', { maximumFractionDigits: 2 }));

/**
 * The report as a PDF: A4 landscape, the fonts of `exportFonts` embedded (subsets), title, subtitle, a header row and one line per
 * document, repeated headers on each page.
 */
export async function reportPdf(rows: ExportRow[], text: ReportText, fonts: PdfFonts): Promise<Buffer> {
  const { doc, done } = await openCjkPdf({ size: 'A4', layout: 'landscape', margin: 36, info: { Title: text.title } }, fonts);
  const columns: Array<{ key: keyof ReportText['headers']; x: number; width: number; align?: 'right' }> = [
    { key: 'code', x: 36, width: 100 }, { key: 'application_number', x: 140, width: 110 }, { key: 'decision_number', x: 254, width: 110 },
    { key: 'requester', x: 368, width: 100 }, { key: 'status', x: 472, width: 60 },
    { key: 'currency', x: 536, width: 40 }, { key: 'amount', x: 580, width: 90, align: 'right' },
    { key: 'payment_date', x: 676, width: 62 }, { key: 'completed_at', x: 742, width: 62 },
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
      code: row.code, application_number: row.application_number ?? '-', decision_number: row.decision_number ?? '-', requester: row.requester, status: text.status(row.status), currency: row.currency ?? '-',
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
  const head = sheet.addRow(REPORT_COLUMNS.map((k) => text.headers[k]));
  head.font = { bold: true };
  sheet.columns = [{ width: 20 }, { width: 22 }, { width: 22 }, { width: 20 }, { width: 14 }, { width: 10 }, { width: 16, style: { numFmt: '#,##0.##' } }, { width: 14, style: date }, { width: 14, style: date }];
  for (const row of rows) {
    sheet.addRow([
      row.code, row.application_number, row.decision_number, row.requester, text.status(row.status), row.currency ?? '', row.amount,
      row.payment_date ? new Date(`${row.payment_date}T00:00:00Z`) : null,
      row.completed_at ? new Date(`${day(row.completed_at)}T00:00:00Z`) : null,
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
