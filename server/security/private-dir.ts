import { chmodSync, mkdirSync } from 'node:fs';

/**
 * Creates `dir` (and missing parents) as 0700, and narrows it to 0700 when it exists: what Ringi
 * keeps under DATA_DIR (database, uploads, outbox mails with reset links, the JWT secret) is
 * for the service account only (docs/SECURITY.md "Data at rest").
 */
export function privateDir(dir: string): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    chmodSync(dir, 0o700);
  } catch {
    // A folder owned by someone else (a mounted volume) keeps its mode; its owner decided.
  }
  return dir;
}
