import type { LocaleFile } from '../types';

/** True when the dotted `path` (without namespace) names a string in a locale file. */
export function hasKey(file: LocaleFile | undefined, path: string): boolean {
  let node: unknown = file;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string';
}
