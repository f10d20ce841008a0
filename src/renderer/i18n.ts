import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompiledModule, Lang, Translate } from '../engine';
import { interpolate } from '../engine/i18n/interpolate';
import { keepWordsIn } from '../engine/i18n/keep-words';
import { lookupKey as lookup } from '../engine/i18n/lookup-key';


/** The translations a module carries for `namespace` (itself or one of its sub-forms). */
function moduleNamespace(module: CompiledModule | undefined, namespace: string, lang: Lang): unknown {
  if (!module) return undefined;
  if (module.code === namespace) return module.translations?.[lang];
  for (const sub of Object.values(module.subForms ?? {})) {
    const found = moduleNamespace(sub, namespace, lang);
    if (found) return found;
  }
  return undefined;
}

/**
 * The renderer's `Translate`. Module keys (`purchase.currency_id.label`) come from the compiled
 * module's own translations, so a module added at run time (not in the app bundle) still has
 * its labels; everything else (`engine.*`) comes from the app's i18next instance. A missing
 * key shows the key itself, never a blank.
 */
export function useRendererT(module?: CompiledModule): Translate {
  const { t, i18n } = useTranslation();
  const lang = (['en', 'ja', 'zh'].includes(i18n.language) ? i18n.language : 'ja') as Lang;
  return useCallback<Translate>(
    (key, params) => {
      const [namespace, ...rest] = key.split('.');
      const own = lookup(moduleNamespace(module, namespace, lang), rest);
      // Chinese words kept whole at line ends, as the app's own texts are (keep-words.ts).
      if (typeof own === 'string') return interpolate(keepWordsIn(lang, own), params);
      return String(t(key, { ...params, defaultValue: key }));
    },
    [module, lang, t],
  );
}
