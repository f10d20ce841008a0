import type { Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Database } from '../db/database';

/** `<year>/<32 random hex>`: the only form a storage key has (checked before any access). */
const KEY_PATTERN = /^\d{4}\/[0-9a-f]{32}$/;

/** Bytes per `file_chunks` row: small enough that one row (and its hex form on the wire) costs little. */
export const CHUNK_BYTES = 256 * 1024;

/** Bytes `start` to `end` of a stored content, both inclusive (as an HTTP `Range` names them). */
export interface ByteRange {
  start: number;
  end: number;
}

/** Cuts a byte stream into pieces of exactly `size` bytes (the last one shorter). */
async function* rechunk(source: AsyncIterable<Uint8Array>, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let length = 0;
  for await (const piece of source) {
    let rest = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    while (length + rest.length >= size) {
      const take = size - length;
      pending.push(rest.subarray(0, take));
      yield Buffer.concat(pending);
      rest = rest.subarray(take);
      pending = [];
      length = 0;
    }
    if (rest.length) {
      pending.push(Buffer.from(rest)); // a copy: the source may reuse its buffer
      length += rest.length;
    }
  }
  if (length) yield Buffer.concat(pending);
}

/**
 * Uploaded content behind one small interface: `save`/`saveStream` → key, `open(key)` → stream,
 * `remove`.
 *
 * With a database (how the server runs) the bytes live in PostgreSQL, keyed by storage key: every
 * app instance reads every upload, backups hold files and rows together. They are written as
 * `file_chunks` rows of 256 KiB, one after another from a stream, and read back the same way, so
 * storing or serving a file never holds it whole (issue #19). `file_contents` (one row per file)
 * is still read for content stored before. Without a database (tools) they are files under
 * `DATA_DIR/files/<yyyy>/<random>` with mode 600. Reading falls back to that folder, so uploads
 * stored on disk before the move stay readable. Keys are random; nothing from the user (name,
 * type) is in them. The original name lives in `files` only.
 */
export class FileStorage {
  constructor(private readonly dataDir: string, private readonly db?: Kysely<Database>) {}

  private pathOf(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error('invalid storage key');
    return join(this.dataDir, 'files', key);
  }

  private newKey(now: Date): string {
    return `${now.getUTCFullYear()}/${randomBytes(16).toString('hex')}`;
  }

  /** Writes new content and returns its storage key. */
  async save(bytes: Uint8Array, now = new Date()): Promise<string> {
    return this.saveStream(Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]), now);
  }

  /**
   * Writes new content from a stream, chunk by chunk (the stream is read only as fast as the
   * database takes the chunks), and returns its storage key. On failure, what was written is removed.
   */
  async saveStream(content: AsyncIterable<Uint8Array>, now = new Date()): Promise<string> {
    const key = this.newKey(now);
    const path = this.pathOf(key);
    try {
      if (this.db) {
        let seq = 0;
        for await (const bytes of rechunk(content, CHUNK_BYTES)) {
          await this.db.insertInto('file_chunks').values({ storage_key: key, seq: seq++, bytes }).execute();
        }
        // An empty file still gets its one (empty) chunk, so it is found.
        if (seq === 0) await this.db.insertInto('file_chunks').values({ storage_key: key, seq: 0, bytes: Buffer.alloc(0) }).execute();
        return key;
      }
      await mkdir(join(this.dataDir, 'files', key.slice(0, 4)), { recursive: true, mode: 0o700 });
      await pipeline(Readable.from(content), createWriteStream(path, { flags: 'wx', mode: 0o600 }));
      return key;
    } catch (error) {
      await this.remove(key).catch(() => undefined);
      throw error;
    }
  }

  /**
   * A stream of the stored content (an error on the stream when there is none); with `range`, only
   * the bytes `start`..`end` (inclusive, within the content: the caller checks against its size).
   * A range reads only the chunks it covers, so a PDF viewer's range requests cost what they ask for.
   */
  open(key: string, range?: ByteRange): Readable {
    const path = this.pathOf(key);
    const db = this.db;
    if (!db) return createReadStream(path, range ? { start: range.start, end: range.end } : undefined);
    return Readable.from((async function* () {
      // One chunk per query, by key and position: memory stays at one chunk whatever the file size.
      let seq = range ? Math.floor(range.start / CHUNK_BYTES) : 0;
      const last = range ? Math.floor(range.end / CHUNK_BYTES) : Infinity;
      const first = seq;
      for (; seq <= last; seq++) {
        const chunk = await db.selectFrom('file_chunks').select('bytes').where('storage_key', '=', key).where('seq', '=', seq).executeTakeFirst();
        if (!chunk) break;
        const bytes = Buffer.from(chunk.bytes);
        if (!range) yield bytes;
        else {
          const offset = seq * CHUNK_BYTES;
          yield bytes.subarray(Math.max(0, range.start - offset), Math.min(bytes.length, range.end - offset + 1));
        }
      }
      if (seq > first) return;
      // Content stored before chunks: one row, or a file on disk.
      const row = await db.selectFrom('file_contents').select('bytes').where('storage_key', '=', key).executeTakeFirst();
      if (row) yield range ? Buffer.from(row.bytes).subarray(range.start, range.end + 1) : Buffer.from(row.bytes);
      else yield* createReadStream(path, range ? { start: range.start, end: range.end } : undefined);
    })(), { objectMode: false });
  }

  /** Removes stored content; missing content is not an error (the row is what counts). */
  async remove(key: string): Promise<void> {
    const path = this.pathOf(key);
    if (this.db) {
      await this.db.deleteFrom('file_chunks').where('storage_key', '=', key).execute();
      await this.db.deleteFrom('file_contents').where('storage_key', '=', key).execute();
    }
    await rm(path, { force: true });
  }
}

