/**
 * Issue #32 item 4 in the engine: a text field's format as the builder writes it — ready formats
 * that run on RE2, a pattern the builder refuses as the checker would (bad syntax, lookahead,
 * back-reference, too long, no message), and the field's own message when a value misses the format.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_PATTERN_LENGTH, TEXT_PATTERNS, addField, blankModule, definitionSetFromSources, formDataViolations, textPatternId,
  type DefinitionFiles, type FieldSpec, type ModuleSource,
} from '../../src/engine';
import { patternProblem, testPattern } from '../../src/engine/regexp/pattern-problem';
import { loadDefinitionFiles } from '../../server/definitions/load-definition-files';
import { sourcesFromFiles } from '../../server/definitions/module-source';
import { baseLocales } from '../../server/definitions/definition-store';

let disk: DefinitionFiles;
let sources: Record<string, ModuleSource>;
beforeAll(async () => {
  disk = (await loadDefinitionFiles()).files;
  sources = sourcesFromFiles(disk);
});

const tri = (en: string, ja = `${en}（ja）`, zh = `${en}（zh）`) => ({ en, ja, zh });
const spec = (extra: Partial<FieldSpec>): FieldSpec => ({ name: 'project_code', type: 'text', labels: tri('Project code', 'プロジェクトコード', '项目代码'), ...extra });
const trip = () => blankModule('trip-pattern', tri('Trip'));

describe('ready formats', () => {
  it.each(TEXT_PATTERNS.map((p) => [p.id, p] as const))('%s runs on RE2, takes its first sample and refuses its last, and is known again by its pattern', (_id, preset) => {
    expect(patternProblem(preset.pattern)).toBeNull();
    const verdicts = testPattern(preset.pattern, preset.samples)!;
    expect(verdicts[0]).toBe(true);
    expect(verdicts[verdicts.length - 1]).toBe(false);
    expect(textPatternId(preset.pattern)).toBe(preset.id);
    expect(Object.values(preset.messages).every((m) => m.trim() !== '')).toBe(true);
  });

  it('the invoice number is T and exactly 13 digits; a code is capitals, a hyphen and digits', () => {
    expect(testPattern('^T[0-9]{13}$', ['T1234567890123', 'T123456789012', 'T12345678901234', 't1234567890123'])).toEqual([true, false, false, false]);
    expect(testPattern('^[A-Z]{2,5}-[0-9]{3,6}$', ['PRJ-0000', 'PRJ0000', 'P-0000'])).toEqual([true, false, false]);
    expect(textPatternId('^[a-z]+$')).toBe('custom');
  });
});

describe('the builder writes and refuses a pattern', () => {
  it('writes the schema pattern and the message beside the label in en/ja/zh', () => {
    const result = addField(trip(), spec({ pattern: '^[A-Z]{2,5}-[0-9]{3,6}$', patternMessages: tri('Like PRJ-0001', 'PRJ-0001 の形式で', '按 PRJ-0001 格式') }));
    if (!('source' in result)) throw new Error(result.refused);
    expect((result.source.schema.properties as Record<string, unknown>).project_code).toEqual({ type: ['string', 'null'], default: null, pattern: '^[A-Z]{2,5}-[0-9]{3,6}$' });
    expect(result.source.locales.ja.project_code).toEqual({ label: 'プロジェクトコード', pattern: 'PRJ-0001 の形式で' });
  });

  it.each([['a lookahead', '^(?=a)a+$'], ['a lookbehind', '^(?<=a)b$'], ['a back-reference', '^(a)\\1$'], ['bad syntax', '^[A-Z'], ['too long', `^${'a'.repeat(MAX_PATTERN_LENGTH)}$`]])(
    'the dialog\'s check (RE2, as the server) refuses %s, and the checker refuses it when written anyway', (_name, pattern) => {
      expect(patternProblem(pattern)).toEqual(expect.any(String));
      expect(testPattern(pattern, ['a'])).toBeNull();
      if (pattern.length > MAX_PATTERN_LENGTH) return;
      // The builder checks only a pattern's shape: the checker is the authority on what RE2 runs.
      const result = addField(trip(), spec({ pattern, patternMessages: tri('x') }));
      if (!('source' in result)) throw new Error(result.refused);
      const all = { ...sources, [result.source.code]: result.source };
      const set = definitionSetFromSources(all, baseLocales(disk, Object.keys(all)), { positions: ['head', 'director', 'legal-manager', 'finance-manager'] });
      expect(set.problems).toContainEqual(expect.objectContaining({ pointer: '/properties/project_code/pattern', message: expect.stringContaining('cannot run on the linear-time regular expression engine') }));
    },
  );

  it.each<[string, Partial<FieldSpec>, string]>([
    ['an empty pattern', { pattern: ' ', patternMessages: tri('x') }, 'pattern'],
    ['a pattern too long', { pattern: `^${'a'.repeat(MAX_PATTERN_LENGTH)}$`, patternMessages: tri('x') }, 'pattern'],
    ['no message in ja', { pattern: '^[a-z]+$', patternMessages: { en: 'x', ja: '', zh: 'x' } }, 'patternMessages'],
    ['a pattern on a number', { type: 'number', pattern: '^[0-9]+$', patternMessages: tri('x') }, 'patternType'],
  ])('refuses %s', (_name, extra, refused) => {
    const result = addField(trip(), spec(extra));
    expect('refused' in result && result.refused).toBe(refused);
  });

  it('the checker passes the field, and a value off the format gets the field\'s own message in the reader\'s language', () => {
    const result = addField(trip(), spec({ pattern: '^T[0-9]{13}$', patternMessages: tri('T and 13 digits', 'T と13桁で入力してください', 'T 加 13 位数字') }));
    if (!('source' in result)) throw new Error(result.refused);
    const all = { ...sources, [result.source.code]: result.source };
    const set = definitionSetFromSources(all, baseLocales(disk, Object.keys(all)), { positions: ['head', 'director', 'legal-manager', 'finance-manager'] });
    expect(set.problems.filter((p) => p.file.includes('trip-pattern'))).toEqual([]);
    const module = set.modules['trip-pattern'];
    const at = (value: unknown, lang: 'en' | 'ja') => formDataViolations(module, { project_code: value }, set.translate(lang)).filter((v) => v.propertyPath === 'project_code');
    expect(at('T123', 'ja').map((v) => v.message)).toEqual(['T と13桁で入力してください']);
    expect(at('T123', 'en').map((v) => v.message)).toEqual(['T and 13 digits']);
    expect(at('T1234567890123', 'ja')).toEqual([]);
    expect(at(null, 'ja')).toEqual([]);
  });
});
