/** Limits that make a zip container suspicious without ever decompressing it. */
export const ZIP_LIMITS = {
  /** More entries than any real office document or OFD has. */
  maxEntries: 10000,
  /** Declared uncompressed total above this is refused (a zip bomb announces itself here). */
  maxUncompressedBytes: 1024 * 1024 * 1024,
  /** Declared compression ratio above this (for entries over 1 MiB) is refused. */
  maxRatio: 200,
};

/** One central-directory entry: its name and declared sizes (nothing is inflated). */
export interface ZipEntry {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
}

/** Why a zip container was refused. */
export type ZipProblem = 'garbage' | 'bomb';

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const EOCD_MIN = 22;
const MAX_COMMENT = 0xffff;

/**
 * Reads the entry names of a zip archive from its central directory only: the end record is
 * found from the end of the file, then each central header is walked with bounds checks. No
 * entry is decompressed, so a zip bomb costs nothing; a truncated or inconsistent directory,
 * ZIP64 archives (no office document needs them) and bomb-like declared sizes are refused.
 * `bytes` may be only the archive's tail from file offset `base`; when the central directory
 * starts before it, the answer is `{ needFrom }`, the offset to read from instead.
 */
export function readZipEntries(bytes: Uint8Array, base = 0): { entries: ZipEntry[] } | { problem: ZipProblem } | { needFrom: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < EOCD_MIN) return { problem: 'garbage' };
  let eocd = -1;
  const lowest = Math.max(0, bytes.length - EOCD_MIN - MAX_COMMENT);
  for (let at = bytes.length - EOCD_MIN; at >= lowest; at--) {
    if (view.getUint32(at, true) === EOCD_SIGNATURE && at + EOCD_MIN + view.getUint16(at + 20, true) === bytes.length) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return { problem: 'garbage' };
  const count = view.getUint16(eocd + 10, true);
  const size = view.getUint32(eocd + 12, true);
  const absolute = view.getUint32(eocd + 16, true);
  if (count === 0xffff || size === 0xffffffff || absolute === 0xffffffff) return { problem: 'garbage' };
  // `bytes` may be the archive's tail starting at `base`: ask for more when the directory starts earlier.
  if (absolute < base) return { needFrom: absolute };
  const offset = absolute - base;
  if (count > ZIP_LIMITS.maxEntries) return { problem: 'bomb' };
  if (offset + size > eocd) return { problem: 'garbage' };
  const entries: ZipEntry[] = [];
  let total = 0;
  let at = offset;
  const decoder = new TextDecoder('utf-8', { fatal: false });
  for (let i = 0; i < count; i++) {
    if (at + 46 > offset + size || view.getUint32(at, true) !== CENTRAL_SIGNATURE) return { problem: 'garbage' };
    const compressedSize = view.getUint32(at + 20, true);
    const uncompressedSize = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const next = at + 46 + nameLength + extraLength + commentLength;
    if (next > offset + size) return { problem: 'garbage' };
    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff) return { problem: 'garbage' };
    total += uncompressedSize;
    if (total > ZIP_LIMITS.maxUncompressedBytes) return { problem: 'bomb' };
    if (uncompressedSize > 1024 * 1024 && uncompressedSize > compressedSize * ZIP_LIMITS.maxRatio) return { problem: 'bomb' };
    entries.push({ name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)), compressedSize, uncompressedSize });
    at = next;
  }
  return { entries };
}
