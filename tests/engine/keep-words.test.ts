import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Issue 31 item 15: Chinese words are kept whole at line ends by CSS, never by invisible
// characters in the text (U+2060 WORD JOINER made copied text, company names included, find
// nothing in a search).
const root = new URL('../../', import.meta.url);
const JOINERS = /\u2060|\u200b|\u200c|\u200d|\ufeff/u;

describe('Chinese words kept whole at line ends', () => {
  it('by a stylesheet rule for Chinese: breaks at punctuation and spaces, a too-long run still wraps', () => {
    const html = readFileSync(new URL('index.html', root), 'utf8');
    const rule = /:lang\(zh\)\s*\{([^}]*)\}/.exec(html)?.[1] ?? '';
    expect(rule).toMatch(/word-break:\s*keep-all/);
    expect(rule).toMatch(/overflow-wrap:\s*anywhere/);
  });

  it('with no invisible joiner in any translation a user can copy', () => {
    for (const lang of ['en', 'ja', 'zh']) {
      const dir = new URL(`locales/${lang}/`, root);
      for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
        const text = readFileSync(new URL(file, dir), 'utf8');
        expect(JOINERS.test(text), `locales/${lang}/${file}`).toBe(false);
      }
    }
  });

});
