import type { Lang, LocaleBundles, Translate } from '../types';
import { interpolate } from './interpolate';
import { lookupKey } from './lookup-key';

/**
 * A `Translate` over locale bundles (namespace = file name = first key segment), with i18next's
 * `{{name}}` interpolation. A missing key returns the key itself so gaps are visible, never blank.
 * The browser uses i18next; the server and the scripts use this.
 */
export function createTranslate(bundles: LocaleBundles, lang: Lang): Translate {
  const plurals = new Intl.PluralRules(lang);
  return (key, params) => {
    const [namespace, ...rest] = key.split('.');
    const bundle = bundles[lang]?.[namespace];
    // i18next's plural keys: with a numeric `count`, `<key>_<category>` (`_one` in en) wins when
    // the language has it; languages without plural forms (ja, zh) keep the plain key.
    const count = params?.count;
    const plural = typeof count === 'number' ? lookupKey(bundle, [...rest.slice(0, -1), `${rest[rest.length - 1]}_${plurals.select(count)}`]) : undefined;
    const value = typeof plural === 'string' ? plural : lookupKey(bundle, rest);
    if (typeof value !== 'string') return key;
    return interpolate(value, params);
  };
}
