import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

test('docs/SECURITY.md names only test files that exist', () => {
  const doc = readFileSync(join(root, 'docs/SECURITY.md'), 'utf8');
  const files = [...new Set([...doc.matchAll(/`([\w./-]+\.test\.ts)`/g)].map((m) => m[1]))];
  expect(files.length).toBeGreaterThan(10);
  for (const file of files) {
    const path = file.includes('/') ? join(root, file) : join(root, 'tests/server', file);
    expect(existsSync(path), file).toBe(true);
  }
});
