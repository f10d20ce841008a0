/**
 * The app's own locale files (`locales/<lang>/<part>.json` → keys `<part>.*`, see
 * docs/ARCHITECTURE.md "Translations"), each language a chunk of its own, loaded when the language
 * is first used. Module locales are not bundled: they arrive with each module definition from the
 * server (`registerModuleTranslations`), so a module published in the studio needs no rebuild.
 */
export { APP_LOCALE_PARTS } from './languages';
import { APP_LOCALE_PARTS } from './languages';

const loaders = import.meta.glob<Record<string, unknown>>('/locales/*/{app,engine,statistic,studio}.json', { import: 'default' });

/** The app's translations in one language, keyed by part (`{ app: {...}, engine: {...}, ... }`). */
export async function loadAppLocales(language: string): Promise<Record<string, Record<string, unknown>>> {
  const parts = await Promise.all(APP_LOCALE_PARTS.map(async (part) => {
    const load = loaders[`/locales/${language}/${part}.json`];
    if (!load) throw new Error(`No ${part} locale for language ${language}`);
    return [part, await load()] as const;
  }));
  return Object.fromEntries(parts);
}
