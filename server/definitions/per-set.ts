import type { DefinitionSet } from '../../src/engine';

/**
 * `derive` computed once per definition set: a set is never changed, so what is derived from it
 * (statistics facts, file-field names, the OpenAPI document) is cached by the set itself and
 * recomputed only when a refresh swaps in a new one.
 */
export function perSet<T>(derive: (set: DefinitionSet) => T): (set: DefinitionSet) => T {
  const cache = new WeakMap<DefinitionSet, T>();
  return (set) => {
    if (!cache.has(set)) cache.set(set, derive(set));
    return cache.get(set) as T;
  };
}
