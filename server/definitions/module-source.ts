import { contentHash, filesFromSources, LANGS, type DefinitionFiles, type Lang, type LocaleFile, type ModuleSource } from '../../src/engine';

export type { ModuleSource };

/** One source per module code found in the files (a code is a module when it has a schema or UI schema). */
export function sourcesFromFiles(files: DefinitionFiles): Record<string, ModuleSource> {
  const codes = [...new Set([...Object.keys(files.schemas), ...Object.keys(files.uiSchemas)])].sort();
  return Object.fromEntries(codes.map((code) => [code, {
    code,
    schema: files.schemas[code] ?? {},
    uiSchema: files.uiSchemas[code] ?? {},
    rules: files.rules[code] ?? {},
    locales: Object.fromEntries(LANGS.map((lang) => [lang, files.locales[lang]?.[code] ?? {}])) as Record<Lang, LocaleFile>,
    process: files.processes?.[code] ?? null,
    attachments: files.attachments?.[code] ?? null,
  } satisfies ModuleSource]));
}

export { filesFromSources };

/** The content hash a published version is compared by (key order never matters). */
export function sourceHash(source: ModuleSource): string {
  const { code, schema, uiSchema, rules, locales, process, attachments } = source;
  return contentHash({ code, schema, uiSchema, rules, locales, process, attachments });
}
