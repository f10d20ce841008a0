import type { LocaleFile } from '../types';

/** True when the dotted `path` (without namespace) names a string in a locale file. */
export function hasKey(file: LocaleFile | undefined, path: string): boolean {
  let node: unknown = file;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return false;
    // Own keys only: `constructor` or `toString` must not find what every object inherits.
    node = Object.hasOwn(node, part) ? (node as Record<string, unknown>)[part] : undefined;
  }
  return typeof node === 'string';
}
