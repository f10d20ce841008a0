import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every string of a locale file with its key path. */
function strings(node: unknown, path: string[] = []): Array<[string, string]> {
  if (typeof node === 'string') return [[path.join('.'), node]];
  if (node && typeof node === 'object') return Object.entries(node).flatMap(([k, v]) => strings(v, [...path, k]));
  return [];
}

describe('Japanese texts', () => {
  it('ask with the full-width ？ throughout (a half-width ? only where it is quoted as a character, 「?」)', () => {
    const dir = join(__dirname, '../../locales/ja');
    const halfWidth = readdirSync(dir).filter((f) => f.endsWith('.json')).flatMap((file) =>
      strings(JSON.parse(readFileSync(join(dir, file), 'utf8')), [file.replace(/\.json$/, '')])
        .filter(([, text]) => text.replaceAll('「?」', '').includes('?'))
        .map(([key]) => key));
    expect(halfWidth).toEqual([]);
  });
});
