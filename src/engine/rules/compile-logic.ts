import jsonLogic from 'json-logic-js';
import type { Logic, RuleContext } from '../types';
import { CUSTOM_OPERATIONS, registerOperations } from './operations';
import { budgetSpent, charge, meter } from './step-budget';

registerOperations();

/**
 * A json-logic expression turned into a function of its data. Called with a rule context, the
 * data is a form's (or item's) data and the rule also sees `$parent` (`context.parent ?? {}`) and
 * `$context` — what `jsonLogic.apply(logic, {...data, $parent, $context})` sees, without building
 * that object for every rule. Without a context, the data is all there is (item scopes of
 * `map`/`filter`/…, exactly as json-logic-js gives them).
 */
export type CompiledLogic = (data: any, context?: RuleContext) => unknown;

/** The object json-logic-js would have been given. */
function scopeOf(data: any, context: RuleContext | undefined): any {
  return context ? { ...data, $parent: context.parent ?? {}, $context: context } : data;
}

/**
 * json-logic compiled once into nested closures, so a rule evaluated for every item of a
 * 1000-item list is not re-parsed (operator lookup, argument arrays, `Object.keys`) each time.
 * Closures only — no generated source, no `new Function`/`eval` — so the same code runs under
 * the browser's strict Content-Security-Policy and on the server.
 *
 * The semantics are json-logic-js 2.0.5's, operator for operator (truthiness, `var` paths and
 * defaults, short-circuiting `if`/`and`/`or`, item scopes of `map`/`filter`/`all`/`none`/`some`,
 * `reduce`'s `{current, accumulator}`); Ringi's custom operations are called as registered.
 * Anything else (`missing`, `missing_some`, dotted or unknown operators) is handed to
 * `jsonLogic.apply` for that sub-expression, so it behaves — and throws — exactly as before.
 * `tests/engine/compile-logic.test.ts` compares both over every rule of every definition.
 */
export function compileLogic(logic: Logic): CompiledLogic {
  if (logic === null || typeof logic !== 'object') return () => logic;
  let fn = cache.get(logic);
  if (!fn) {
    fn = build(logic);
    cache.set(logic, fn);
  }
  return fn;
}

/**
 * Every evaluated node costs one step of the running budget (`step-budget.ts`): each closure
 * `build` returns calls this first, before its arguments are evaluated. Called inline rather
 * than through a wrapper closure per node, which doubled the calls of every evaluation.
 */
function step(): void {
  if (--meter.left < 0) throw budgetSpent();
}

/** What an argument costs an operation beyond its node: arrays by length, long strings by 64 characters. */
function size(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  return typeof value === 'string' ? value.length >> 6 : 0;
}

function sized(value: unknown): unknown {
  const n = size(value);
  if (n) charge(n);
  return value;
}

const cache = new WeakMap<object, CompiledLogic>();

function truthy(value: unknown): boolean {
  if (Array.isArray(value) && value.length === 0) return false;
  return !!value;
}

function isLogic(logic: unknown): logic is Record<string, unknown> {
  return typeof logic === 'object' && logic !== null && !Array.isArray(logic) && Object.keys(logic).length === 1;
}

/** json-logic-js's `var`: a dotted path (split once here), `null` or the default when missing. */
function compileVar(values: unknown[]): CompiledLogic {
  const [first, second] = values;
  const constant = (v: unknown) => v === null || typeof v !== 'object';
  if (values.length > 2 || !constant(first) || !constant(second)) {
    const args = values.map((v) => compileLogic(v));
    return (data, context) => {
      step();
      const evaluated = args.map((arg) => arg(data, context));
      return readVar(scopeOf(data, context), evaluated[0], evaluated[1]);
    };
  }
  if (first === undefined || first === '' || first === null) {
    return (data, context) => {
      step();
      return scopeOf(data, context);
    };
  }
  const notFound = second === undefined ? null : second;
  const parts = String(first).split('.');
  const head = parts[0];
  const rest = parts.slice(1);
  const descend = (start: any): unknown => {
    let current = start;
    for (const part of rest) {
      if (current === null || current === undefined) return notFound;
      current = current[part];
      if (current === undefined) return notFound;
    }
    return current;
  };
  if (head === '$parent' || head === '$context') {
    const fromContext = head === '$parent' ? (context: RuleContext) => context.parent ?? {} : (context: RuleContext) => context;
    return (data, context) => {
      step();
      if (context) return descend(fromContext(context));
      if (data === null || data === undefined) return notFound;
      const value = data[head];
      return value === undefined ? notFound : descend(value);
    };
  }
  return (data) => {
    step();
    if (data === null || data === undefined) return notFound;
    const value = data[head];
    return value === undefined ? notFound : descend(value);
  };
}

function readVar(data: any, a: unknown, b: unknown): unknown {
  const notFound = b === undefined ? null : b;
  if (typeof a === 'undefined' || a === '' || a === null) return data;
  let current = data;
  for (const part of String(a).split('.')) {
    if (current === null || current === undefined) return notFound;
    current = current[part];
    if (current === undefined) return notFound;
  }
  return current;
}

