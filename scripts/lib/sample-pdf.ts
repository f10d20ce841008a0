import { randomBytes } from 'node:crypto';

/**
 * A PDF written here byte by byte, for the PDF viewer's journey and benchmark: `pages` A4 pages,
 * each with a frame, its number, a line of Japanese in a font the file does not embed (so a viewer
 * needs the Adobe-Japan1 CMap `UniJIS-UCS2-H` to draw it, as with many PDFs from Japanese
 * offices), and, with `noisePerPage`, an uncompressed image of that many bytes of random pixels
 * (how scanned receipts make a PDF large). Not linearized, like most PDFs: a viewer reads its
 * cross-reference table at the end first.
 */
export function samplePdf(options: { pages: number; noisePerPage?: number }): Buffer {
  const objects: Buffer[] = [];
  const add = (body: string | Buffer) => {
    objects.push(typeof body === 'string' ? Buffer.from(body, 'latin1') : body);
    return objects.length;
  };
  const catalog = add('');
  const pagesObject = add('');
  const helvetica = add('<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>');
  const descriptor = add('<</Type/FontDescriptor/FontName/KozMinPr6N-Regular/Flags 4/FontBBox[0 -120 1000 880]/ItalicAngle 0/Ascent 880/Descent -120/CapHeight 700/StemV 80>>');
  const cidFont = add(`<</Type/Font/Subtype/CIDFontType0/BaseFont/KozMinPr6N-Regular/CIDSystemInfo<</Registry(Adobe)/Ordering(Japan1)/Supplement 6>>/FontDescriptor ${descriptor} 0 R>>`);
  const mincho = add(`<</Type/Font/Subtype/Type0/BaseFont/KozMinPr6N-Regular/Encoding/UniJIS-UCS2-H/DescendantFonts[${cidFont} 0 R]>>`);
  // 稟議書 (U+7A1F U+8B70 U+66F8) in UCS-2, as the CMap reads it.
  const japanese = '<7A1F8B7066F8>';
  const kids: number[] = [];
  const side = options.noisePerPage ? Math.max(1, Math.floor(Math.sqrt(options.noisePerPage / 3))) : 0;
  for (let n = 1; n <= options.pages; n++) {
    const image = side
      ? add(Buffer.concat([Buffer.from(`<</Type/XObject/Subtype/Image/Width ${side}/Height ${side}/ColorSpace/DeviceRGB/BitsPerComponent 8/Length ${side * side * 3}>>stream\n`, 'latin1'), randomBytes(side * side * 3), Buffer.from('\nendstream', 'latin1')]))
      : 0;
    const draw = `0.2 0.4 0.8 RG 4 w 30 30 535 782 re S BT /F1 36 Tf 60 740 Td (Page ${n} of ${options.pages}) Tj ET BT /F2 28 Tf 60 680 Td ${japanese} Tj ET`
      + (image ? ` q 400 0 0 400 97 200 cm /Im1 Do Q` : '');
    const content = add(`<</Length ${draw.length}>>stream\n${draw}\nendstream`);
    const resources = `<</Font<</F1 ${helvetica} 0 R/F2 ${mincho} 0 R>>${image ? `/XObject<</Im1 ${image} 0 R>>` : ''}>>`;
    kids.push(add(`<</Type/Page/Parent ${pagesObject} 0 R/MediaBox[0 0 595 842]/Resources ${resources}/Contents ${content} 0 R>>`));
  }
  objects[catalog - 1] = Buffer.from(`<</Type/Catalog/Pages ${pagesObject} 0 R>>`, 'latin1');
  objects[pagesObject - 1] = Buffer.from(`<</Type/Pages/Kids[${kids.map((k) => `${k} 0 R`).join(' ')}]/Count ${kids.length}>>`, 'latin1');

  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    const object = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
    offsets.push(offset);
    offset += object.length;
    parts.push(object);
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<</Size ${objects.length + 1}/Root ${catalog} 0 R>>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}
