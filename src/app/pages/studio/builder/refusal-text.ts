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

/**
 * A builder refusal as a sentence in the UI language (the rule a deletion would break is named: a
 * route step by its name, another form's computed field with that form's title and the field's label).
 */
export function refusalText(t: TFunction, refusal: Refusal, source: ModuleSource, lang: string, forms: readonly ModuleSource[] = []): string {
  const values = { ...refusal.values } as Record<string, string | number>;
  if (refusal.refused === 'usedBy') {
    const about = String(values.about ?? '');
    const other = values.form === undefined ? undefined : forms.find((f) => f.code === values.form);
    if (values.kind === 'route') {
      const step = (source.process?.steps ?? [])[Number(values.n) - 1];
      values.about = step?.names?.[toLanguage(lang)] || about;
    } else if (other) {
      values.about = draftText(t, other, lang, `${other.code}.${about}.label`);
    } else {
      values.about = about.includes('.') ? draftText(t, source, lang, about) : about;
    }
    values.rule = other
      ? t('studio.builder.ruleKinds.computedIn', { n: values.n, form: draftText(t, other, lang, `${other.code}.title`) })
      : t(`studio.builder.ruleKinds.${String(values.kind)}`, { n: values.n });
  }
  return t(`studio.builder.refused.${refusal.refused}`, values);
}
