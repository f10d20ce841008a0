import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every `server.*` message key the server names literally must exist in en, ja and zh, or a
// user reads the raw key (as once happened with the draft 404).
const root = join(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

function has(tree: unknown, parts: string[]): boolean {
  let node = tree;
  for (const part of parts) {
    if (node === null || typeof node !== 'object' || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string';
}

describe('server message keys', () => {
  const keys = new Set(sources(join(root, 'server')).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/['"`]server\.([a-zA-Z0-9_]+\.[a-zA-Z0-9_.]*[a-zA-Z0-9_])['"`]/g)].map((m) => m[1])));

  it('finds the keys the server uses', () => expect(keys.size).toBeGreaterThan(20));

  it.each(['en', 'ja', 'zh'])('every one exists in locales/%s/server.json', (lang) => {
    const tree = JSON.parse(readFileSync(join(root, 'locales', lang, 'server.json'), 'utf8'));
    expect([...keys].filter((key) => !has(tree, key.split('.'))).sort()).toEqual([]);
  });
});
