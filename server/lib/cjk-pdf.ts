import type PDFKit from 'pdfkit';

/**
 * A pdfkit document writing with the embedded Noto CJK font (`cjk`), and the promise of its bytes
 * once `doc.end()` is called. pdfkit is imported here, when a PDF is made, not at start (a large
 * module graph).
 */
export async function openCjkPdf(options: PDFKit.PDFDocumentOptions, fontPath: string): Promise<{ doc: PDFKit.PDFDocument; done: Promise<Buffer> }> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // A .ttc collection holds several faces: take the Japanese one of the sans or serif family.
  if (fontPath.endsWith('.ttc')) doc.registerFont('cjk', fontPath, fontPath.includes('Serif') ? 'NotoSerifCJKjp-Regular' : 'NotoSansCJKjp-Regular');
  else doc.registerFont('cjk', fontPath);
  doc.font('cjk');
  return { doc, done };
}
