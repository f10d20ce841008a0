import type PDFKit from 'pdfkit';
import { formatFileSize, type DetailTextRow } from '../../src/engine';
import { openCjkPdf, type PdfFonts } from '../lib/cjk-pdf';
import type { RingiSheet } from './ringi-sheet';
import { familyNameOf, type RingiStamp, type RingiStepColumn } from './ringi-stamps';

/** The stamp's red (朱肉), a voided stamp's grey, and the sheet's greys. */
const RED = '#d42a2a';
export const VOIDED_GREY = '#a3a3a3';
const GREY = '#666666';
const RULE = '#bbbbbb';
const MARGIN = 40;
/** A stamp's radius (about 16 mm across) and the room one takes in its box. */
const R = 22;
const SLOT = 2 * R + 8;
const BOX_HEAD = 14;
const BOX_BODY = 2 * R + 20;
const BOX_FOOT = 12;
const BOX_H = BOX_HEAD + BOX_BODY + BOX_FOOT;

const CIRCLED = '①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳';
const circled = (n: number) => (n <= CIRCLED.length ? CIRCLED[n - 1] : `(${n})`);

/** The largest size up to `max` at which `text` fits `width`. */
function fitSize(doc: PDFKit.PDFDocument, text: string, width: number, max: number, min = 4): number {
  let size = max;
  while (size > min && doc.fontSize(size).widthOfString(text) > width) size -= 0.5;
  return size;
}

/**
 * One round red date stamp (データ印): family name above, the date in the band, 代 and the principal
 * below; a voided one (its approval cleared by an edit) in grey, struck through, marked voided.
 */
function drawStamp(doc: PDFKit.PDFDocument, cx: number, cy: number, stamp: RingiStamp, sheet: RingiSheet): void {
  const band = 5.5;
  const chord = (h: number) => 2 * Math.sqrt(R * R - h * h);
  const ink = stamp.voided ? VOIDED_GREY : RED;
  doc.save().lineWidth(1.3).strokeColor(ink).circle(cx, cy, R).stroke();
  doc.lineWidth(0.7).moveTo(cx - chord(band) / 2, cy - band).lineTo(cx + chord(band) / 2, cy - band).stroke()
    .moveTo(cx - chord(band) / 2, cy + band).lineTo(cx + chord(band) / 2, cy + band).stroke();
  doc.fillColor(ink);
  const centred = (text: string, y: number, width: number, max: number) => {
    const size = fitSize(doc, text, width, max);
    doc.fontSize(size).text(text, cx - width / 2, y - size * 0.62, { width, align: 'center', lineBreak: false });
  };
  centred(stamp.family, cy - band - 7, chord(band + 7) - 4, 10);
  centred(stamp.date.replaceAll('-', '.'), cy, chord(band) - 3, 6.5);
  if (stamp.deputyFor) centred(`${sheet.words.deputy} ${familyNameOf(stamp.deputyFor)}`, cy + band + 7, chord(band + 7) - 4, 7);
  if (stamp.voided) doc.lineWidth(0.8).moveTo(cx - R * 0.8, cy + R * 0.6).lineTo(cx + R * 0.8, cy - R * 0.6).stroke();
  doc.restore();
  const label = stamp.voided ? (stamp.kind === 'approved' ? sheet.words.voided : `${sheet.words[stamp.kind]} · ${sheet.words.voided}`) : stamp.kind !== 'approved' ? sheet.words[stamp.kind] : null;
  if (label) {
    doc.save().fillColor(ink).fontSize(fitSize(doc, label, SLOT, 6.5)).text(label, cx - SLOT / 2, cy + R + 2, { width: SLOT, align: 'center', lineBreak: false }).restore();
  }
}

/** The 承認欄: a box per step, its stamps side by side, its state below; boxes wrap to the next line. */
function drawApprovals(doc: PDFKit.PDFDocument, sheet: RingiSheet, width: number): void {
  heading(doc, sheet.words.approvals, width);
  if (sheet.bypass && sheet.steps.length === 0) {
    doc.fontSize(9).fillColor('#000000').text(sheet.words.bypass, MARGIN, doc.y, { width });
    doc.moveDown(0.8);
    return;
  }
  let x = MARGIN;
  let y = doc.y;
  for (const step of sheet.steps) {
    const slots = Math.max(1, step.stamps.length, step.mode === 'any' ? 1 : step.required);
    const boxW = Math.min(width, Math.max(78, slots * SLOT + 8));
    if (x + boxW > MARGIN + width) { x = MARGIN; y += BOX_H + 6; }
    if (y + BOX_H > doc.page.height - MARGIN - 20) { doc.addPage(); x = MARGIN; y = doc.y; }
    drawBox(doc, step, sheet, x, y, boxW);
    x += boxW + 6;
  }
  doc.x = MARGIN;
  doc.y = y + BOX_H + 10;
}

