import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkDefinitions, createTranslate, fiscalYearOf, formatNumber, isFiscalYearStart, parseNumberingFormat, WIDGET_NAMES, type DefinitionFiles, type LocaleFile } from '../../src/engine';
import { problemSentence } from '../../src/engine/definitions/problem-sentence';
import { toyFiles } from './toy-definitions';

const values = { companyCode: 'RH', fiscalYear: 2026, year: 2027, month: 3, moduleCode: 'PUR', sequence: 42 };

describe('numbering formats', () => {
  it.each([
    ['{company}-{fy}-{module}-{seq:5}', 'RH-2026-PUR-00042'],
    ['K{company}{fy2}-{seq}', 'KRH26-0042'],
    ['{yyyy}/{mm}/{seq:2}', '2027/03/42'],
    ['{yy}{mm}#{seq:1}', '2703#42'],
  ])('%s gives %s', (format, number) => {
    expect(formatNumber(format, values)).toBe(number);
  });

  it('writes a sequence longer than its width in full', () => {
    expect(formatNumber('{seq:2}', { ...values, sequence: 1234 })).toBe('1234');
  });

  it.each([
    ['', 'the format is empty'],
    ['{company}-{fy}', 'the format needs a {seq}'],
    ['{seq}-{seq}', 'the format may have one {seq} only'],
    ['{seq:0}', 'the width of {seq} must be a digit 1 to 9'],
    ['{seq:12}', 'the width of {seq} must be a digit 1 to 9'],
    ['{fy:4}-{seq}', '"{fy:4}" takes no width'],
    ['{year}-{seq}', '"{year}" is not a token'],
    ['A B{seq}', '"A B" may only use letters'],
    ['{seq', 'a "{" without its "}"'],
    ['seq}{seq}', 'a "}" without its "{"'],
    [`${'X'.repeat(61)}{seq}`, 'longer than 64'],
  ])('refuses %j: %s', (format, problem) => {
    const parsed = parseNumberingFormat(format);
    expect('problem' in parsed && parsed.problem).toContain(problem);
  });
});

describe('fiscal years', () => {
  it.each([
    ['2027-03-31', '04-01', 2026], ['2027-04-01', '04-01', 2027], ['2026-12-31', '01-01', 2026], ['2027-01-01', '01-01', 2027],
    ['2027-10-20', '10-21', 2026], ['2027-10-21', '10-21', 2027],
  ])('%s with a year starting %s is fiscal %i', (day, start, year) => {
    expect(fiscalYearOf(day, start)).toBe(year);
  });

  it.each([['04-01', true], ['12-31', true], ['02-28', true], ['02-29', false], ['04-31', false], ['13-01', false], ['4-1', false], [401, false]])('start day %j valid: %s', (value, valid) => {
    expect(isFiscalYearStart(value)).toBe(valid);
  });
});

describe('the checker', () => {
  const withNumbering = (numbering: unknown, kind = 'module'): DefinitionFiles => {
    const files = toyFiles();
    const code = 'toy';
    const ui = files.uiSchemas[code];
    files.uiSchemas[code] = { ...ui, 'ui:module': { ...(ui['ui:module'] as object), kind, numbering } };
    return files;
  };
  const problems = (files: DefinitionFiles) => checkDefinitions(files, { widgetNames: WIDGET_NAMES }).filter((p) => p.pointer.includes('numbering'));

  it('accepts valid rules and names the format that is wrong', () => {
    expect(problems(withNumbering({ application: { format: '{company}-{seq:5}' }, decision: { format: 'D{fy}-{seq}', sequence: 'shared' } }))).toEqual([]);
    const found = problems(withNumbering({ application: { format: '{company}-{fy}' } }));
    expect(found.map((p) => [p.pointer, p.message])).toEqual([['/ui:module/numbering/application/format', 'the application number\'s format "{company}-{fy}": the format needs a {seq}']]);
  });

  it('refuses an unknown sequence scope by the meta-schema', () => {
    expect(problems(withNumbering({ decision: { format: '{seq}', sequence: 'global' } })).length).toBeGreaterThan(0);
  });
});

describe('the numbering problem in the studio\'s words', () => {
  it.each(['en', 'ja', 'zh'] as const)('names the number and its format in %s', (lang) => {
    const files = toyFiles();
    for (const l of ['en', 'ja', 'zh'] as const) files.locales[l].engine = JSON.parse(readFileSync(new URL(`../../locales/${l}/engine.json`, import.meta.url), 'utf8')) as LocaleFile;
    const said = problemSentence({ file: 'uiSchemas/toy.json', pointer: '/ui:module/numbering/decision/format', message: 'the decision number\'s format "{fy}": the format needs a {seq}' },
      files, lang, createTranslate(files.locales, lang), 'toy');
    const kind = { en: 'decision number', ja: '決裁番号', zh: '决裁编号' }[lang];
    expect(said.message).toContain(kind);
    expect(said.message).toContain('{fy}');
    expect(said.message).not.toContain('{{');
  });
});
