import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { keepWordsIn, keepWordsTogether } from '../../engine/i18n/keep-words';
import { loadAppLocales } from './resources';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, toLanguage, type Language } from './languages';

/** The first of the browser's languages that Ringi ships, else the default (ja). */
function browserLanguage(): Language {
  const preferred = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  const found = preferred.map((lng) => (lng ?? '').slice(0, 2).toLowerCase()).find((lng) => (LANGUAGES as readonly string[]).includes(lng));
  return found ? toLanguage(found) : DEFAULT_LANGUAGE;
}

/**
 * The chosen language; none chosen yet: the browser's (the login page follows it), else ja.
 * Storage may be unavailable (private mode): then the browser's language applies too.
 */
function storedLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return stored ? toLanguage(stored) : browserLanguage();
  } catch {
    return browserLanguage();
  }
}

/** Keeps `document.title` and `<html lang>` in step with the language. */
function reflectLanguage(instance: I18n, lng: string): void {
  const language = toLanguage(lng);
  if (typeof document !== 'undefined') {
    document.title = instance.t('app.documentTitle', { lng: language });
    document.documentElement.lang = language;
  }
}

/** Stores a chosen language (only a choice: the start-up never overwrites what another tab stored). */
function storeLanguage(lng: string): void {
  const language = toLanguage(lng);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage refused: the language still applies for this visit.
  }
}

/**
 * The app's single i18next instance. Keys are `<file>.<path>`, e.g. `app.login.submit`; values
 * interpolate `{{n}}`. A language's texts are loaded on first use (`loadLanguage`); the app renders
 * once the stored language is in (`i18nReady`).
 */
export const i18n: I18n = i18next.createInstance();

/**
 * Chinese words kept whole in texts the app did not bundle: a module's translations, registered
 * when its definition arrives (`registerModuleTranslations`), are joined as they are read — once
 * per text — rather than all at once on Home. The app's own texts are joined when they load.
 */
const keepWords = {
  type: 'postProcessor' as const,
  name: 'keepWords',
  process: (value: string, _key: string | string[], options: { lng?: string }, translator: { language?: string }) =>
    (typeof value === 'string' ? keepWordsIn(options?.lng ?? translator.language ?? '', value) : value),
};

void i18n.use(initReactI18next).use(keepWords).init({
  postProcess: [keepWords.name],
  resources: {},
  partialBundledLanguages: true,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

const loading = new Map<Language, Promise<void>>();

/** Loads a language's app texts once (a failed load is tried again on the next call). */
export function loadLanguage(language: Language): Promise<void> {
  let pending = loading.get(language);
  if (!pending) {
    pending = loadAppLocales(language).then((parts) => {
      // Chinese words kept whole at line ends (keep-words.ts); other languages as they are.
      i18n.addResourceBundle(language, 'translation', keepWordsTogether(language, parts), true, true);
    });
    pending.catch(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}

/** Resolves when the stored language's texts are loaded; the title and `<html lang>` then follow. */
export const i18nReady: Promise<void> = loadLanguage(toLanguage(i18n.language)).then(() => reflectLanguage(i18n, i18n.language));
i18n.on('languageChanged', (lng) => {
  reflectLanguage(i18n, lng);
  storeLanguage(lng);
});

/** The current language as one of Ringi's three. */
export function currentLanguage(): Language {
  return toLanguage(i18n.language);
}

/** The language asked for last: a slower load of an earlier choice must not win over it. */
let chosen: Language | null = null;

/**
 * Switches the language once its texts are loaded; the title, `<html lang>` and `ringi.lang`
 * follow. The last choice wins: picking en and then zh before en's texts arrive ends in zh.
 */
export async function setLanguage(language: Language): Promise<void> {
  chosen = language;
  await loadLanguage(language);
  await i18nReady;
  if (chosen === language) await i18n.changeLanguage(language);
}
