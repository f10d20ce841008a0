import type { DefinitionFiles } from '../types';
import { LANGS } from '../types';
import type { ModuleSource } from './module-source';

/**
 * The definition files of a set of module sources, plus the non-module translation namespaces
 * (`engine`, `server`, `app`) from `base`, so the checker, compiler and translators see everything.
 */
export function filesFromSources(sources: Record<string, ModuleSource>, base?: DefinitionFiles['locales']): DefinitionFiles {
  const files: DefinitionFiles = {
    schemas: {}, uiSchemas: {}, rules: {}, processes: {}, attachments: {},
    locales: Object.fromEntries(LANGS.map((lang) => [lang, { ...base?.[lang] }])) as DefinitionFiles['locales'],
  };
  for (const [code, source] of Object.entries(sources)) {
    files.schemas[code] = source.schema;
    files.uiSchemas[code] = source.uiSchema;
    if (source.rules && Object.keys(source.rules).length) files.rules[code] = source.rules;
    for (const lang of LANGS) files.locales[lang][code] = source.locales?.[lang] ?? {};
    if (source.process) files.processes![code] = source.process;
    if (source.attachments) files.attachments![code] = source.attachments;
  }
  return files;
}
