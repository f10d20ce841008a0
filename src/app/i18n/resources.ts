import type { Resource } from 'i18next';

// Every locale file is bundled at build time; the file name is the key prefix
// (locales/en/app.json → app.*), see docs/ARCHITECTURE.md "Translations".
const files = import.meta.glob<Record<string, unknown>>('/locales/*/*.json', { eager: true, import: 'default' });

/** Builds i18next resources (one `translation` namespace per language) from `locales/<lang>/<prefix>.json`. */
export function buildResources(modules: Record<string, Record<string, unknown>> = files): Resource {
  const resources: Record<string, { translation: Record<string, unknown> }> = {};
  for (const [path, content] of Object.entries(modules)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, lang, prefix] = match;
    resources[lang] ??= { translation: {} };
    resources[lang].translation[prefix] = content;
  }
  return resources;
}
