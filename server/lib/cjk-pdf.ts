import type PDFKit from 'pdfkit';

/**
 * The fonts a PDF export writes with: `primary` for everything it has a glyph for, `fallback`
 * (when given) for the characters the primary lacks (server/statistics/export-files.ts
 * `exportFonts` picks them by the reader's language).
 */
export interface PdfFonts {
  primary: string;
  fallback?: string;
}

/** The part of pdfkit's font object read here (fontkit's font behind an embedded font). */
interface LoadedFont {
  font?: { hasGlyphForCodePoint(codePoint: number): boolean };
}

type TextOptions = PDFKit.Mixins.TextOptions;
type TextFn = (text: string, x?: number | TextOptions, y?: number, options?: TextOptions) => PDFKit.PDFDocument;
type WidthFn = (text: string, options?: TextOptions) => number;

const PRIMARY = 'cjk';
const FALLBACK = 'cjk-fallback';

/**
 * A pdfkit document writing with the embedded CJK font (`cjk`), and the promise of its bytes once
 * `doc.end()` is called. pdfkit is imported here, when a PDF is made, not at start (a large module
 * graph).
 *
 * With a fallback font, `doc.text` and `doc.widthOfString` write each character the primary font
 * has no glyph for (e.g. 们 in Noto Sans JP) with the fallback instead: the text is cut into runs
 * by font. Text the primary covers whole goes to pdfkit untouched. A run of one line (lineBreak
 * false, or text that fits its width) is placed by this code, honouring align and ellipsis; a text
 * that wraps is written as pdfkit continued fragments (left-aligned wrapping is exact; a centred
 * or right-aligned paragraph of several lines is aligned fragment by fragment). The fallback font
 * is opened only when a character needs it, so it is embedded (subset) only then.
 */
export async function openCjkPdf(options: PDFKit.PDFDocumentOptions, fonts: PdfFonts): Promise<{ doc: PDFKit.PDFDocument; done: Promise<Buffer> }> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  registerFont(doc, PRIMARY, fonts.primary);
  doc.font(PRIMARY);
  if (fonts.fallback) {
    registerFont(doc, FALLBACK, fonts.fallback);
    withFallback(doc);
  }
  return { doc, done };
}

function registerFont(doc: PDFKit.PDFDocument, name: string, fontPath: string) {
  // A .ttc collection holds several faces: take the Japanese one of the sans or serif family.
  if (fontPath.endsWith('.ttc')) doc.registerFont(name, fontPath, fontPath.includes('Serif') ? 'NotoSerifCJKjp-Regular' : 'NotoSansCJKjp-Regular');
  else doc.registerFont(name, fontPath);
}

const current = (doc: PDFKit.PDFDocument) => (doc as unknown as { _font: LoadedFont })._font;

function withFallback(doc: PDFKit.PDFDocument) {
  const primary = current(doc);
  let fallback: LoadedFont | undefined;
  const fallbackFont = () => {
    if (!fallback) { doc.font(FALLBACK); fallback = current(doc); doc.font(PRIMARY); }
    return fallback;
  };
  const has = (font: LoadedFont, codePoint: number) => font.font?.hasGlyphForCodePoint(codePoint) ?? true;

  /** The text cut into runs by font; one primary run when the primary covers it all. */
  const runs = (text: string): Array<{ text: string; fallback: boolean }> => {
    const out: Array<{ text: string; fallback: boolean }> = [];
    for (const ch of text) {
      const cp = ch.codePointAt(0) ?? 0;
      const useFallback = cp >= 0x20 && !has(primary, cp) && has(fallbackFont(), cp);
      const last = out[out.length - 1];
      if (last && last.fallback === useFallback) last.text += ch;
      else out.push({ text: ch, fallback: useFallback });
    }
    return out;
  };

  const originalText = doc.text.bind(doc) as TextFn;
  const originalWidth = doc.widthOfString.bind(doc) as WidthFn;
  let busy = false;

  const width: WidthFn = (text, options) => {
    if (busy || current(doc) !== primary) return originalWidth(text, options);
    const parts = runs(String(text));
    if (parts.length === 1 && !parts[0].fallback) return originalWidth(text, options);
    busy = true;
    try {
      let sum = 0;
      for (const part of parts) { doc.font(part.fallback ? FALLBACK : PRIMARY); sum += originalWidth(part.text, options); }
      return sum;
    } finally {
      doc.font(PRIMARY);
      busy = false;
    }
  };

  const text: TextFn = (value, x, y, options) => {
    const opts: TextOptions = (typeof x === 'object' ? x : options) ?? {};
    const string = String(value);
    if (busy || current(doc) !== primary || opts.continued) return originalText(value, x, y, options);
    const parts = runs(string);
    if (parts.length === 1 && !parts[0].fallback) return originalText(value, x, y, options);
    const x0 = typeof x === 'number' ? x : doc.x;
    const y0 = typeof y === 'number' ? y : doc.y;
    const oneLine = !string.includes('\n') && (opts.lineBreak === false || opts.width === undefined || width(string, opts) <= opts.width);
    busy = true;
    try {
      if (oneLine) {
        const { width: box, align, ellipsis, lineBreak, continued, ...rest } = opts;
        void lineBreak; void continued;
        let line = parts;
        const measure = (list: typeof parts) => list.reduce((sum, part) => {
          doc.font(part.fallback ? FALLBACK : PRIMARY);
          return sum + originalWidth(part.text, rest);
        }, 0);
        let total = measure(line);
        if (box !== undefined && ellipsis && total > box) {
          // Drop characters from the end until the text and the ellipsis fit.
          const mark = typeof ellipsis === 'string' ? ellipsis : '…';
          let chars = [...string];
          while (chars.length && total > box) {
            chars = chars.slice(0, -1);
            line = runs(chars.join('') + mark);
            total = measure(line);
          }
        }
        const free = box === undefined ? 0 : box - total;
        let cx = x0 + (align === 'center' ? free / 2 : align === 'right' ? free : 0);
        for (const part of line) {
          doc.font(part.fallback ? FALLBACK : PRIMARY);
          originalText(part.text, cx, y0, { ...rest, lineBreak: false });
          cx += originalWidth(part.text, rest);
        }
        doc.font(PRIMARY);
        // Where pdfkit leaves the cursor after one line in the primary font.
        doc.x = x0;
        doc.y = y0 + doc.currentLineHeight(true) + (opts.lineGap ?? (doc as unknown as { _lineGap?: number })._lineGap ?? 0);
      } else {
        parts.forEach((part, i) => {
          doc.font(part.fallback ? FALLBACK : PRIMARY);
          const more = i < parts.length - 1;
          if (i === 0) {
            if (typeof x === 'number') originalText(part.text, x0, y0, { ...opts, continued: more });
            else originalText(part.text, { ...opts, continued: more });
          } else originalText(part.text, { continued: more });
        });
        doc.font(PRIMARY);
      }
    } finally {
      doc.font(PRIMARY);
      busy = false;
    }
    return doc;
  };

  Object.assign(doc, { text, widthOfString: width });
}
