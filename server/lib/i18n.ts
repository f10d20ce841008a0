import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from './project-root';
import { createTranslate, LANGS, type Lang, type LocaleBundles, type Translate } from '../../src/engine';

const localesDir = join(PROJECT_ROOT, 'locales');

let bundles: LocaleBundles | undefined;

/** The server's own messages (`locales/<lang>/server.json`), read once. */
function serverBundles(): LocaleBundles {
  if (!bundles) {
    const load = (lang: Lang) => JSON.parse(readFileSync(join(localesDir, lang, 'server.json'), 'utf8'));
    bundles = Object.fromEntries(LANGS.map((lang) => [lang, { server: load(lang) }])) as unknown as LocaleBundles;
  }
  return bundles;
}

const translators = new Map<Lang, Translate>();

/** Translates `server.*` keys in one language (a missing key comes back as the key); one translator per language, made once (every request and mail asks). */
export function serverTranslate(lang: Lang): Translate {
  let t = translators.get(lang);
  if (!t) {
    t = createTranslate(serverBundles(), lang);
    translators.set(lang, t);
  }
  return t;
}

/** The language of a request from its `Accept-Language` header; Ringi's default is ja. */
export function requestLanguage(header: string | string[] | undefined): Lang {
  const value = Array.isArray(header) ? header[0] : header;
  for (const part of (value ?? '').split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if ((LANGS as readonly string[]).includes(code)) return code as Lang;
  }
  return 'ja';
}
