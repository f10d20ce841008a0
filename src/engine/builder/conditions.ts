import type { Logic } from '../types';

/**
 * A condition as a person states it (a field, what must hold of it, its values), turned into
 * json-logic by its operator. Which of `value`, `upper`, `other` and `values` it carries is its
 * operator's `input`.
 */
export interface Condition {
  /** The operator's `kind` (`atLeast`, `between`, …). */
  kind: string;
  field: string;
  /** A number (`input` "number"; the lower bound of "range"). */
  value?: number;
  /** The upper bound (`input` "range"). */
  upper?: number;
  /** Another field (`input` "otherField"): a date it is before or after. */
  other?: string;
  /** Values it is one of (`input` "values"). */
  values?: Array<string | number | boolean>;
}

/** What a condition operator asks for besides the field. */
export type ConditionInput = 'none' | 'number' | 'range' | 'otherField' | 'values';

/**
 * One condition operator — the single table the builder's form (its choices and inputs), the
 * json-logic it writes, the read-back of a stored condition and the studio's sentences all read.
 * Its locale lines: `studio.builder.conditions.<kind>` (the choice, "is at least") and
 * `studio.builder.sentences.<kind>` (the sentence, "{{field}} is at least {{value}}", with
 * `field`, `value`, `upper`, `other` and `values`). Reading back needs nothing of its own: a stored
 * condition is this operator's when its `logic` of placeholders unifies with it.
 */
export interface ConditionOperator {
  kind: string;
  input: ConditionInput;
  /** The json-logic over the form data (only `c.field` and the parts `input` names are set). */
  logic(c: Condition): Logic;
}

const v = (field: string) => ({ var: field });
const num = (field: string) => ({ to_number: [v(field)] });

const BUILT_IN: ConditionOperator[] = [
  { kind: 'blank', input: 'none', logic: (c) => ({ blank: [v(c.field)] }) },
  { kind: 'notBlank', input: 'none', logic: (c) => ({ '!': [{ blank: [v(c.field)] }] }) },
  { kind: 'greaterThan', input: 'number', logic: (c) => ({ '>': [num(c.field), c.value!] }) },
  { kind: 'atLeast', input: 'number', logic: (c) => ({ '>=': [num(c.field), c.value!] }) },
  { kind: 'lessThan', input: 'number', logic: (c) => ({ '<': [num(c.field), c.value!] }) },
  { kind: 'atMost', input: 'number', logic: (c) => ({ '<=': [num(c.field), c.value!] }) },
  // json-logic's three-argument "<=": lower ≤ value ≤ upper, both ends included.
  { kind: 'between', input: 'range', logic: (c) => ({ '<=': [c.value!, num(c.field), c.upper!] }) },
  { kind: 'longerThan', input: 'number', logic: (c) => ({ '>': [{ length: [v(c.field)] }, c.value!] }) },
  { kind: 'before', input: 'otherField', logic: (c) => ({ date_before: [v(c.field), v(c.other!)] }) },
  { kind: 'after', input: 'otherField', logic: (c) => ({ date_after: [v(c.field), v(c.other!)] }) },
  { kind: 'oneOf', input: 'values', logic: (c) => ({ in: [v(c.field), c.values!] }) },
  { kind: 'checked', input: 'none', logic: (c) => ({ '==': [v(c.field), true] }) },
  { kind: 'notChecked', input: 'none', logic: (c) => ({ '!=': [v(c.field), true] }) },
  // A date's required check (what Add field writes for a date and each end of a date range).
  { kind: 'notDate', input: 'none', logic: (c) => ({ '!': [{ valid_date: [v(c.field)] }] }) },
];

const operators = new Map<string, ConditionOperator>(BUILT_IN.map((op) => [op.kind, op]));

/** Every condition operator, in the order the builder offers them. */
export function conditionOperators(): ConditionOperator[] {
  return [...operators.values()];
}

/** The operator of a kind, or null for an unknown one. */
export function conditionOperator(kind: string): ConditionOperator | null {
  return operators.get(kind) ?? null;
}

/**
 * Adds a condition operator (an extension, or a test's toy one); answers a function that removes
 * it again. A kind already known is refused: built-in operators are not replaced.
 */
export function registerConditionOperator(operator: ConditionOperator): () => void {
  if (operators.has(operator.kind)) throw new Error(`condition operator "${operator.kind}" is already registered`);
  operators.set(operator.kind, operator);
  return () => { operators.delete(operator.kind); };
}

/** The json-logic of a condition (the form data as its data); an unknown kind is an error naming it. */
export function conditionLogic(c: Condition): Logic {
  const operator = conditionOperator(c.kind);
  if (!operator) throw new Error(`unknown condition "${c.kind}"`);
  return operator.logic(c);
}

