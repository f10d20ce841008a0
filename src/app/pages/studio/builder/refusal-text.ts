import type { TFunction } from 'i18next';
import type { ModuleSource, Refusal } from '../../../../engine';
import { toLanguage } from '../../../i18n';

/** A key of the draft (`<code>.a.b`) in its own texts, in `lang`; the app's texts otherwise. */
export function draftText(t: TFunction, source: ModuleSource, lang: string, key: string): string {
  const [ns, ...path] = key.split('.');
  if (ns === source.code) {
    let node: unknown = source.locales[toLanguage(lang)];
    for (const part of path) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    if (typeof node === 'string') return node;
  }
  return t(key);
}

/** A builder refusal as a sentence in the UI language (the rule a deletion would break is named). */
export function refusalText(t: TFunction, refusal: Refusal, source: ModuleSource, lang: string): string {
  const values = { ...refusal.values } as Record<string, string | number>;
  if (refusal.refused === 'usedBy') {
    values.rule = t(`studio.builder.ruleKinds.${String(values.kind)}`, { n: values.n });
    const about = String(values.about ?? '');
    values.about = about.includes('.') ? draftText(t, source, lang, about) : about;
  }
  return t(`studio.builder.refused.${refusal.refused}`, values);
}
