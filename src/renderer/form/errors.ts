import type { Violation } from '../../engine';
import { parsePath, type DataPath } from './paths';

/** Messages of a field and its children, nested like the data (rjsf ErrorSchema's shape). */
export interface ErrorTree {
  __errors?: string[];
  [key: string]: ErrorTree | string[] | undefined;
}

/** Builds the error tree of all violations, so each field can be marked inline. */
export function errorTreeOf(violations: readonly Violation[]): ErrorTree {
  const root: ErrorTree = {};
  for (const violation of violations) {
    const path = violation.propertyPath ? parsePath(violation.propertyPath) : violation.field ? [violation.field] : [];
    let node = root;
    for (const part of path) {
      const key = String(part);
      node[key] ??= {};
      node = node[key] as ErrorTree;
    }
    (node.__errors ??= []).push(violation.message);
  }
  return root;
}

/** The subtree at `key`, if any. */
export function childErrors(tree: ErrorTree | undefined, key: string | number): ErrorTree | undefined {
  return tree?.[String(key)] as ErrorTree | undefined;
}

/** The tree without the messages at `path` (the user changed that value), sharing everything else. */
export function clearErrorsAt(tree: ErrorTree, path: DataPath): ErrorTree {
  if (path.length === 0) return {};
  const [head, ...rest] = path;
  const key = String(head);
  const child = tree[key] as ErrorTree | undefined;
  if (!child) return tree;
  const next = { ...tree };
  if (rest.length === 0) delete next[key];
  else next[key] = clearErrorsAt(child, rest);
  return next;
}
