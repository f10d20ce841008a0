import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HEAD_BYTES } from './content-source';

/** An upload written to a private temporary file while it arrived. */
export interface SpooledUpload {
  path: string;
  size: number;
  /** SHA-256 of the content, hex, computed on the way. */
  sha256: string;
  /** The first bytes, for magic numbers. */
  head: Buffer;
  /** The multipart reader cut the file at the size limit. */
  truncated: boolean;
}

/**
 * Writes an upload's stream to `dir/<random>` (mode 600) as it arrives, hashing it on the way and
 * keeping only its first bytes: memory per upload stays at a few stream buffers whatever the
 * file's size, and the network is read only as fast as the disk takes it. The caller removes
 * the file (`removeSpooled`); on failure it is removed here. `onBytes` hears of every piece as it
 * arrives (the upload's pace, upload-watch.ts); an aborted `signal` ends the spooling at once.
 */
export async function spoolUpload(file: Readable & { truncated?: boolean }, dir: string,
  { onBytes, signal }: { onBytes?: (bytes: number) => void; signal?: AbortSignal } = {}): Promise<SpooledUpload> {
  const path = join(dir, randomBytes(16).toString('hex'));
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      onBytes?.(chunk.length);
      if (headLength < HEAD_BYTES) {
        const piece = Buffer.from(chunk.subarray(0, HEAD_BYTES - headLength));
        head.push(piece);
        headLength += piece.length;
      }
      callback(null, chunk);
    },
  });
  try {
    await pipeline(file, tap, createWriteStream(path, { flags: 'wx', mode: 0o600 }), { signal });
  } catch (error) {
    await removeSpooled(path);
    throw error;
  }
  return { path, size, sha256: hash.digest('hex'), head: Buffer.concat(head), truncated: !!file.truncated };
}

/** Removes a spooled upload (a missing file is fine). */
export async function removeSpooled(path: string): Promise<void> {
  await rm(path, { force: true });
}
