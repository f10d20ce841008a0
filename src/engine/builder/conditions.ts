import type { Logic } from '../types';

/**
 * A condition as a person states it, turned into json-logic by `conditionLogic`: the builder's
 * guided choices (blank, not blank, greater than, before/after another date, one of …).
 */
export type Condition =
  | { kind: 'blank'; field: string }
  | { kind: 'notBlank'; field: string }
  | { kind: 'greaterThan'; field: string; value: number }
  | { kind: 'lessThan'; field: string; value: number }
  | { kind: 'longerThan'; field: string; value: number }
  | { kind: 'before'; field: string; other: string }
  | { kind: 'after'; field: string; other: string }
  | { kind: 'oneOf'; field: string; values: Array<string | number | boolean> }
  | { kind: 'checked'; field: string }
  | { kind: 'notChecked'; field: string };

/** Every kind, in the order the builder offers them. */
export const CONDITION_KINDS: ReadonlyArray<Condition['kind']> = ['blank', 'notBlank', 'greaterThan', 'lessThan', 'longerThan', 'before', 'after', 'oneOf', 'checked', 'notChecked'];

const v = (field: string) => ({ var: field });

/** The json-logic of a condition (the form data as its data). */
export function conditionLogic(c: Condition): Logic {
  switch (c.kind) {
    case 'blank': return { blank: [v(c.field)] };
    case 'notBlank': return { '!': [{ blank: [v(c.field)] }] };
    case 'greaterThan': return { '>': [{ to_number: [v(c.field)] }, c.value] };
    case 'lessThan': return { '<': [{ to_number: [v(c.field)] }, c.value] };
    case 'longerThan': return { '>': [{ length: [v(c.field)] }, c.value] };
    case 'before': return { date_before: [v(c.field), v(c.other)] };
    case 'after': return { date_after: [v(c.field), v(c.other)] };
    case 'oneOf': return { in: [v(c.field), c.values] };
    case 'checked': return { '==': [v(c.field), true] };
    case 'notChecked': return { '!=': [v(c.field), true] };
  }
}

/** The fields a condition reads. */
export function conditionFields(c: Condition): string[] {
  return 'other' in c ? [c.field, c.other] : [c.field];
}
