import { createContext, useContext } from 'react';

/**
 * The label keys chosen by the module's `labels` rules for the current data
 * (`runtime.derive(…).labels`, identity kept while unchanged), keyed by field or dot path. Empty when no rule matches.
 */
export const RuleLabelsContext = createContext<Record<string, string>>({});

/** The rule-chosen label key of a data path, if any: the exact path, then the path without row indexes (`items.0.name` → `items.name`). */
export function ruleLabelKey(labels: Record<string, string>, path: ReadonlyArray<string | number>): string | undefined {
  const dotted = path.join('.');
  if (labels[dotted]) return labels[dotted];
  const withoutIndexes = path.filter((p) => typeof p !== 'number' && !/^\d+$/.test(p)).join('.');
  return labels[withoutIndexes];
}

/** The label key rules chose for `path` in the surrounding form. */
export function useRuleLabelKey(path: ReadonlyArray<string | number>): string | undefined {
  return ruleLabelKey(useContext(RuleLabelsContext), path);
}
