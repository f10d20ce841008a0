import type { TFunction } from 'i18next';
import type { PageTitle } from '../navigation';

/** The text of a page title in `language` (or the title's own fixed language). */
export function pageTitleText(title: PageTitle | undefined, t: TFunction, language: string): string {
  if (title === undefined) return '';
  if (typeof title === 'string') return title;
  const lng = title.lng ?? language;
  const texts = Object.fromEntries(Object.entries(title.texts ?? {}).flatMap(([name, byLanguage]) => {
    const text = (byLanguage as Partial<Record<string, string>>)[lng];
    return text ? [[name, text]] : [];
  }));
  return t(title.key, { ...title.params, ...texts, ...(title.fallback !== undefined ? { defaultValue: title.fallback } : {}), ...(title.lng ? { lng: title.lng } : {}) });
}
