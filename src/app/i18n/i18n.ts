import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { buildResources } from './resources';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, toLanguage, type Language } from './languages';

/** Reads the stored language; storage may be unavailable (private mode), then the default applies. */
function storedLanguage(): Language {
  try {
    return toLanguage(localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** Keeps `document.title`, `<html lang>` and the stored choice in step with the language. */
function reflectLanguage(instance: I18n, lng: string): void {
  const language = toLanguage(lng);
  if (typeof document !== 'undefined') {
    document.title = instance.t('app.documentTitle', { lng: language });
    document.documentElement.lang = language;
  }
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage refused: the language still applies for this visit.
  }
}

/**
 * The app's single i18next instance, initialised synchronously with every bundled locale.
 * Keys are `<file>.<path>`, e.g. `app.login.submit`; values interpolate `{{n}}`.
 */
export const i18n: I18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: buildResources(),
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
reflectLanguage(i18n, i18n.language);
i18n.on('languageChanged', (lng) => reflectLanguage(i18n, lng));

/** The current language as one of Ringi's three. */
export function currentLanguage(): Language {
  return toLanguage(i18n.language);
}

/** Switches the language; the title, `<html lang>` and `ringi.lang` follow. */
export async function setLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
}
