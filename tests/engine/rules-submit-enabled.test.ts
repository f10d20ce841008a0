/**
 * `rules.submitEnabled` (the form's submit button follows the data, e.g. the seal's three
 * borrow agreements) and the checker's key checks of `ui:help` / `ui:placeholder`: table tests
 * over the toy module.
 */
import { describe, expect, it } from 'vitest';
import { checkDefinitions, compileModules, createRuntime, evaluateSubmitEnabled, type SubmitEnabledRule } from '../../src/engine';
import { WIDGET_NAMES as registryNames } from '../../src/engine/definitions/widget-names';
import { toyFiles } from './toy-definitions';

const kindIsB = { '==': [{ var: 'kind' }, 'b'] };

describe('evaluateSubmitEnabled', () => {
  it.each<[string, SubmitEnabledRule | undefined, Record<string, unknown>, boolean]>([
    ['no rule: enabled', undefined, {}, true],
    ['condition holds: enabled', { if: kindIsB }, { kind: 'b' }, true],
    ['condition fails: disabled', { if: kindIsB }, { kind: 'a' }, false],
    ['no data: condition fails', { if: kindIsB }, {}, false],
    ['truthy values count as true', { if: { var: 'note' } }, { note: 'x' }, true],
    ['a rule that throws enables (fail open; validations guard)', { if: { unknown_op: [1] } }, { kind: 'a' }, true],
  ])('%s', (_name, rule, data, expected) => {
    expect(evaluateSubmitEnabled(rule, data)).toBe(expected);
  });
});

describe('runtime.submitEnabled and the checker', () => {
  function withRule(rule: unknown) {
    const files = toyFiles();
    files.rules.toy = { ...files.rules.toy, submitEnabled: rule as SubmitEnabledRule };
    return files;
  }

  it('the compiled runtime answers for the current data; a module without the rule is always enabled', () => {
    const runtime = createRuntime(compileModules(withRule({ if: kindIsB, hint: 'toy.messages.company' }), { strict: true }).modules.toy);
    expect(runtime.submitEnabled({ kind: 'b' })).toBe(true);
    expect(runtime.submitEnabled({ kind: 'a' })).toBe(false);
    expect(createRuntime(compileModules(toyFiles(), { strict: true }).modules.toy).submitEnabled({})).toBe(true);
  });

  it.each<[string, unknown, string]>([
    ['a var that names no field', { if: { var: 'knd' } }, 'var "knd" is not a field of the schema'],
    ['an unknown operation', { if: { nonsense: [1] } }, 'unknown operation "nonsense"'],
    ['a hint key missing in every language', { if: kindIsB, hint: 'toy.messages.nope' }, 'translation key "toy.messages.nope" is missing in en, ja, zh'],
    ['a rule without a condition (meta-schema)', { hint: 'toy.messages.company' }, "must have required property 'if'"],
    ['an unknown property (meta-schema)', { if: kindIsB, when: true }, 'must NOT have additional properties ("when")'],
  ])('finds %s', (_name, rule, message) => {
    const problems = checkDefinitions(withRule(rule), { widgetNames: registryNames });
    expect(problems.map((p) => p.message)).toContainEqual(expect.stringContaining(message));
  });

  it('accepts a correct rule', () => {
    const problems = checkDefinitions(withRule({ if: kindIsB, hint: 'toy.messages.company' }), { widgetNames: registryNames });
    expect(problems.filter((p) => p.file.includes('toy'))).toEqual([]);
  });
});

describe('ui:help and ui:placeholder keys', () => {
  function withNote(entry: Record<string, unknown>) {
    const files = toyFiles();
    files.uiSchemas.toy = { ...files.uiSchemas.toy, note: { 'ui:widget': 'text', ...entry } };
    return files;
  }
  const toyProblems = (entry: Record<string, unknown>) =>
    checkDefinitions(withNote(entry), { widgetNames: registryNames }).filter((p) => p.file.includes('toy')).map((p) => `${p.pointer}: ${p.message}`);

  it.each<[string, Record<string, unknown>, string[]]>([
    ['a help key that exists', { 'ui:help': 'toy.messages.company' }, []],
    ['a help key missing everywhere', { 'ui:help': 'toy.note.help' }, ['/note/ui:help: translation key "toy.note.help" is missing in en, ja, zh (closest valid names: toy.note.label, toy.title, toy.total.label)']],
    ['a placeholder key missing everywhere', { 'ui:placeholder': 'toy.note.placeholder' }, ['/note/ui:placeholder: translation key "toy.note.placeholder" is missing in en, ja, zh (closest valid names: toy.note.label, toy.total.label, toy.items.label)']],
    ['literal help text is not a key', { 'ui:help': 'Given when filing.' }, []],
    ['literal placeholder text is not a key', { 'ui:placeholder': 'e.g. 2026-04' }, []],
  ])('%s', (_name, entry, expected) => {
    expect(toyProblems(entry)).toEqual(expected);
  });
});

describe('ui:options.indexLabel', () => {
  function withIndexLabel(indexLabel: unknown) {
    const files = toyFiles();
    files.uiSchemas.toy = { ...files.uiSchemas.toy, items: { ...(files.uiSchemas.toy.items as object), 'ui:options': { indexLabel } } };
    return checkDefinitions(files, { widgetNames: registryNames }).filter((p) => p.file.includes('toy')).map((p) => `${p.pointer}: ${p.message}`);
  }
  it.each<[unknown, string[]]>([
    ['circled', []],
    ['roman', ['/items/ui:options/indexLabel: indexLabel must be "circled"']],
  ])('%s', (value, expected) => {
    expect(withIndexLabel(value)).toEqual(expected);
  });
});
