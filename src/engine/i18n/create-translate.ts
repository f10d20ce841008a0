import type { Lang, LocaleBundles, Translate } from '../types';
import { interpolate } from './interpolate';
import { lookupKey } from './lookup-key';

/**
 * A `Translate` over locale bundles (namespace = file name = first key segment), with i18next's
 * `{{name}}` interpolation. A missing key returns the key itself so gaps are visible, never blank.
 * The browser uses i18next; the server and the scripts use this.
 */
export function createTranslate(bundles: LocaleBundles, lang: Lang): Translate {
  return (key, params) => {
    const [namespace, ...rest] = key.split('.');
    const value = lookupKey(bundles[lang]?.[namespace], rest);
    if (typeof value !== 'string') return key;
    return interpolate(value, params);
  };
}
