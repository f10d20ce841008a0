/**
 * `buildDefinitionSet`: the one pipeline "files → check → compile" that start-up, publish, the
 * studio's check, `npm run check` and `modules:check` share. Over the toy module family.
 */
import { describe, expect, it } from 'vitest';
import { buildDefinitionSet, checkDefinitions, compileModules, definitionSetFromSources, findModule, WIDGET_NAMES, type ModuleSource } from '../../src/engine';
import { toyFiles } from './toy-definitions';

describe('buildDefinitionSet', () => {
  it('holds the same modules and problems as the checker and the compiler give separately', () => {
    const files = toyFiles();
    const set = buildDefinitionSet(files);
    expect(set.problems).toEqual(checkDefinitions(files, { widgetNames: WIDGET_NAMES }));
    expect(Object.keys(set.modules).sort()).toEqual(Object.keys(compileModules(files).modules).sort());
    expect(findModule(set, 'toy')?.code).toBe('toy');
    expect(set.revision).toBe(-1);
    expect(set.translate('en')('toy.title')).not.toBe('toy.title');
  });

  it('is a value: frozen, so a newer set is a new value and never an edit of this one', () => {
    const set = buildDefinitionSet(toyFiles());
    expect(Object.isFrozen(set)).toBe(true);
    expect(Object.isFrozen(set.modules)).toBe(true);
    expect(() => { (set.modules as Record<string, unknown>).extra = {}; }).toThrow();
  });

  it('lists read problems first and the checker\'s after; an unknown widget name is a problem', () => {
    const files = toyFiles();
    files.uiSchemas.toy.note = { 'ui:widget': 'NoSuchWidget' };
    const read = { file: 'schemas/broken.json', pointer: '', message: 'not valid JSON' };
    const set = buildDefinitionSet(files, { readProblems: [read] });
    expect(set.problems[0]).toEqual(read);
    expect(set.problems.some((p) => p.message.includes('NoSuchWidget'))).toBe(true);
  });

  it('skips the checker only when asked (sources that passed it at publish)', () => {
    const files = toyFiles();
    files.uiSchemas.toy.note = { 'ui:widget': 'NoSuchWidget' };
    expect(buildDefinitionSet(files, { check: false }).problems).toEqual([]);
  });

  it('builds the same set from module sources', () => {
    const files = toyFiles();
    const sources: Record<string, ModuleSource> = Object.fromEntries(Object.keys(files.schemas).map((code) => [code, {
      code, schema: files.schemas[code], uiSchema: files.uiSchemas[code], rules: files.rules[code] ?? {},
      locales: { en: files.locales.en[code], ja: files.locales.ja[code], zh: files.locales.zh[code] },
      process: files.processes?.[code] ?? null, attachments: files.attachments?.[code] ?? null,
    }]));
    const base = { en: { engine: files.locales.en.engine }, ja: { engine: files.locales.ja.engine }, zh: { engine: files.locales.zh.engine } };
    const set = definitionSetFromSources(sources, base);
    expect(Object.keys(set.modules).sort()).toEqual(Object.keys(buildDefinitionSet(files).modules).sort());
  });
});
