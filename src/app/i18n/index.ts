export { i18n, i18nReady, currentLanguage, loadLanguage, setLanguage } from './i18n';
export { LANGUAGES, DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, toLanguage, type Language } from './languages';
export { LanguagePicker } from './LanguagePicker';
