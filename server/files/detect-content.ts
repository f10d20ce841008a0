import { fileTypeFromBuffer } from 'file-type';
import { readZipEntries } from './zip-entries';

/** The spec's file kinds (spec 000 §3 File `type`). */
export type FileKind = 'image' | 'pdf' | 'spreadsheet' | 'ofd' | 'zip' | 'other';

/** What the content really is, once it matched the name's extension. */
export interface DetectedContent {
  /** Canonical extension of the content (`jpg` for .jpg and .jpeg). */
  ext: string;
  mime: string;
  kind: FileKind;
}

/** Why an upload was refused: an extension we do not take, content that is not what the name says, a broken or bomb-like zip. */
export type ContentProblem = 'extension' | 'mismatch' | 'garbage' | 'bomb';

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
/** Bytes file-type needs to recognise every non-container format we accept. */
const SNIFF_BYTES = 4100;

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

/**
 * Checks that a file's bytes are what its name's extension claims, by magic bytes: images and
 * pdf through `file-type` (first 4 KiB only); zip containers (docx, xlsx, ofd) by the names in
 * their central directory, never unpacked; xls and doc by the OLE2 signature. An .exe renamed
 * .pdf is a `mismatch`.
 */
export async function detectContent(bytes: Uint8Array, fileName: string): Promise<DetectedContent | { problem: ContentProblem }> {
  const claimed = ACCEPTED[extensionOf(fileName)];
  if (!claimed) return { problem: 'extension' };
  let actual: string | undefined;
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 0x03 || bytes[2] === 0x05)) {
    const zip = readZipEntries(bytes);
    if ('problem' in zip) return { problem: zip.problem };
    actual = zipFlavour(zip.entries.map((e) => e.name));
  } else if (startsWith(bytes, OLE2)) {
    // Word and Excel 97-2003 share the container; telling them apart needs its directory.
    actual = claimed.ext === 'doc' || claimed.ext === 'xls' ? claimed.ext : 'cfb';
  } else {
    const sniffed = await fileTypeFromBuffer(bytes.subarray(0, SNIFF_BYTES));
    actual = sniffed?.ext === 'jpeg' ? 'jpg' : sniffed?.ext;
  }
  return actual === claimed.ext ? claimed : { problem: 'mismatch' };
}
