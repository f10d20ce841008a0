import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * English plurals go through i18next's plural rules (issue #22: "1 companies", "1 documents"): a
 * text that puts a `{{count}}` before a plural noun has a `_one` form beside it, and a count of
 * another name before a plural noun is not one (translations pass `count`, or compose counted parts).
 */
const dir = join(__dirname, '../../locales/en');
const leaves = (node: unknown, path: string[] = []): Array<[string, string]> =>
  typeof node === 'string' ? [[path.join('.'), node]]
    : node && typeof node === 'object' ? Object.entries(node).flatMap(([k, v]) => leaves(v, [...path, k])) : [];
const texts = new Map(readdirSync(dir).filter((f) => f.endsWith('.json'))
  .flatMap((f) => leaves(JSON.parse(readFileSync(join(dir, f), 'utf8')), [f.replace(/\.json$/, '')])));
// A number placeholder right before a plural noun ("{{count}} documents"); names that are not counts left out.
const COUNTED = /\{\{(\w+)\}\} (?!as\b|is\b|has\b|was\b|does\b|uses\b|takes\b)[a-z]+s\b/;
// Limits and totals that are never 1 where they are shown (a form's limit of characters, levels, documents).
const NEVER_ONE = new Set(['min', 'max', 'limit', 'required', 'total', 'code', 'field', 'title', 'what', 'principal', 'part', 'id', 'after', 'low']);

describe('English counts', () => {
  it('a {{count}} before a plural noun has its _one form', () => {
    const missing = [...texts].filter(([key, text]) => !key.endsWith('_one') && COUNTED.exec(text)?.[1] === 'count')
      .map(([key]) => key.replace(/_other$/, '')).filter((key) => !texts.has(`${key}_one`));
    expect(missing).toEqual([]);
  });

  it('no other number placeholder stands before a plural noun', () => {
    const other = [...texts].filter(([, text]) => { const name = COUNTED.exec(text)?.[1]; return name !== undefined && name !== 'count' && !NEVER_ONE.has(name); });
    expect(other).toEqual([]);
  });
});
