import type { Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Database } from '../db/database';

/** `<year>/<32 random hex>`: the only form a storage key has (checked before any access). */
const KEY_PATTERN = /^\d{4}\/[0-9a-f]{32}$/;

/**
 * Uploaded content behind one small interface: `save` → key, `open(key)` → stream, `remove`.
 *
 * With a database (how the server runs) the bytes live in PostgreSQL (`file_contents`, bytea,
 * keyed by storage key): every app instance reads every upload, backups hold files and rows
 * together, and a file row and its bytes can be written in one transaction. Without one (tools)
 * they are files under `DATA_DIR/files/<yyyy>/<random>` with mode 600. Reading falls back to
 * that folder, so uploads stored on disk before the move stay readable. Keys are random; nothing
 * from the user (name, type) is in them. The original name lives in `files` only.
 */
export class FileStorage {
  constructor(private readonly dataDir: string, private readonly db?: Kysely<Database>) {}

  private pathOf(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error('invalid storage key');
    return join(this.dataDir, 'files', key);
  }

  /** Writes new content and returns its storage key. */
  async save(bytes: Uint8Array, now = new Date()): Promise<string> {
    const key = `${now.getUTCFullYear()}/${randomBytes(16).toString('hex')}`;
    const path = this.pathOf(key);
    if (this.db) {
      await this.db.insertInto('file_contents').values({ storage_key: key, bytes: Buffer.from(bytes) }).execute();
      return key;
    }
    await mkdir(join(this.dataDir, 'files', key.slice(0, 4)), { recursive: true, mode: 0o700 });
    await writeFile(path, bytes, { flag: 'wx', mode: 0o600 });
    return key;
  }

  /** A stream of the stored content (an error on the stream when there is none). */
  open(key: string): Readable {
    const path = this.pathOf(key);
    const db = this.db;
    if (!db) return createReadStream(path);
    return Readable.from((async function* () {
      const row = await db.selectFrom('file_contents').select('bytes').where('storage_key', '=', key).executeTakeFirst();
      if (row) yield Buffer.from(row.bytes);
      else yield* createReadStream(path);
    })(), { objectMode: false });
  }

  /** Removes stored content; missing content is not an error (the row is what counts). */
  async remove(key: string): Promise<void> {
    const path = this.pathOf(key);
    if (this.db) await this.db.deleteFrom('file_contents').where('storage_key', '=', key).execute();
    await rm(path, { force: true });
  }
}
