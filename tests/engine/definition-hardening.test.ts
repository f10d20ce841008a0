import { describe, expect, it } from 'vitest';
import { checkDefinitions, compileModules, createRuntime, createTranslate, validateSubmission, type DefinitionFiles, type JsonSchema } from '../../src/engine';
import { linearRegExp } from '../../src/engine/regexp/linear-regexp';
import { ajvViolations } from '../../src/engine/payload/ajv-violations';
import { STEP_BUDGET } from '../../src/engine/rules/step-budget';
import { TOY_WIDGETS, toyFiles } from './toy-definitions';

/** Issue #19, items 2-5: linear-time patterns, bounded rules, checked names, plain text. */
const check = (files: DefinitionFiles) => checkDefinitions(files, { widgetNames: TOY_WIDGETS });
/** An own property named like something every object inherits (`constructor`). */
const setOwn = (record: object, key: string, value: unknown) => Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
const toyProps = (files: DefinitionFiles) => files.schemas.toy.properties as Record<string, JsonSchema>;

/** The toy with `n` array fields c1..cn, each computed as `merge` of the one before twice (c0 is the data). */
function doublingChain(n: number): DefinitionFiles {
  const files = toyFiles();
  for (let i = 0; i <= n; i += 1) {
    toyProps(files)[`c${i}`] = { type: 'array', items: { type: 'integer' } };
    for (const lang of ['en', 'ja', 'zh'] as const) (files.locales[lang].toy as Record<string, unknown>)[`c${i}`] = { label: `C${i}` };
  }
  (files.uiSchemas.toy['ui:order'] as string[]).push(...Array.from({ length: n + 1 }, (_, i) => `c${i}`));
  files.rules.toy.computed = [
    ...(files.rules.toy.computed ?? []),
    ...Array.from({ length: n }, (_, i) => ({ field: `c${i + 1}`, value: { merge: [{ var: `c${i}` }, { var: `c${i}` }] } })),
  ];
  return files;
}

describe('linear-time patterns (item 2)', () => {
  it('^(a+)+$ against 10,000 × a + ! answers false on RE2 (the backtracking RegExp would not return)', () => {
    expect(linearRegExp('^(a+)+$').test(`${'a'.repeat(10_000)}!`)).toBe(false);
    expect(linearRegExp('^(a+)+$').test('a'.repeat(10_000))).toBe(true);
  });

  it('the checker refuses a pattern RE2 cannot compile and a format outside the list, naming why', () => {
    const files = toyFiles();
    toyProps(files).kind = { type: 'string', pattern: '^(?=a)b$' };
    toyProps(files).note = { type: 'string', pattern: '(a)\\1' };
    (toyProps(files).total as Record<string, unknown>).format = 'regex';
    const problems = check(files);
    expect(problems).toContainEqual(expect.objectContaining({ pointer: '/properties/kind/pattern', message: expect.stringContaining('linear-time regular expression engine') }));
    expect(problems).toContainEqual(expect.objectContaining({ pointer: '/properties/note/pattern', message: expect.stringContaining('invalid escape sequence') }));
    expect(problems).toContainEqual(expect.objectContaining({ pointer: '/properties/total/format', message: expect.stringContaining('format "regex" is not one') }));
  });

  it('accepts RE2 patterns (JavaScript spellings translated) and the submission check runs them', () => {
    const files = toyFiles();
    toyProps(files).note = { type: ['string', 'null'], pattern: '^(a+)+$' };
    expect(check(files).filter((p) => p.pointer.includes('pattern'))).toEqual([]);
    const toy = compileModules(files).modules.toy;
    const t = createTranslate(files.locales, 'en');
    const body = { transaction: { note: `${'a'.repeat(10_000)}!` } };
    expect(ajvViolations(toy, body, t)).toContainEqual(expect.objectContaining({ propertyPath: 'note' }));
    expect(ajvViolations(toy, { transaction: { note: 'aaa' } }, t).filter((v) => v.propertyPath === 'note')).toEqual([]);
  });
});