/** The fields a condition reads. */
export function conditionFields(c: Condition): string[] {
  return c.other !== undefined ? [c.field, c.other] : [c.field];
}

/** Placeholders standing for a condition's parts while its operator's logic is matched. */
const HOLE = { field: '\u0000field', value: '\u0000value', upper: '\u0000upper', other: '\u0000other', values: '\u0000values' } as const;
type Part = keyof typeof HOLE;
const PARTS: Record<ConditionInput, Part[]> = { none: [], number: ['value'], range: ['value', 'upper'], otherField: ['other'], values: ['values'] };
const fits: Record<Part, (x: unknown) => boolean> = {
  field: (x) => typeof x === 'string' && x !== '',
  value: (x) => typeof x === 'number' && Number.isFinite(x),
  upper: (x) => typeof x === 'number' && Number.isFinite(x),
  other: (x) => typeof x === 'string' && x !== '',
  values: (x) => Array.isArray(x) && x.every((e) => ['string', 'number', 'boolean'].includes(typeof e)),
};

/** Binds the placeholders of `template` to the parts of `logic` at the same places; false when they differ. */
function unify(template: unknown, logic: unknown, bound: Partial<Record<Part, unknown>>): boolean {
  const hole = (Object.keys(HOLE) as Part[]).find((p) => HOLE[p] === template);
  if (hole) {
    if (hole in bound) return JSON.stringify(bound[hole]) === JSON.stringify(logic);
    bound[hole] = logic;
    return fits[hole](logic);
  }
  if (Array.isArray(template)) return Array.isArray(logic) && logic.length === template.length && template.every((t, i) => unify(t, logic[i], bound));
  if (template && typeof template === 'object') {
    if (!logic || typeof logic !== 'object' || Array.isArray(logic)) return false;
    const keys = Object.keys(template);
    return keys.length === Object.keys(logic).length && keys.every((k) => Object.hasOwn(logic, k) && unify((template as Record<string, unknown>)[k], (logic as Record<string, unknown>)[k], bound));
  }
  return template === logic;
}

/**
 * A stored condition read back as the builder states it: the operator whose json-logic it is, with
 * its field and values; null when no operator writes it (another rule: show it as a sentence).
 */
export function readCondition(logic: Logic | undefined): Condition | null {
  if (logic === undefined || logic === null) return null;
  for (const operator of operators.values()) {
    const parts = PARTS[operator.input];
    const template = operator.logic({ kind: operator.kind, field: HOLE.field, ...Object.fromEntries(parts.map((p) => [p, HOLE[p]])) } as unknown as Condition);
    const bound: Partial<Record<Part, unknown>> = {};
    if (unify(template, logic, bound)) return { kind: operator.kind, field: bound.field as string, ...Object.fromEntries(parts.map((p) => [p, bound[p]])) } as Condition;
  }
  return null;
}

/**
 * A condition as a sentence to translate: `key` (under `studio.builder.sentences.`) with its
 * values (`field`, `other` are field names: the studio shows their labels), or `parts` joined by
 * "and"/"or"/"not"; a rule no operator writes (and no and/or/not of them) is `custom`, naming the
 * fields it reads.
 */
export interface ConditionSentence {
  key: string;
  values?: Omit<Condition, 'kind'> & { fields?: string[] };
  parts?: ConditionSentence[];
}

const topFields = (logic: unknown, out: string[] = []): string[] => {
  if (Array.isArray(logic)) logic.forEach((e) => topFields(e, out));
  else if (logic && typeof logic === 'object') {
    for (const [op, args] of Object.entries(logic)) {
      const name = op === 'var' ? (Array.isArray(args) ? args[0] : args) : undefined;
      if (typeof name === 'string' && name) {
        const head = name.split('.')[0];
        if (!out.includes(head)) out.push(head);
      } else topFields(args, out);
    }
  }
  return out;
};

/** The sentence of a stored condition (never its json-logic). */
export function describeCondition(logic: Logic): ConditionSentence {
  const read = readCondition(logic);
  if (read) {
    const { kind, ...values } = read;
    return { key: kind, values };
  }
  if (logic && typeof logic === 'object' && !Array.isArray(logic) && Object.keys(logic).length === 1) {
    const [op, args] = Object.entries(logic)[0];
    if ((op === 'and' || op === 'or') && Array.isArray(args) && args.length > 0) return { key: op, parts: args.map((a) => describeCondition(a as Logic)) };
    if (op === '!' && (!Array.isArray(args) || args.length === 1)) return { key: 'not', parts: [describeCondition((Array.isArray(args) ? args[0] : args) as Logic)] };
  }
  if (logic === true) return { key: 'always' };
  if (logic === false) return { key: 'never' };
  return { key: 'custom', values: { field: '', fields: topFields(logic) } };
}
