import type { Logic } from '../types';

/** Operators whose later arguments run with each array item as data. */
const ITEM_SCOPED = new Set(['map', 'filter', 'all', 'none', 'some', 'reduce']);

/** A `var` reference and whether it is relative to an array item. */
export interface VarRef {
  path: string;
  /** Set when the var is inside map/filter/…: the array expression's var path. */
  itemOf?: string;
}

function varPath(args: unknown): string | null {
  const first = Array.isArray(args) ? args[0] : args;
  if (typeof first === 'string') return first;
  if (typeof first === 'number') return String(first);
  return null;
}

/** Every `var` a rule reads (and `missing` names), with item-scoped ones marked. */
export function collectVars(logic: Logic, itemOf?: string, out: VarRef[] = []): VarRef[] {
  if (Array.isArray(logic)) {
    for (const entry of logic) collectVars(entry, itemOf, out);
    return out;
  }
  if (!logic || typeof logic !== 'object') return out;
  for (const [op, args] of Object.entries(logic as Record<string, unknown>)) {
    if (op === 'var') {
      const path = varPath(args);
      if (path !== null && path !== '') out.push({ path, itemOf });
      if (Array.isArray(args) && args.length > 1) collectVars(args[1], itemOf, out);
    } else if (op === 'missing' || op === 'missing_some') {
      const names = op === 'missing' ? args : Array.isArray(args) ? args[1] : [];
      for (const name of Array.isArray(names) ? names : [names]) if (typeof name === 'string') out.push({ path: name, itemOf });
    } else if (ITEM_SCOPED.has(op) && Array.isArray(args)) {
      collectVars(args[0], itemOf, out);
      const arrayVar = args[0] && typeof args[0] === 'object' ? varPath((args[0] as Record<string, unknown>).var) : null;
      for (const inner of args.slice(1)) collectVars(inner, arrayVar ?? '*', out);
    } else {
      collectVars(args, itemOf, out);
    }
  }
  return out;
}

/** Every operator name used in a rule (for the checker). */
export function collectOperators(logic: Logic, out: Set<string> = new Set()): Set<string> {
  if (Array.isArray(logic)) {
    for (const entry of logic) collectOperators(entry, out);
  } else if (logic && typeof logic === 'object') {
    const keys = Object.keys(logic as object);
    // json-logic treats only single-key objects as operations; other objects are data.
    if (keys.length === 1) {
      out.add(keys[0]);
      collectOperators((logic as Record<string, unknown>)[keys[0]], out);
    }
  }
  return out;
}
