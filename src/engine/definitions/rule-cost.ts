import type { Logic, RulesFile } from '../types';

/** Deepest nesting of operations a rule may have. */
export const MAX_RULE_DEPTH = 24;
/** Most arguments one operation may take (and entries a literal array may have). */
export const MAX_RULE_FAN_OUT = 64;
/** Most nodes (operations, vars and literals) one rule may have. */
export const MAX_RULE_NODES = 2000;
/** At most this many times its input a rule's value may grow (through `merge`, `cat`, `reduce`). */
export const MAX_RULE_GROWTH = 64;

/** One finding of `ruleCostProblems`: the rule's pointer inside the rules file and what is wrong. */
export interface RuleCostProblem {
  pointer: string;
  message: string;
}

const ptr = (...parts: Array<string | number>) => parts.map((p) => `/${String(p).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
const isOperation = (logic: unknown): logic is Record<string, unknown> =>
  !!logic && typeof logic === 'object' && !Array.isArray(logic) && Object.keys(logic).length === 1;

/**
 * How many times the size of the form's data a value can be, found without running the rule:
 * a `var` of a computed field is as large as that field's value (computed earlier, in file order),
 * any other `var` as large as the data (1); `merge` and `cat` add their arguments, `map`/`filter`/
 * `with_field` keep their source's size, `if` the largest branch, `reduce` its start plus its
 * source times what its body adds per item (unbounded when the body holds the accumulator twice);
 * operations that answer a number or a boolean are 1.
 */
function growth(logic: unknown, computed: Map<string, number>): number {
  if (Array.isArray(logic)) return logic.reduce<number>((total, entry) => total + growth(entry, computed), 0) || 1;
  if (!isOperation(logic)) return 1;
  const op = Object.keys(logic)[0];
  const raw = logic[op];
  const args: unknown[] = Array.isArray(raw) ? raw : [raw];
  switch (op) {
    case 'var': {
      const head = typeof args[0] === 'string' ? args[0].split('.')[0] : '';
      return computed.get(head) ?? 1;
    }
    case 'merge':
    case 'cat':
      return args.reduce<number>((total, arg) => total + growth(arg, computed), 0) || 1;
    case 'map':
    case 'filter':
    case 'with_field':
      return growth(args[0], computed);
    case 'if':
    case '?:':
    case 'or':
    case 'and':
      return Math.max(1, ...args.map((arg) => growth(arg, computed)));
    case 'reduce': {
      // The body's size as a function of the accumulator's: a body that holds the accumulator
      // more than once (`merge` of it with itself) doubles it per item — exponential in the data.
      const probe = 1e6;
      const body = growth(args[1], new Map([...computed, ['accumulator', probe], ['current', 1]]));
      if (body >= 2 * probe) return Infinity;
      return growth(args[2], computed) + growth(args[0], computed) * Math.max(1, body % probe);
    }
    default:
      return 1;
  }
}

/** Depth, node count and the widest operation of one rule. */
function shape(logic: unknown, depth = 1): { depth: number; nodes: number; fanOut: number } {
  // Deeper than allowed is reported as such; walking further would only risk the stack.
  if (depth > MAX_RULE_DEPTH) return { depth, nodes: 1, fanOut: 0 };
  const children = Array.isArray(logic)
    ? logic
    : isOperation(logic)
      ? (Array.isArray(Object.values(logic)[0]) ? Object.values(logic)[0] as unknown[] : [Object.values(logic)[0]])
      : [];
  let out = { depth, nodes: 1, fanOut: children.length };
  for (const child of children) {
    const inner = shape(child, Array.isArray(logic) ? depth : depth + 1);
    out = { depth: Math.max(out.depth, inner.depth), nodes: out.nodes + inner.nodes, fanOut: Math.max(out.fanOut, inner.fanOut) };
    if (out.nodes > MAX_RULE_NODES) break;
  }
  return out;
}

/** Every rule of a rules file with its pointer and a name for messages, computed ones in file order. */
function rulesOf(rules: RulesFile): Array<{ logic: Logic; pointer: string; name: string; computes?: string }> {
  const out: Array<{ logic: Logic; pointer: string; name: string; computes?: string }> = [];
  (rules.computed ?? []).forEach((rule, i) => out.push({ logic: rule?.value, pointer: ptr('computed', i, 'value'), name: `computed "${rule?.field}"`, computes: rule?.field }));
  (rules.validations ?? []).forEach((rule, i) => {
    if (!rule || 'each' in rule) return;
    out.push({ logic: rule.when, pointer: ptr('validations', i, 'when'), name: `validation of "${rule.field}"` });
    for (const [k, v] of Object.entries(rule.params ?? {})) out.push({ logic: v, pointer: ptr('validations', i, 'params', k), name: `validation of "${rule.field}"` });
  });
  for (const [field, logic] of Object.entries(rules.visibility ?? {})) out.push({ logic, pointer: ptr('visibility', field), name: `visibility of "${field}"` });
  (rules.effects ?? []).forEach((effect, i) => {
    if (!effect) return;
    if (effect.if !== undefined) out.push({ logic: effect.if, pointer: ptr('effects', i, 'if'), name: `effect on "${effect.on}"` });
    for (const [k, v] of Object.entries(effect.set ?? {})) out.push({ logic: v, pointer: ptr('effects', i, 'set', k), name: `effect on "${effect.on}" setting "${k}"` });
  });
  for (const [field, list] of Object.entries(rules.labels ?? {})) (Array.isArray(list) ? list : []).forEach((rule, i) => out.push({ logic: rule?.when, pointer: ptr('labels', field, i, 'when'), name: `label of "${field}"` }));
  if (rules.submitEnabled && typeof rules.submitEnabled === 'object') out.push({ logic: rules.submitEnabled.if, pointer: ptr('submitEnabled', 'if'), name: 'submitEnabled' });
  return out;
}

/**
 * What a rule may cost, checked before it is published (issue #19): at most MAX_RULE_DEPTH
 * nested operations, MAX_RULE_FAN_OUT arguments to one operation, MAX_RULE_NODES nodes, and a
 * value at most MAX_RULE_GROWTH times the size of the data — so a chain of computed fields that
 * each `merge` the previous one twice (2, 4, 8, … 2^26 times the data) is refused at the first
 * field past the limit, naming it. The engine's step budget (`rules/step-budget.ts`) still
 * guards every evaluation; this keeps such a rule from being published at all.
 */
export function ruleCostProblems(rules: RulesFile): RuleCostProblem[] {
  const problems: RuleCostProblem[] = [];
  const computed = new Map<string, number>();
  for (const { logic, pointer, name, computes } of rulesOf(rules)) {
    const { depth, nodes, fanOut } = shape(logic);
    if (depth > MAX_RULE_DEPTH) {
      problems.push({ pointer, message: `the rule (${name}) nests operations more than ${MAX_RULE_DEPTH} deep; at most ${MAX_RULE_DEPTH} are allowed` });
      continue;
    }
    if (nodes > MAX_RULE_NODES) problems.push({ pointer, message: `the rule (${name}) has more than ${MAX_RULE_NODES} parts; split it or simplify it` });
    if (fanOut > MAX_RULE_FAN_OUT) problems.push({ pointer, message: `the rule (${name}) gives one operation ${fanOut} arguments; at most ${MAX_RULE_FAN_OUT} are allowed` });
    const grows = growth(logic, computed);
    if (grows > MAX_RULE_GROWTH) {
      const times = Number.isFinite(grows) ? `${grows} times` : 'exponentially many times';
      problems.push({ pointer, message: `the rule (${name}) can grow to ${times} the size of the form's data (merge/cat/reduce over its own results); at most ${MAX_RULE_GROWTH} times is allowed` });
    }
    if (computes) computed.set(computes, Math.min(grows, MAX_RULE_GROWTH * 2));
  }
  return problems;
}
