/** The languages Ringi ships, in the order the language picker lists them. */
export const LANGUAGES = ['en', 'ja', 'zh'] as const;

/** One of Ringi's languages. */
export type Language = (typeof LANGUAGES)[number];

/** The spec's stored default language. */
export const DEFAULT_LANGUAGE: Language = 'ja';

/** localStorage key of the chosen language. */
export const LANGUAGE_STORAGE_KEY = 'ringi.lang';

/** Narrows any string to a Ringi language, falling back to the default. */
export function toLanguage(value: string | null | undefined): Language {
  const short = (value ?? '').slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(short) ? (short as Language) : DEFAULT_LANGUAGE;
}

/** The app's own locale files (`locales/<lang>/<part>.json`), bundled with the app (resources.ts); module locales come with each definition. */
export const APP_LOCALE_PARTS = ['app', 'engine', 'statistic', 'studio'] as const;
