import { describe, expect, it } from 'vitest';
import { loadDefinitionFiles } from '../../server/definitions/load-definition-files';
import { compileModules, type CompiledModule, type RuleContext } from '../../src/engine';
import { compileLogic } from '../../src/engine/rules/compile-logic';
import { activeContext } from '../../src/engine/rules/active-context';
import { registerOperations } from '../../src/engine/rules/operations';
import { interpretLogic } from './interpret-logic';

registerOperations();


function compiled(logic: unknown, data: Record<string, unknown>, context: RuleContext): { value?: unknown; error?: boolean } {
  activeContext.current = context;
  try {
    return { value: compileLogic(logic)(data, context) };
  } catch {
    return { error: true };
  } finally {
    activeContext.current = {};
  }
}

/** Every json-logic expression a compiled module holds (validations, params, visibility, effects, computed, labels, submit). */
function expressionsOf(module: CompiledModule): unknown[] {
  const out: unknown[] = [];
  const r = module.rules as Record<string, unknown>;
  for (const rule of (r.validations as Array<Record<string, unknown>> | undefined) ?? []) {
    if ('when' in rule) out.push(rule.when);
    out.push(...Object.values((rule.params as Record<string, unknown> | undefined) ?? {}));
  }
  out.push(...Object.values((r.visibility as Record<string, unknown> | undefined) ?? {}));
  for (const effect of (r.effects as Array<Record<string, unknown>> | undefined) ?? []) {
    if (effect.if !== undefined) out.push(effect.if);
    out.push(...Object.values(effect.set as Record<string, unknown>));
  }
  for (const rule of (r.computed as Array<Record<string, unknown>> | undefined) ?? []) out.push(rule.value);
  for (const rules of Object.values((r.labels as Record<string, Array<{ when: unknown }>> | undefined) ?? {})) out.push(...rules.map((rule) => rule.when));
  if (r.submitEnabled) out.push((r.submitEnabled as { if: unknown }).if);
  return out;
}

/** Values a rule may meet in a field: the shapes forms and hostile clients send. */
const SAMPLES: unknown[] = [
  undefined, null, '', '  ', 'abc', '0', '12.5', '2026-02-28', '2026-02-30', 0, 1, -3, 2.5, true, false,
  [], [1, 2], [{ approver_id: 4, master_process_id: 1 }], { a: 1 },
];

describe('compiled json-logic answers what json-logic-js answers', () => {
  it('for every rule of every definition over varied data (values and throws alike)', async () => {
    const { files } = await loadDefinitionFiles();
    const { modules } = compileModules(files);
    let checked = 0;
    for (const module of Object.values(modules)) {
      const fields = Object.keys((module.schema.properties ?? {}) as object);
      for (const logic of expressionsOf(module)) {
        for (let s = 0; s < SAMPLES.length; s++) {
          // Each field gets a different sample per round, so combinations vary.
          const data = Object.fromEntries(fields.map((f, i) => [f, SAMPLES[(s + i) % SAMPLES.length]]));
          const context: RuleContext = {
            parent: Object.fromEntries(fields.map((f, i) => [f, SAMPLES[(s + i + 3) % SAMPLES.length]])),
            steps: [{ id: 1, optional: false }],
            currencies: [{ id: 1, code: 'JPY' }],
          };
          expect(compiled(logic, data, context), `${module.code}: ${JSON.stringify(logic)}`).toEqual(interpretLogic(logic, data, context));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it.each([
    ['var default', { var: ['x.y', 7] }, { x: {} }],
    ['var whole data', { var: '' }, { a: 1 }],
    ['var computed path', { var: { cat: ['a', '.b'] } }, { a: { b: 2 } }],
    ['var numeric index', { var: 1 }, { 1: 'one' }],
    ['$parent path', { var: '$parent.k' }, {}],
    ['$context path', { var: '$context.steps.0.id' }, {}],
    ['$parent alone', { var: '$parent' }, {}],
    ['if chain', { if: [false, 1, { '==': [1, '1'] }, 2, 3] }, {}],
    ['if without else', { if: [false, 1] }, {}],
    ['and returns first falsy', { and: [1, [], 2] }, {}],
    ['or returns last', { or: [0, '', null] }, {}],
    ['empty and', { and: [] }, {}],
    ['map items', { map: [{ var: 'xs' }, { '*': [{ var: '' }, 2] }] }, { xs: [1, 2, 3] }],
    ['$parent inside map reads the item', { map: [{ var: 'xs' }, { var: '$parent' }] }, { xs: [{ $parent: 5 }, {}] }],
    ['filter', { filter: [{ var: 'xs' }, { '>': [{ var: '' }, 1] }] }, { xs: [1, 2, 3] }],
    ['reduce', { reduce: [{ var: 'xs' }, { '+': [{ var: 'current' }, { var: 'accumulator' }] }, 10] }, { xs: [1, 2] }],
    ['reduce without initial', { reduce: [{ var: 'nope' }, 1] }, {}],
    ['all of empty', { all: [[], true] }, {}],
    ['none of empty', { none: [[], true] }, {}],
    ['some', { some: [{ var: 'xs' }, { '==': [{ var: '' }, 2] }] }, { xs: [1, 2] }],
    ['between', { '<': [1, { var: 'n' }, 3] }, { n: 2 }],
    ['in string', { in: ['b', 'abc'] }, {}],
    ['cat with null', { cat: ['a', null, 1] }, {}],
    ['substr negative', { substr: ['abcdef', 1, -2] }, {}],
    ['plus strings', { '+': ['1', '2.5'] }, {}],
    ['times nothing throws', { '*': [] }, {}],
    ['minus unary', { '-': [3] }, {}],
    ['min max', { max: [1, { min: [3, 2] }] }, {}],
    ['merge', { merge: [1, [2, 3], [[4]]] }, {}],
    ['missing', { missing: ['a', 'b'] }, { a: 1 }],
    ['missing_some', { missing_some: [1, ['a', 'b']] }, { b: '' }],
    ['unknown operator throws', { nope: [1] }, {}],
    ['dotted operator throws', { 'a.b': [1] }, {}],
    ['not a rule (two keys) is a value', { a: 1, b: 2 }, {}],
    ['array of rules', [{ var: 'a' }, 2], { a: 1 }],
    ['custom operation inside map', { map: [{ var: 'xs' }, { to_number: [{ var: '' }] }] }, { xs: ['1', 'x'] }],
  ])('%s', (_name, logic, data) => {
    const context: RuleContext = { parent: { k: 'p' }, steps: [{ id: 9, optional: false }] };
    expect(compiled(logic, data, context)).toEqual(interpretLogic(logic, data, context));
  });

  it('compiles an expression once', () => {
    const logic = { '>': [{ var: 'a' }, 1] };
    expect(compileLogic(logic)).toBe(compileLogic(logic));
  });
});
