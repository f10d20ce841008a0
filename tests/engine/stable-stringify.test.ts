import { describe, expect, it } from 'vitest';
import { contentHash, stableStringify } from '../../src/engine';
import { prng } from '../../server/demo/prng';

/** The text before the one-walk version: stored idempotency hashes and definition versions were made from it. */
function reference(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(reference).join(',')}]`;
  const entries = Object.keys(value as object)
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${reference((value as Record<string, unknown>)[k])}`);
  return `{${entries.join(',')}}`;
}

/** A seeded source, so a failure names a body that can be made again. */
const random = (seed: number) => prng(seed).next;

const KEYS = ['a', 'b', 'z', 'qty', '', '"q"', 'ключ', '名前', 'a\nb', '__proto__', '10', '2', 'toString'];
const LEAVES: unknown[] = [null, undefined, 0, -0, 1.5, -3, 1e21, NaN, Infinity, '', 'x', 'a"b\\c\n', '日本', true, false, () => 1];

function generate(next: () => number, depth: number): unknown {
  const roll = next();
  if (depth > 4 || roll < 0.4) return LEAVES[Math.floor(next() * LEAVES.length)];
  if (roll < 0.7) {
    const list: unknown[] = Array.from({ length: Math.floor(next() * 5) }, () => generate(next, depth + 1));
    if (next() < 0.2) list[list.length + 2] = 1; // holes
    return list;
  }
  const out: Record<string, unknown> = {};
  for (let i = Math.floor(next() * 6); i > 0; i -= 1) {
    Object.defineProperty(out, KEYS[Math.floor(next() * KEYS.length)], { value: generate(next, depth + 1), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

describe('stableStringify', () => {
  it('gives exactly the text it gave before, for any JSON-like value (sparse lists, undefined, odd keys)', () => {
    const next = random(271127);
    for (let i = 0; i < 3000; i += 1) {
      const value = generate(next, 0);
      expect(stableStringify(value), String(i)).toBe(reference(value));
    }
  });

  it('sorts keys and leaves out undefined at every depth, and the content hash follows', () => {
    expect(stableStringify({ b: [1, { d: undefined, c: 2 }], a: 'x' })).toBe('{"a":"x","b":[1,{"c":2}]}');
    expect(contentHash({ a: 1, b: 2 })).toBe(contentHash({ b: 2, a: 1 }));
    expect(contentHash({ a: 1 })).not.toBe(contentHash({ a: 2 }));
  });
});
