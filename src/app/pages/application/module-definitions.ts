import type { CompiledModule, Lang } from '../../../engine';
import { keepWordsIn } from '../../../engine/i18n/keep-words';
import { i18n, LANGUAGES } from '../../i18n';

export type { Collection } from '../../../wire/common';

/**
 * Adds a compiled module's translations (and its sub-forms') to the app's i18n instance, so
 * app-side texts such as a page title key (`purchase.title`) resolve for a module the server
 * added without a rebuild of the web app. A newer version's texts replace the older ones.
 */
export function registerModuleTranslations(module: CompiledModule): void {
  const visit = (m: CompiledModule) => {
    for (const lang of LANGUAGES) {
      const bundle = m.translations?.[lang];
      if (bundle) i18n.addResourceBundle(lang, 'translation', { [m.code]: bundle }, true, true);
    }
    for (const sub of Object.values(m.subForms ?? {})) visit(sub);
  };
  visit(module);
}

/** A module's title in `lang` from its own translations (Chinese words kept whole), else its code. */
export function moduleTitle(module: CompiledModule, lang: Lang): string {
  const own = (module.translations?.[lang] as { title?: unknown } | undefined)?.title;
  return typeof own === 'string' ? keepWordsIn(lang, own) : module.code;
}
