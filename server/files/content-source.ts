import { open } from 'node:fs/promises';

/**
 * Random access to an upload's bytes without holding them: its size, its first bytes (for magic
 * numbers) and positional reads (a zip's central directory, a PDF's trailer, image chunks).
 */
export interface ContentSource {
  size: number;
  /** The first bytes (at most `HEAD_BYTES`). */
  head: Uint8Array;
  /** `length` bytes from `offset` (fewer at the end of the content). */
  read(offset: number, length: number): Promise<Uint8Array>;
}

/** How many leading bytes a source keeps at hand (file-type needs 4100). */
export const HEAD_BYTES = 4100;

/** A source over bytes already in memory (tests, small inputs). */
export function memorySource(bytes: Uint8Array): ContentSource {
  return {
    size: bytes.length,
    head: bytes.subarray(0, HEAD_BYTES),
    read: async (offset, length) => bytes.subarray(Math.max(0, offset), Math.max(0, offset) + Math.max(0, length)),
  };
}

/** A source over a file on disk (a spooled upload); `close` releases it. */
export async function fileSource(path: string, size: number, head: Uint8Array): Promise<ContentSource & { close(): Promise<void> }> {
  const handle = await open(path, 'r');
  return {
    size,
    head,
    async read(offset, length) {
      const start = Math.max(0, offset);
      const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - start)));
      if (!buffer.length) return buffer;
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, start);
      return buffer.subarray(0, bytesRead);
    },
    close: () => handle.close(),
  };
}
