import type { ContentSource } from './content-source';

/**
 * Checks beyond the magic bytes, for the formats whose structure can be walked cheaply without
 * decoding: an image must declare sane dimensions and end where its format ends; a PDF must end
 * with `%%EOF` (and a cross-reference pointer inside the file, when it has one). A PNG header followed by megabytes of zeros, or a
 * truncated PDF, is refused as `damaged`. Reads are positional and bounded (headers, trailers,
 * chunk headers), never the whole file into memory.
 */

/** Largest width or height accepted (a 65,535 px side is already beyond any scan or photo). */
const MAX_SIDE = 65535;
/** A PNG with more chunks than this is not a real image (encoders write IDATs of 8–64 KiB). */
const MAX_PNG_CHUNKS = 20000;
/** How far from the end a PDF's `startxref` and `%%EOF` may be (incremental updates, trailing newlines). */
const PDF_TRAILER_BYTES = 2048;

const sane = (width: number, height: number) => width > 0 && height > 0 && width <= MAX_SIDE && height <= MAX_SIDE;
const ascii = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');

/** PNG: IHDR first with sane dimensions, every chunk header well-formed and within the file, IEND last. */
async function pngOk(source: ContentSource): Promise<boolean> {
  let at = 8;
  for (let chunks = 0; chunks < MAX_PNG_CHUNKS; chunks++) {
    const header = await source.read(at, 16);
    if (header.length < 12) return false;
    const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
    const length = view.getUint32(0);
    const type = ascii(header.subarray(4, 8));
    if (!/^[A-Za-z]{4}$/.test(type)) return false;
    if (chunks === 0 && (type !== 'IHDR' || length !== 13 || header.length < 16)) return false;
    if (chunks === 0) {
      const rest = await source.read(at + 8, 8);
      const dims = new DataView(rest.buffer, rest.byteOffset, rest.byteLength);
      if (rest.length < 8 || !sane(dims.getUint32(0), dims.getUint32(4))) return false;
    }
    const next = at + 12 + length;
    if (next > source.size) return false;
    if (type === 'IEND') return next === source.size || source.size - next < 1024;
    at = next;
  }
  return false;
}

/** JPEG: a frame header (SOF) with sane dimensions before the scan, and the end-of-image marker at the end. */
async function jpegOk(source: ContentSource): Promise<boolean> {
  const tail = await source.read(source.size - 1024, 1024);
  let eoi = false;
  for (let i = tail.length - 2; i >= 0 && !eoi; i--) eoi = tail[i] === 0xff && tail[i + 1] === 0xd9;
  if (!eoi) return false;
  let at = 2;
  for (let segments = 0; segments < 1000; segments++) {
    const header = await source.read(at, 9);
    if (header.length < 4 || header[0] !== 0xff) return false;
    const marker = header[1];
    if (marker === 0xff) { at += 1; continue; } // fill byte
    const length = (header[2] << 8) | header[3];
    if (length < 2) return false;
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC): height and width follow the precision byte.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return header.length >= 9 && sane((header[7] << 8) | header[8], (header[5] << 8) | header[6]);
    }
    if (marker === 0xda || marker === 0xd9) return false; // a scan or the end before any frame header
    at += 2 + length;
    if (at >= source.size) return false;
  }
  return false;
}

/** GIF: sane logical screen, the trailer byte at the end. */
async function gifOk(source: ContentSource): Promise<boolean> {
  const head = source.head;
  if (head.length < 10) return false;
  const width = head[6] | (head[7] << 8);
  const height = head[8] | (head[9] << 8);
  const last = await source.read(source.size - 1, 1);
  return sane(width, height) && last[0] === 0x3b;
}

/** WebP: the RIFF size matches the file. BMP: the declared file size matches and dimensions are sane. */
function riffOk(source: ContentSource): boolean {
  const view = new DataView(source.head.buffer, source.head.byteOffset, source.head.byteLength);
  return source.head.length >= 12 && view.getUint32(4, true) + 8 <= source.size && view.getUint32(4, true) + 8 >= source.size - 1;
}
function bmpOk(source: ContentSource): boolean {
  const head = source.head;
  if (head.length < 26) return false;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const declared = view.getUint32(2, true);
  return (declared === 0 || declared <= source.size) && sane(Math.abs(view.getInt32(18, true)), Math.abs(view.getInt32(22, true)));
}

/**
 * PDF: `%%EOF` near the end (a truncated or padded file has none); a `startxref` there must point
 * inside the file. (Tiny hand-made PDFs without a cross-reference table still open in readers.)
 */
async function pdfOk(source: ContentSource): Promise<boolean> {
  const tail = ascii(await source.read(source.size - PDF_TRAILER_BYTES, PDF_TRAILER_BYTES));
  if (!/%%EOF\s*$/.test(tail)) return false;
  const xref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  return !xref || Number(xref[1]) < source.size;
}

/** True when the content's structure is sound for its detected extension (formats not listed pass). */
export async function structureOk(ext: string, source: ContentSource): Promise<boolean> {
  switch (ext) {
    case 'png': return pngOk(source);
    case 'jpg': return jpegOk(source);
    case 'gif': return gifOk(source);
    case 'webp': return riffOk(source);
    case 'bmp': return bmpOk(source);
    case 'pdf': return pdfOk(source);
    default: return true;
  }
}
