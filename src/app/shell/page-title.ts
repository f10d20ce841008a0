import type { TFunction } from 'i18next';
import type { PageTitle } from '../navigation';

/** The text of a page title in the current language (or the title's own fixed language). */
export function pageTitleText(title: PageTitle | undefined, t: TFunction): string {
  if (title === undefined) return '';
  if (typeof title === 'string') return title;
  return t(title.key, { ...title.params, ...(title.fallback !== undefined ? { defaultValue: title.fallback } : {}), ...(title.lng ? { lng: title.lng } : {}) });
}
