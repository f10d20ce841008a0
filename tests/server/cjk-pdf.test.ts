import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCjkPdf } from '../../server/lib/cjk-pdf';
import { exportFonts, MissingFontError, PACKAGED_FONTS } from '../../server/statistics/export-files';

// The font lookup of every PDF export and the fallback runs of lib/cjk-pdf.ts, on the fonts shipped
// as npm packages: pdftotext reads the text back, pdffonts names the fonts embedded.

const work = mkdtempSync(join(tmpdir(), 'cjk-pdf-'));
const tool = (name: string, pdf: Buffer, file: string, args: string[] = []) => {
  const path = join(work, `${file}.pdf`);
  writeFileSync(path, pdf);
  return execFileSync(name, [...args, path, ...(name === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' });
};
const fontsIn = (pdf: Buffer, file: string) => tool('pdffonts', pdf, file).split('\n').slice(2).filter(Boolean)
  .map((line) => line.split(/\s+/)[0].replace(/^[A-Z]{6}\+/, '')).sort();

describe('exportFonts', () => {
  it('picks Noto Sans JP for ja and en, Noto Sans SC for zh, each with the other as fallback; EXPORT_FONT alone', () => {
    expect(exportFonts('ja')).toEqual({ primary: PACKAGED_FONTS.jp(), fallback: PACKAGED_FONTS.sc() });
    expect(exportFonts('en')).toEqual({ primary: PACKAGED_FONTS.jp(), fallback: PACKAGED_FONTS.sc() });
    expect(exportFonts('zh')).toEqual({ primary: PACKAGED_FONTS.sc(), fallback: PACKAGED_FONTS.jp() });
    expect(exportFonts('zh', PACKAGED_FONTS.jp())).toEqual({ primary: PACKAGED_FONTS.jp() });
    expect(() => exportFonts('ja', join(work, 'none.otf'))).toThrow(MissingFontError);
  });
});

describe('openCjkPdf with a fallback font', () => {
  const draw = async (lines: (doc: PDFKit.PDFDocument) => void) => {
    const { doc, done } = await openCjkPdf({ size: 'A4', margin: 40, info: { CreationDate: new Date(Date.UTC(2026, 0, 1)) } }, exportFonts('ja'));
    lines(doc);
    doc.end();
    return done;
  };

  it('writes the characters JP lacks with SC, in one line (centred, cut with an ellipsis) and in wrapping text', async () => {
    const long = '这是我们的申込書です。'.repeat(12);
    const pdf = await draw((doc) => {
      doc.fontSize(12).text('我们 centred', 40, 40, { width: 300, align: 'center', lineBreak: false });
      doc.text(`込 ${'我们'.repeat(40)}`, 40, 80, { width: 120, lineBreak: false, ellipsis: true });
      doc.text(long, 40, 120, { width: 200 });
      doc.text('End 込', 40, doc.y + 10, { width: 200 });
    });
    const text = tool('pdftotext', pdf, 'fallback');
    expect(text).toContain('我们 centred');
    // Cut to its width: the start and the ellipsis, not the 40 pairs.
    expect(text).toMatch(/込 (我们)+我?…/);
    expect(text.match(/我们/g)!.length).toBeLessThan(12 + 1 + 20);
    // The wrapped paragraph: every character there, over several lines, then the next text below it.
    expect(text.replace(/\s+/g, '')).toContain(long);
    expect(text.trim().split('\n').length).toBeGreaterThan(4);
    expect(text.trim().endsWith('End 込')).toBe(true);
    expect(fontsIn(pdf, 'fallback')).toEqual(['NotoSansHans-Regular', 'NotoSansJP-Regular']);
  });

  it('measures a mixed text with both fonts', async () => {
    let mixed = 0;
    let parts = 0;
    await draw((doc) => {
      doc.fontSize(10);
      mixed = doc.widthOfString('込我们');
      parts = doc.widthOfString('込');
      doc.font('cjk-fallback');
      parts += doc.widthOfString('我们');
      doc.font('cjk');
    });
    expect(mixed).toBeCloseTo(parts, 5);
    expect(mixed).toBeGreaterThan(25);
  });

  it('embeds JP alone when nothing needs the fallback, and the same bytes twice', async () => {
    const a = await draw((doc) => doc.text('申込書 only', 40, 40));
    const b = await draw((doc) => doc.text('申込書 only', 40, 40));
    expect(fontsIn(a, 'plain')).toEqual(['NotoSansJP-Regular']);
    expect(a.equals(b)).toBe(true);
  });
});
