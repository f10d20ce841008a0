import type { HistoryEntry } from '../../src/wire/records';
import { openCjkPdf, type PdfFonts } from '../lib/cjk-pdf';

/** Texts of the printed history in the reader's language. */
export interface HistoryPdfText {
  title: string;
  subtitle: string;
  labels: Record<'seq' | 'at' | 'actor' | 'reason' | 'kind' | 'before' | 'after' | 'filesAdded' | 'filesRemoved' | 'hash' | 'nobody', string>;
  kind(kind: string): string;
  /** "deputy on behalf of principal" (each already named with their id). */
  onBehalf(deputy: string, principal: string): string;
}

const json = (value: unknown) => (value === null || value === undefined ? '-' : JSON.stringify(value, null, 1).replace(/\n\s*/g, ' '));
const files = (list: HistoryEntry['files_added']) => (list.length ? list.map((f) => `${f.name} (#${f.id}, SHA-256 ${f.sha256})`).join('; ') : '-');

/**
 * A document's history printed (通達 10-2: viewable and printable afterwards): A4 portrait, the
 * fonts embedded (as the exports embed them), one block per entry with who, when, why, the
 * fields before and after, the files added or removed and the entry's hash.
 */
export async function historyPdf(entries: HistoryEntry[], text: HistoryPdfText, fonts: PdfFonts): Promise<Buffer> {
  const { doc, done } = await openCjkPdf({ size: 'A4', margin: 40, info: { Title: text.title } }, fonts);
  doc.fontSize(15).text(text.title);
  doc.fontSize(9).fillColor('#555555').text(text.subtitle).fillColor('#000000').moveDown(0.8);
  const width = doc.page.width - 80;
  for (const e of entries) {
    if (doc.y > doc.page.height - 140) doc.addPage();
    doc.fontSize(10).text(`#${e.seq}  ${e.at.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}  ${text.kind(e.kind)}`, { width });
    doc.fontSize(8);
    const line = (label: string, value: string) => doc.text(`${label}: ${value}`, { width });
    const named = (user: { id: number; name: string }) => `${user.name} (#${user.id})`;
    const actor = e.actor ? named(e.actor) : text.labels.nobody;
    line(text.labels.actor, e.on_behalf_of ? text.onBehalf(actor, named(e.on_behalf_of)) : actor);
    line(text.labels.reason, e.reason ?? '-');
    line(text.labels.before, json(e.before));
    line(text.labels.after, json(e.after));
    if (e.files_added.length) line(text.labels.filesAdded, files(e.files_added));
    if (e.files_removed.length) line(text.labels.filesRemoved, files(e.files_removed));
    doc.fillColor('#555555');
    line(text.labels.hash, e.hash);
    doc.fillColor('#000000').moveDown(0.6);
  }
  doc.end();
  return done;
}