describe('bounded rules (item 3)', () => {
  it('the checker refuses the doubling chain at the first field past 64×, naming the rule', () => {
    const problems = check(doublingChain(26));
    const growth = problems.filter((p) => p.message.includes('times the size'));
    expect(growth[0]).toMatchObject({ file: 'rules/toy.json', message: expect.stringContaining('computed "c7"') });
    expect(growth[0].message).toContain('128 times');
    expect(growth.some((p) => p.message.includes('computed "c6"'))).toBe(false);
  });

  it('refuses a reduce that doubles its accumulator, too deep a rule and too wide an operation', () => {
    const files = toyFiles();
    files.rules.toy.visibility = {
      ...files.rules.toy.visibility,
      note: { reduce: [{ var: 'items' }, { merge: [{ var: 'accumulator' }, { var: 'accumulator' }] }, [1]] },
      kind: Array.from({ length: 30 }).reduce<unknown>((inner) => ({ '!': [inner] }), true),
      total: { or: Array.from({ length: 100 }, () => true) },
    };
    const messages = check(files).filter((p) => p.file === 'rules/toy.json').map((p) => `${p.pointer} ${p.message}`);
    expect(messages).toContainEqual(expect.stringMatching(/^\/visibility\/note .*exponentially/));
    expect(messages).toContainEqual(expect.stringMatching(/^\/visibility\/kind .*more than 24 deep/));
    expect(messages).toContainEqual(expect.stringMatching(/^\/visibility\/total .*100 arguments/));
  });

  it(`an evaluation over ${STEP_BUDGET} steps is one violation that says so, never a stall (both runtimes)`, () => {
    const files = doublingChain(6); // 64× passes the checker; 20,000 items cost 126 × 20,000 steps
    const toy = compileModules(files).modules.toy;
    const t = createTranslate({ ...files.locales, en: { ...files.locales.en, engine: { validation: { ruleBudget: 'too much work ({{rule}})' } } } }, 'en');
    const body = { transaction: { c0: Array.from({ length: 20_000 }, () => 0), items: [] } };
    const violations = validateSubmission(toy, body, {}, t);
    expect(violations).toEqual([expect.objectContaining({ messageKey: 'engine.validation.ruleBudget', message: expect.stringMatching(/^too much work \(computed "c\d"\)$/) })]);
    // The browser's runtime stops the same way: fields past the budget keep their value.
    const runtime = createRuntime(toy);
    const data = runtime.applyChange({}, { c0: body.transaction.c0 });
    expect((data.c6 as unknown[] | undefined)?.length ?? 0).toBeLessThan(64 * 20_000);
    expect(runtime.validate(data, {}, t).length).toBeGreaterThan(0);
  });
});

describe('names (item 4)', () => {
  it('refuses reserved and route-segment module codes, reserved field names and step codes', () => {
    const files = toyFiles();
    files.schemas.withdrawal = files.schemas['toy-item'];
    files.uiSchemas.withdrawal = { 'ui:module': { kind: 'subform', title: 'toy-item.title' } };
    setOwn(toyProps(files), 'constructor', { type: 'string' });
    files.processes!.toy.steps[0].code = 'prototype';
    const messages = check(files).map((p) => `${p.file}#${p.pointer}: ${p.message}`);
    expect(messages).toContainEqual(expect.stringContaining('schemas/withdrawal.json#: module code "withdrawal" is a fixed part of an API path'));
    expect(messages).toContainEqual(expect.stringContaining('schemas/toy.json#/properties/constructor: field name "constructor" is a reserved word'));
    expect(messages).toContainEqual(expect.stringContaining('processes/toy.json#/steps/0/code: step code "prototype" is a reserved word'));
  });

  it('a module coded "constructor" compiles as itself, not as what every object inherits', () => {
    const files = toyFiles();
    setOwn(files.schemas, 'constructor', files.schemas['toy-item']);
    setOwn(files.uiSchemas, 'constructor', { 'ui:module': { kind: 'subform', title: 'toy-item.title' } });
    const { modules } = compileModules(files);
    expect(Object.hasOwn(modules, 'constructor')).toBe(true);
    expect((modules as Record<string, { code: string }>)['constructor'].code).toBe('constructor');
    expect(check(files)).toContainEqual(expect.objectContaining({ message: expect.stringContaining('module code "constructor" is a reserved word') }));
  });
});

describe('plain text (item 5)', () => {
  it('refuses HTML tags and javascript:/data: URLs in translations and UI texts, naming the key', () => {
    const files = toyFiles();
    (files.locales.ja.toy as Record<string, unknown>).title = '<img src=x onerror=alert(1)>';
    ((files.locales.zh.toy as Record<string, Record<string, string>>).messages).company = '<script>alert(1)</script>';
    files.uiSchemas.toy.note = { 'ui:help': 'javascript:alert(1)' };
    files.uiSchemas.toy.kind = { 'ui:placeholder': 'see data:text/html;base64,PHNjcmlwdD4=' };
    const messages = check(files).map((p) => `${p.file}#${p.pointer}: ${p.message}`);
    expect(messages).toContainEqual('locales/ja/toy.json#/title: translation "toy.title" contains an HTML tag: labels, messages and help texts are plain text');
    expect(messages).toContainEqual(expect.stringContaining('locales/zh/toy.json#/messages/company: translation "toy.messages.company" contains an HTML tag'));
    expect(messages).toContainEqual(expect.stringContaining('uiSchemas/toy.json#/note/ui:help: text contains a javascript:/data: URL'));
    expect(messages).toContainEqual(expect.stringContaining('uiSchemas/toy.json#/kind/ui:placeholder: text contains a javascript:/data: URL'));
  });

  it('keeps ordinary text: comparisons, "Data:" labels, URLs of the web', () => {
    const files = toyFiles();
    (files.locales.en.toy as Record<string, unknown>).title = 'Qty < 5 and price > 0 · Data: see https://example.com/a?b=c';
    expect(check(files)).toEqual([]);
  });
});
