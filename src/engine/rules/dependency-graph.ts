import type { ChangedPath, Logic } from '../types';

/**
 * What a rule reads, as path patterns over the form data: field names, `*` for any array index,
 * `#` for an array's length (which items there are, not what is in them). `['**']` means the
 * whole data (a var whose path is computed at run time), `['$external']` the rule context
 * (`$parent`, `$context`).
 */
export type ReadPath = readonly string[];

const EVERYTHING: ReadPath = ['**'];
const EXTERNAL: ReadPath = ['$external'];

/** Operators whose later arguments run with each array item as data (`reduce`: {current, accumulator}). */
const ITEM_SCOPED = new Set(['map', 'filter', 'all', 'none', 'some', 'reduce']);

/** The item scope a var is read in: the array's item pattern, `null` outside any array, `unknown` for a computed array. */
type Scope = { item: ReadPath; reduce: boolean } | null | 'unknown';

function literalPath(args: unknown): string | null {
  const first = Array.isArray(args) ? args[0] : args;
  if (typeof first === 'string') return first;
  if (typeof first === 'number') return String(first);
  return null;
}

const split = (path: string): string[] => (path === '' ? [] : path.split('.'));

/** The data path a `var` reads in `scope`, or null when it reads nothing of the data. */
function resolveVar(path: string, scope: Scope): ReadPath | null {
  if (scope === 'unknown') return null; // the computed array's own reads cover its items
  if (!scope) {
    if (path === '') return EVERYTHING;
    const parts = split(path);
    return parts[0] === '$parent' || parts[0] === '$context' ? EXTERNAL : parts;
  }
  const parts = split(path);
  if (!scope.reduce) return [...scope.item, ...parts];
  // reduce's data is { current, accumulator }: only `current…` reads the array.
  return parts[0] === 'current' ? [...scope.item, ...parts.slice(1)] : null;
}

/** The array a plain `{ var: 'rows' }` argument names in `scope`, or null for any other expression. */
function arrayOf(expr: unknown, scope: Scope): ReadPath | null {
  if (!expr || typeof expr !== 'object' || Array.isArray(expr)) return null;
  const keys = Object.keys(expr);
  if (keys.length !== 1 || keys[0] !== 'var') return null;
  const path = literalPath((expr as { var: unknown }).var);
  if (path === null) return null;
  const resolved = resolveVar(path, scope);
  return resolved && resolved !== EVERYTHING && resolved !== EXTERNAL ? resolved : null;
}

const isOp = (logic: unknown, op: string) =>
  Boolean(logic) && typeof logic === 'object' && !Array.isArray(logic) && Object.keys(logic as object).length === 1 && op in (logic as object);

/** map/filter/all/none/some/reduce: the array's items, then the per-item expression in the item scope. */
function walkItemScoped(op: string, list: unknown[], scope: Scope, out: ReadPath[], counted: boolean): void {
  const array = arrayOf(list[0], scope);
  if (array) out.push([...array, '#']);
  else walk(list[0], scope, out);
  const inner: Scope = array ? { item: [...array, '*'], reduce: op === 'reduce' } : 'unknown';
  walk(list[1], inner, out);
  // filter's result is the items themselves: whoever uses it may read any of their fields.
  if (op === 'filter' && array && !counted) out.push([...array, '*']);
  for (const rest of list.slice(2)) walk(rest, scope, out);
}

function walk(logic: unknown, scope: Scope, out: ReadPath[]): void {
  if (Array.isArray(logic)) {
    for (const entry of logic) walk(entry, scope, out);
    return;
  }
  if (!logic || typeof logic !== 'object') return;
  const entries = Object.entries(logic as Record<string, unknown>);
  // json-logic treats only single-key objects as operations; other objects are data.
  if (entries.length !== 1) return;
  const [op, args] = entries[0];
  const list = Array.isArray(args) ? args : [args];
  if (op === 'var') {
    const path = literalPath(args);
    if (path === null) out.push(EVERYTHING);
    else {
      const read = resolveVar(path, scope);
      if (read) out.push(read);
    }
    if (Array.isArray(args) && args.length > 1) walk(args[1], scope, out);
    return;
  }
  if (op === 'missing' || op === 'missing_some') {
    const names = op === 'missing' ? list : Array.isArray(list[1]) ? list[1] : [];
    for (const name of names) {
      const read = typeof name === 'string' ? resolveVar(name, scope) : null;
      if (read) out.push(read);
      else if (typeof name !== 'string') walk(name, scope, out);
    }
    return;
  }
  if (ITEM_SCOPED.has(op)) {
    walkItemScoped(op, list, scope, out, false);
    return;
  }
  if (op === 'count' && isOp(list[0], 'filter')) {
    // count(filter(rows, cond)) reads which items there are and what cond reads, not whole items.
    const filter = (list[0] as { filter: unknown }).filter;
    walkItemScoped('filter', Array.isArray(filter) ? filter : [filter], scope, out, true);
    return;
  }
  if (op === 'sum' || op === 'count') {
    const array = arrayOf(list[0], scope);
    if (array) {
      out.push([...array, '#']);
      if (op === 'sum') out.push(typeof list[1] === 'string' ? [...array, '*', list[1]] : [...array, '*']);
      for (const rest of list.slice(op === 'sum' && typeof list[1] === 'string' ? 2 : 1)) walk(rest, scope, out);
      return;
    }
  }
  walk(args, scope, out);
}

/** Every place in the data a rule reads (see `ReadPath`), without duplicates. */
export function ruleReads(logic: Logic): ReadPath[] {
  const out: ReadPath[] = [];
  walk(logic, null, out);
  const seen = new Set<string>();
  return out.filter((path) => {
    const key = path.join('\u0000');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Whether a change at `changed` can alter what `read` reads: one is inside the other, `*`
 * matching any index; `#` (the length) is touched only by a change of the whole array or above.
 */
export function touches(read: ReadPath, changed: ChangedPath): boolean {
  // A rule reading the context (`$parent`, `$context`) runs on every change, as it always has:
  // sub-forms fill fields from their parent on the first edit.
  if (read[0] === '**' || read[0] === '$external') return true;
  const n = Math.min(read.length, changed.length);
  for (let i = 0; i < n; i++) {
    const want = read[i];
    if (want === '#') return false;
    const got = String(changed[i]);
    if (want === '*' ? !/^\d+$/.test(got) : want !== got) return false;
  }
  return true;
}

/** Whether any of `reads` is touched by any of `changes` (`null` changes: everything changed). */
export function anyTouched(reads: readonly ReadPath[], changes: readonly ChangedPath[] | null): boolean {
  if (changes === null) return true;
  for (const read of reads) for (const change of changes) if (touches(read, change)) return true;
  return false;
}

