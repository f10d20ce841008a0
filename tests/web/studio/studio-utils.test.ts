import { describe, expect, it } from 'vitest';
import { blankModule, copySource, type ModuleSource } from '../../../src/engine';
import { partOf, partTexts, sourceFromTexts } from '../../../src/app/pages/studio/draft-parts';
import { lineDiff } from '../../../src/app/pages/studio/line-diff';
const moduleTemplate = (code: string) => blankModule(code, { en: 'Trip', ja: '出張', zh: '出差' });

describe('studio helpers', () => {
  it('diffs lines with context, marking added and removed lines', () => {
    const before = ['{', '  "a": 1,', '  "b": 2,', '  "c": 3,', '  "d": 4,', '  "e": 5,', '  "f": 6', '}'].join('\n');
    const after = before.replace('"c": 3', '"c": 30');
    const diff = lineDiff(before, after, 1);
    expect(diff).toEqual([
      { kind: ' ', text: '  "b": 2,' }, { kind: '-', text: '  "c": 3,' }, { kind: '+', text: '  "c": 30,' }, { kind: ' ', text: '  "d": 4,' },
    ]);
    expect(lineDiff(before, before)).toEqual([]);
  });

  it('keeps the last good value of a part that does not parse, and says why', () => {
    const source = moduleTemplate('trip-note');
    const texts = { ...partTexts(source), rules: '{ "validations": [' };
    const { source: draft, errors } = sourceFromTexts(source, texts);
    expect(draft.rules).toEqual(source.rules);
    expect(Object.keys(errors)).toEqual(['rules']);
  });

  it('splits an API violation path into the part and the pointer inside it', () => {
    expect(partOf('/locales/ja/title')).toEqual({ part: 'locales', pointer: '/ja/title' });
    expect(partOf('/process')).toEqual({ part: 'process', pointer: '' });
    expect(partOf('/nope/x')).toBeNull();
  });

  it('copies a module under a new code: its own keys, submit path and prefix follow, references to others stay', () => {
    const source: ModuleSource = {
      ...moduleTemplate('old-thing'),
      schema: { type: 'object', properties: { items: { type: 'array', items: { $ref: 'other-sub' } } } },
    };
    const copy = copySource(source, 'new-thing');
    const meta = copy.uiSchema['ui:module'] as Record<string, unknown>;
    expect(meta.title).toBe('new-thing.title');
    expect(meta.submitPath).toBe('/buffer/new-thing');
    expect(meta.codePrefix).toBe('NT');
    expect(JSON.stringify(copy.schema)).toContain('"$ref":"other-sub"');
    expect(JSON.stringify(copy)).not.toContain('old-thing');
  });
});
