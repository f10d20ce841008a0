import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO = resolve(import.meta.dirname, '../..');

/** A temporary copy of the repository's definition folders, to break on purpose. */
export function copyDefinitions(): { root: string; edit(file: string, change: (json: any) => void): void; write(file: string, text: string): void; remove(file?: string): void } {
  const root = mkdtempSync(join(tmpdir(), 'ringi-defs-'));
  for (const dir of ['schemas', 'uiSchemas', 'rules', 'processes', 'attachments', 'locales']) cpSync(join(REPO, dir), join(root, dir), { recursive: true });
  return {
    root,
    edit(file, change) {
      const path = join(root, file);
      const json = JSON.parse(readFileSync(path, 'utf8'));
      change(json);
      writeFileSync(path, JSON.stringify(json, null, 2));
    },
    write(file, text) {
      writeFileSync(join(root, file), text);
    },
    remove(file?: string) {
      rmSync(file ? join(root, file) : root, { recursive: true, force: true });
    },
  };
}
