import { fileTypeFromBuffer } from 'file-type';
import { memorySource, type ContentSource } from './content-source';
import { structureOk } from './structure-check';
import { readZipEntries, type ZipEntry, type ZipProblem } from './zip-entries';
import type { FileKind } from '../../src/wire/files';

/** The spec's file kinds (spec 000 §3 File `type`). */
export type { FileKind };

/** What the content really is, once it matched the name's extension. */
export interface DetectedContent {
  /** Canonical extension of the content (`jpg` for .jpg and .jpeg). */
  ext: string;
  mime: string;
  kind: FileKind;
}

/** Why an upload was refused: an extension we do not take, content that is not what the name says, a broken or bomb-like zip. */
export type ContentProblem = 'extension' | 'mismatch' | 'garbage' | 'bomb' | 'damaged';

/** Accepted extensions (spec 000 §5: images, pdf, xlsx, xls, doc, docx, ofd) and what each must contain. */
const ACCEPTED: Record<string, DetectedContent> = {
  jpg: { ext: 'jpg', mime: 'image/jpeg', kind: 'image' },
  jpeg: { ext: 'jpg', mime: 'image/jpeg', kind: 'image' },
  png: { ext: 'png', mime: 'image/png', kind: 'image' },
  gif: { ext: 'gif', mime: 'image/gif', kind: 'image' },
  webp: { ext: 'webp', mime: 'image/webp', kind: 'image' },
  bmp: { ext: 'bmp', mime: 'image/bmp', kind: 'image' },
  // Phone photos; the web uploader offers them too.
  heic: { ext: 'heic', mime: 'image/heic', kind: 'image' },
  pdf: { ext: 'pdf', mime: 'application/pdf', kind: 'pdf' },
  xlsx: { ext: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', kind: 'spreadsheet' },
  xls: { ext: 'xls', mime: 'application/vnd.ms-excel', kind: 'spreadsheet' },
  docx: { ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', kind: 'other' },
  doc: { ext: 'doc', mime: 'application/msword', kind: 'other' },
  ofd: { ext: 'ofd', mime: 'application/ofd', kind: 'ofd' },
};

/** Extensions the server accepts, for messages and docs. */
export const ACCEPTED_EXTENSIONS = Object.keys(ACCEPTED);

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** How much of a zip's end is read first: the end record plus the longest comment. */
const ZIP_TAIL_BYTES = 22 + 0xffff;

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((b, i) => bytes[i] === b);

/** The lower-case extension of a file name, or '' when it has none. */
export function extensionOf(name: string): string {
  const match = /\.([A-Za-z0-9]+)$/.exec(name);
  return match ? match[1].toLowerCase() : '';
}

/** The canonical extension a zip container is, by its central directory entry names. */
function zipFlavour(names: string[]): 'docx' | 'xlsx' | 'ofd' | 'zip' {
  const has = (name: string) => names.includes(name);
  const under = (folder: string) => names.some((n) => n.startsWith(folder));
  if (has('[Content_Types].xml') && under('word/')) return 'docx';
  if (has('[Content_Types].xml') && under('xl/')) return 'xlsx';
  if (has('OFD.xml')) return 'ofd';
  return 'zip';
}

/** The central directory of a zip source, read from its tail (more only when the directory starts earlier). */
async function zipEntriesOf(source: ContentSource): Promise<{ entries: ZipEntry[] } | { problem: ZipProblem }> {
  const from = Math.max(0, source.size - ZIP_TAIL_BYTES);
  const first = readZipEntries(await source.read(from, source.size - from), from);
  if (!('needFrom' in first)) return first;
  const again = readZipEntries(await source.read(first.needFrom, source.size - first.needFrom), first.needFrom);
  return 'needFrom' in again ? { problem: 'garbage' } : again;
}

/**
 * Checks that a file's content is what its name's extension claims, by magic bytes: images and
 * pdf through `file-type` (first 4 KiB), then their structure (`structure-check.ts`: dimensions,
 * chunks, end markers, a PDF's trailer); zip containers (docx, xlsx, ofd) by the names in their
 * central directory, never unpacked; xls and doc by the OLE2 signature. An .exe renamed .pdf is
 * a `mismatch`; a PNG header over megabytes of zeros is `damaged`. The content is read through
 * `source` (head, tail and chunk headers), so a spooled upload is never loaded whole.
 */
export async function detectContentOf(source: ContentSource, fileName: string): Promise<DetectedContent | { problem: ContentProblem }> {
  const claimed = ACCEPTED[extensionOf(fileName)];
  if (!claimed) return { problem: 'extension' };
  const bytes = source.head;
  let actual: string | undefined;
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 0x03 || bytes[2] === 0x05)) {
    const zip = await zipEntriesOf(source);
    if ('problem' in zip) return { problem: zip.problem };
    actual = zipFlavour(zip.entries.map((e) => e.name));
  } else if (startsWith(bytes, OLE2)) {
    // Word and Excel 97-2003 share the container; telling them apart needs its directory.
    actual = claimed.ext === 'doc' || claimed.ext === 'xls' ? claimed.ext : 'cfb';
  } else {
    const sniffed = await fileTypeFromBuffer(bytes);
    actual = sniffed?.ext === 'jpeg' ? 'jpg' : sniffed?.ext;
  }
  if (actual !== claimed.ext) return { problem: 'mismatch' };
  return (await structureOk(claimed.ext, source)) ? claimed : { problem: 'damaged' };
}

/** `detectContentOf` for bytes in memory. */
export function detectContent(bytes: Uint8Array, fileName: string): Promise<DetectedContent | { problem: ContentProblem }> {
  return detectContentOf(memorySource(bytes), fileName);
}
