/**
 * The two generic engine facts the contract, seal and collection modules needed: `labels`
 * rules (a label that follows the data) and `ui:module.resetKeeps`. Table tests over a toy
 * module, plus the checker's cross-checks of both.
 */
import { describe, expect, it } from 'vitest';
import { checkDefinitions, compileModules, createRuntime, evaluateLabels, type LabelRule } from '../../src/engine';
import { WIDGET_NAMES as registryNames } from '../../src/engine/definitions/widget-names';
import { toyFiles } from './toy-definitions';

const isHr = { '==': [{ var: 'kind' }, 'b'] };

describe('evaluateLabels', () => {
  const labels: Record<string, LabelRule[]> = {
    note: [
      { when: isHr, label: 'toy.note.labelB' },
      { when: { '!!': [{ var: 'kind' }] }, label: 'toy.note.labelAny' },
    ],
    'account.name': [{ when: { '==': [{ var: 'kind' }, 'a'] }, label: 'toy.account.nameA' }],
    broken: [{ when: { unknown_op: [1] }, label: 'never' }],
  };
  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['no data: nothing matches', {}, {}],
    ['first matching rule wins', { kind: 'b' }, { note: 'toy.note.labelB' }],
    ['a later rule matches when the first does not', { kind: 'c' }, { note: 'toy.note.labelAny' }],
    ['dot paths into object fields are keys too', { kind: 'a' }, { note: 'toy.note.labelAny', 'account.name': 'toy.account.nameA' }],
  ])('%s', (_name, data, expected) => {
    expect(evaluateLabels(labels, data)).toEqual(expected);
  });
  it('a rule that throws does not match (fail open: the derived label stays)', () => {
    expect(evaluateLabels({ note: [{ when: { unknown_op: [1] }, label: 'x' }] }, { kind: 'b' })).toEqual({});
  });
  it('no labels rules: empty', () => {
    expect(evaluateLabels(undefined, { kind: 'b' })).toEqual({});
  });
});

describe('runtime.labels and the checker', () => {
  function withLabels(labels: unknown, locale = true) {
    const files = toyFiles();
    files.rules.toy = { ...files.rules.toy, labels: labels as Record<string, LabelRule[]> };
    if (locale) for (const lang of ['en', 'ja', 'zh'] as const) (files.locales[lang].toy.note as Record<string, string>).labelB = `${lang} Note B`;
    return files;
  }

  it('the compiled runtime answers the label keys of the current data', () => {
    const { modules } = compileModules(withLabels({ note: [{ when: isHr, label: 'toy.note.labelB' }] }), { strict: true });
    const runtime = createRuntime(modules.toy);
    expect(runtime.labels({ kind: 'b' })).toEqual({ note: 'toy.note.labelB' });
    expect(runtime.labels({ kind: 'a' })).toEqual({});
  });

  it.each<[string, unknown, boolean, string]>([
    ['a label key missing in a language', { note: [{ when: isHr, label: 'toy.note.labelZ' }] }, true, 'translation key "toy.note.labelZ" is missing in en, ja, zh'],
    ['a label rule for a field that does not exist', { nope: [{ when: isHr, label: 'toy.note.labelB' }] }, true, '"nope" is not a field of the schema'],
    ['a var that names no field', { note: [{ when: { var: 'knd' }, label: 'toy.note.labelB' }] }, true, 'var "knd" is not a field of the schema'],
    ['an unknown operation', { note: [{ when: { nonsense: [1] }, label: 'toy.note.labelB' }] }, true, 'unknown operation "nonsense"'],
    ['a rule without a label (meta-schema)', { note: [{ when: isHr }] }, true, "must have required property 'label'"],
  ])('finds %s', (_name, labels, locale, message) => {
    const problems = checkDefinitions(withLabels(labels, locale), { widgetNames: registryNames });
    expect(problems.map((p) => p.message)).toContainEqual(expect.stringContaining(message));
  });

  it('accepts a correct labels block', () => {
    const problems = checkDefinitions(withLabels({ note: [{ when: isHr, label: 'toy.note.labelB' }] }), { widgetNames: registryNames });
    expect(problems.filter((p) => p.file.includes('toy'))).toEqual([]);
  });
});

describe('ui:module.resetKeeps', () => {
  function withKeeps(keeps: unknown) {
    const files = toyFiles();
    (files.uiSchemas.toy['ui:module'] as Record<string, unknown>).resetKeeps = keeps;
    return files;
  }
  it('is read into meta when given and absent otherwise (other modules compile as before)', () => {
    expect(compileModules(withKeeps(['currency_id']), { strict: true }).modules.toy.meta.resetKeeps).toEqual(['currency_id']);
    expect('resetKeeps' in compileModules(toyFiles(), { strict: true }).modules.toy.meta).toBe(false);
  });
  it.each<[string, unknown, string]>([
    ['a field that does not exist', ['currency'], '"currency" is not a field of the schema (closest valid names: currency_id, '],
    ['not an array of names', 'currency_id', 'must be array'],
  ])('the checker refuses %s', (_name, keeps, message) => {
    expect(checkDefinitions(withKeeps(keeps), { widgetNames: registryNames }).map((p) => p.message).some((m) => m.startsWith(message))).toBe(true);
  });
});
