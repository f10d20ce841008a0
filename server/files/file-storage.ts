import { randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** `<year>/<32 random hex>`: the only form a storage key has (checked before any disk access). */
const KEY_PATTERN = /^\d{4}\/[0-9a-f]{32}$/;

/**
 * Uploaded files on disk under `DATA_DIR/files/<yyyy>/<random>`: outside the web root, random
 * names, nothing from the user (name, type) in the path. The original name lives in the
 * database only. Files are written once (`wx`) with mode 600.
 */
export class FileStorage {
  constructor(private readonly dataDir: string) {}

  private pathOf(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error('invalid storage key');
    return join(this.dataDir, 'files', key);
  }

  /** Writes new content and returns its storage key. */
  async save(bytes: Uint8Array, now = new Date()): Promise<string> {
    const key = `${now.getUTCFullYear()}/${randomBytes(16).toString('hex')}`;
    const path = this.pathOf(key);
    await mkdir(join(this.dataDir, 'files', key.slice(0, 4)), { recursive: true, mode: 0o700 });
    await writeFile(path, bytes, { flag: 'wx', mode: 0o600 });
    return key;
  }

  /** A stream of the stored content. */
  open(key: string): ReadStream {
    return createReadStream(this.pathOf(key));
  }

  /** Removes stored content; a missing file is not an error (the row is what counts). */
  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