/** json-logic-js's own operators that take evaluated arguments (copied semantics). */
const BUILT_INS: Record<string, (...args: any[]) => unknown> = {
  '==': (a, b) => a == b, // eslint-disable-line eqeqeq -- json-logic's `==` is loose equality by definition
  '===': (a, b) => a === b,
  '!=': (a, b) => a != b, // eslint-disable-line eqeqeq -- json-logic's `!=` is loose inequality by definition
  '!==': (a, b) => a !== b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
  '<': (a, b, c) => (c === undefined ? a < b : a < b && b < c),
  '<=': (a, b, c) => (c === undefined ? a <= b : a <= b && b <= c),
  '!!': (a) => truthy(a),
  '!': (a) => !truthy(a),
  '%': (a, b) => a % b,
  log: (a) => {
    console.log(a);
    return a;
  },
  in: (a, b) => {
    if (!b || typeof b.indexOf === 'undefined') return false;
    return b.indexOf(a) !== -1;
  },
  cat: (...args) => args.join(''),
  substr: (source, start, end) => {
    if (end < 0) {
      const temp = String(source).substr(start);
      return temp.substr(0, temp.length + end);
    }
    return String(source).substr(start, end);
  },
  '+': (...args) => args.reduce((a: any, b: any) => parseFloat(a) + parseFloat(b), 0),
  '*': (...args) => {
    if (args.length === 0) throw new TypeError('Reduce of empty array with no initial value');
    return args.reduce((a: any, b: any) => parseFloat(a) * parseFloat(b));
  },
  '-': (a, b) => (b === undefined ? -a : a - b),
  '/': (a, b) => a / b,
  min: (...args) => Math.min(...args),
  max: (...args) => Math.max(...args),
  merge: (...args) => args.reduce((a: unknown[], b: unknown) => a.concat(b), []),
};

/** An operation over evaluated arguments; each argument's size is charged (growth through `merge`, `cat`, …). */
function call(fn: (...args: any[]) => unknown, args: CompiledLogic[]): CompiledLogic {
  switch (args.length) {
    case 0:
      return () => {
        step();
        return fn();
      };
    case 1: {
      const [a] = args;
      return (data, context) => {
        step();
        return fn(sized(a(data, context)));
      };
    }
    case 2: {
      const [a, b] = args;
      return (data, context) => {
        step();
        return fn(sized(a(data, context)), sized(b(data, context)));
      };
    }
    case 3: {
      const [a, b, c] = args;
      return (data, context) => {
        step();
        return fn(sized(a(data, context)), sized(b(data, context)), sized(c(data, context)));
      };
    }
    default:
      return (data, context) => {
        step();
        return fn(...args.map((arg) => sized(arg(data, context))));
      };
  }
}

function build(logic: object): CompiledLogic {
  if (Array.isArray(logic)) {
    const parts = logic.map((entry) => compileLogic(entry));
    return (data, context) => {
      step();
      return parts.map((part) => part(data, context));
    };
  }
  if (!isLogic(logic)) {
    return () => {
      step();
      return logic;
    };
  }
  const op = Object.keys(logic)[0];
  const raw = logic[op];
  const values: unknown[] = Array.isArray(raw) ? raw : [raw];
  const args = () => values.map((v) => compileLogic(v));

  switch (op) {
    case 'var':
      return compileVar(values);
    case 'if':
    case '?:': {
      const parts = args();
      return (data, context) => {
        step();
        let i: number;
        for (i = 0; i < parts.length - 1; i += 2) {
          if (truthy(parts[i](data, context))) return parts[i + 1](data, context);
        }
        if (parts.length === i + 1) return parts[i](data, context);
        return null;
      };
    }
    case 'and': {
      const parts = args();
      return (data, context) => {
        step();
        let current: unknown;
        for (const part of parts) {
          current = part(data, context);
          if (!truthy(current)) return current;
        }
        return current;
      };
    }
    case 'or': {
      const parts = args();
      return (data, context) => {
        step();
        let current: unknown;
        for (const part of parts) {
          current = part(data, context);
          if (truthy(current)) return current;
        }
        return current;
      };
    }
    case 'filter':
    case 'map':
    case 'all':
    case 'none':
    case 'some': {
      const source = compileLogic(values[0]);
      const scoped = compileLogic(values[1]);
      if (op === 'filter') return (data, context) => {
        step();
        const items = source(data, context);
        return Array.isArray(items) ? items.filter((item) => truthy(scoped(item))) : [];
      };
      if (op === 'map') return (data, context) => {
        step();
        const items = source(data, context);
        return Array.isArray(items) ? items.map((item) => scoped(item)) : [];
      };
      if (op === 'all') return (data, context) => {
        step();
        const items = source(data, context);
        if (!Array.isArray(items) || !items.length) return false;
        for (const item of items) if (!truthy(scoped(item))) return false;
        return true;
      };
      if (op === 'none') return (data, context) => {
        step();
        const items = source(data, context);
        if (!Array.isArray(items) || !items.length) return true;
        for (const item of items) if (truthy(scoped(item))) return false;
        return true;
      };
      return (data, context) => {
        step();
        const items = source(data, context);
        if (!Array.isArray(items) || !items.length) return false;
        for (const item of items) if (truthy(scoped(item))) return true;
        return false;
      };
    }
    case 'reduce': {
      const source = compileLogic(values[0]);
      const scoped = compileLogic(values[1]);
      const initial = typeof values[2] !== 'undefined' ? compileLogic(values[2]) : () => null;
      return (data, context) => {
        step();
        const items = source(data, context);
        const start = initial(data, context);
        if (!Array.isArray(items)) return start;
        return items.reduce((accumulator, current) => scoped({ current, accumulator }), start);
      };
    }
    default:
      break;
  }
  const own = Object.prototype.hasOwnProperty;
  if (own.call(CUSTOM_OPERATIONS, op)) return call(CUSTOM_OPERATIONS[op], args());
  if (own.call(BUILT_INS, op)) return call(BUILT_INS[op], args());
  // missing, missing_some, dotted and unknown operators: json-logic-js itself, as before.
  return (data, context) => {
    step();
    return jsonLogic.apply(logic as never, scopeOf(data, context));
  };
}
