import { createContext, useContext, useRef } from 'react';

/**
 * The label keys chosen by the module's `labels` rules for the current data
 * (`runtime.labels(formData)`), keyed by field or dot path. Empty when no rule matches.
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

function sameLabels(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/**
 * `labels` with a stable identity while its content is unchanged: the labels are evaluated on
 * every keystroke, and a new context value would re-render every memoized row.
 */
export function useStableLabels(labels: Record<string, string>): Record<string, string> {
  const ref = useRef(labels);
  if (!sameLabels(ref.current, labels)) ref.current = labels;
  return ref.current;
}
