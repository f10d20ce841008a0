import type { Lang, LocaleBundles, Translate } from '../types';

function lookup(tree: unknown, parts: string[]): unknown {
  let node = tree;
  for (const part of parts) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/**
 * A `Translate` over locale bundles (namespace = file name = first key segment), with i18next's
 * `{{name}}` interpolation. A missing key returns the key itself so gaps are visible, never blank.
 * The browser uses i18next; the server and the scripts use this.
 */
export function createTranslate(bundles: LocaleBundles, lang: Lang): Translate {
  return (key, params) => {
    const [namespace, ...rest] = key.split('.');
    const value = lookup(bundles[lang]?.[namespace], rest);
    if (typeof value !== 'string') return key;
    return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params?.[name] ?? ''));
  };
}