function drawBox(doc: PDFKit.PDFDocument, step: RingiStepColumn, sheet: RingiSheet, x: number, y: number, w: number): void {
  doc.save().lineWidth(0.6).strokeColor(RULE);
  doc.rect(x, y, w, BOX_H).stroke();
  doc.moveTo(x, y + BOX_HEAD).lineTo(x + w, y + BOX_HEAD).stroke();
  doc.moveTo(x, y + BOX_HEAD + BOX_BODY).lineTo(x + w, y + BOX_HEAD + BOX_BODY).stroke();
  doc.restore();
  doc.fillColor('#000000').fontSize(fitSize(doc, step.name, w - 6, 7.5)).text(step.name, x + 3, y + 3, { width: w - 6, align: 'center', lineBreak: false });
  const start = x + (w - step.stamps.length * SLOT) / 2 + SLOT / 2;
  step.stamps.forEach((stamp, i) => drawStamp(doc, start + i * SLOT, y + BOX_HEAD + 4 + R, stamp, sheet));
  const approvals = step.stamps.filter((s) => s.kind === 'approved' && !s.voided).length;
  const state = sheet.words[step.state];
  const foot = step.mode === 'any' ? state : `${state} ${sheet.progress(Math.min(approvals, step.required), step.required)}`;
  doc.fillColor(GREY).fontSize(fitSize(doc, foot, w - 6, 7)).text(foot, x + 3, y + BOX_HEAD + BOX_BODY + 2.5, { width: w - 6, align: 'center', lineBreak: false });
  doc.fillColor('#000000');
}

function heading(doc: PDFKit.PDFDocument, text: string, width: number): void {
  if (doc.y > doc.page.height - MARGIN - 60) doc.addPage();
  doc.fillColor('#000000').fontSize(11).text(text, MARGIN, doc.y, { width });
  const y = doc.y + 1;
  doc.save().lineWidth(0.8).strokeColor('#333333').moveTo(MARGIN, y).lineTo(MARGIN + width, y).stroke().restore();
  doc.y = y + 5;
}

/** A label and its value side by side (the label in grey), the value wrapping in its column. */
function labelled(doc: PDFKit.PDFDocument, label: string, value: string, x: number, labelW: number, valueW: number, size = 9): void {
  doc.fontSize(size);
  const h = Math.max(doc.heightOfString(label, { width: labelW }), doc.heightOfString(value || ' ', { width: valueW }));
  if (doc.y + h > doc.page.height - MARGIN - 20) doc.addPage();
  const y = doc.y;
  doc.fillColor(GREY).text(label, x, y, { width: labelW });
  doc.fillColor('#000000').text(value, x + labelW + 6, y, { width: valueW });
  doc.x = MARGIN;
  doc.y = y + h + 2;
}

function drawRow(doc: PDFKit.PDFDocument, sheet: RingiSheet, row: DetailTextRow, width: number, indent = 0): void {
  const labelW = 150 - indent;
  const x = MARGIN + indent;
  if (row.children) {
    labelled(doc, row.label, '', x, labelW, width - indent - labelW - 6);
    for (const child of row.children) drawRow(doc, sheet, child, width, indent + 12);
    return;
  }
  if (row.items) {
    labelled(doc, row.label, row.value, x, labelW, width - indent - labelW - 6);
    row.items.forEach((item, i) => {
      const text = sheet.pairs(item.map((r) => [r.label, r.children ? sheet.pairs(r.children.map((c) => [c.label, c.value])) : r.value] as const));
      labelled(doc, circled(i + 1), text, x + 12, 14, width - indent - 12 - 14 - 6, 8.5);
    });
    return;
  }
  labelled(doc, row.label, row.value, x, labelW, width - indent - labelW - 6);
}

/**
 * The 稟議書 as an A4 PDF: title, the header (code, the two numbers when given, status, requester,
 * dates), the 承認欄 with a round red date stamp per decision, the detail card's sections and the
 * attachments with their SHA-256; the fonts embedded (pdfkit subsets them: only the glyphs used); a
 * foot with the code and page numbers. The same sheet prints the same bytes: the creation date is
 * the document's last change, pdfkit's file id derives from it, and the subset's tag from the font.
 */
export async function ringiPdf(sheet: RingiSheet, fonts: PdfFonts): Promise<Buffer> {
  const { doc, done } = await openCjkPdf({
    size: 'A4', margin: MARGIN, bufferPages: true,
    info: { Title: sheet.title, CreationDate: sheet.changedAt },
    lang: { en: 'en', ja: 'ja', zh: 'zh-CN' }[sheet.lang],
  }, fonts);
  const width = doc.page.width - 2 * MARGIN;
  doc.fontSize(16).text(sheet.title, MARGIN, MARGIN, { width, align: 'center' });
  doc.moveDown(0.6);

  const half = (width - 12) / 2;
  for (let i = 0; i < sheet.header.length; i += 2) {
    const y = doc.y;
    const left = sheet.header[i];
    const right = sheet.header[i + 1];
    labelled(doc, left.label, left.value, MARGIN, 80, half - 86);
    const below = doc.y;
    if (right) { doc.y = y; labelled(doc, right.label, right.value, MARGIN + half + 12, 80, half - 86); }
    doc.y = Math.max(below, doc.y);
  }
  doc.moveDown(0.6);

  drawApprovals(doc, sheet, width);

  for (const section of sheet.sections) {
    if (section.title) heading(doc, section.title, width);
    else doc.moveDown(0.4);
    if (section.highlight) drawRow(doc, sheet, section.highlight, width);
    for (const row of section.rows) drawRow(doc, sheet, row, width);
  }

  heading(doc, sheet.words.attachments, width);
  if (!sheet.files.length) doc.fontSize(9).fillColor(GREY).text(sheet.words.noAttachments, MARGIN, doc.y, { width });
  for (const file of sheet.files) {
    labelled(doc, formatFileSize(file.size), file.name, MARGIN, 60, width - 66);
    doc.fontSize(7).fillColor(GREY).text(`SHA-256 ${file.sha256}`, MARGIN + 66, doc.y - 1, { width: width - 66 });
    doc.fillColor('#000000').moveDown(0.3);
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.fontSize(7).fillColor(GREY).text(sheet.footer(i + 1, range.count), MARGIN, doc.page.height - MARGIN + 12, { width, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
