import { compileModules, createTranslate, type CompiledModule, type DefinitionFiles, type Lang, type Problem, type Translate } from '../../src/engine';
import { loadDefinitionFiles } from './load-definition-files';

/** The compiled definitions the server runs with, read from disk once per process. */
export interface LoadedDefinitions {
  /** Every compiled module and sub-form by code. */
  modules: Record<string, CompiledModule>;
  files: DefinitionFiles;
  problems: Problem[];
  /** Translates any key (engine, server, every module namespace) in one language. */
  translate(lang: Lang): Translate;
}

let loading: Promise<LoadedDefinitions> | undefined;

/**
 * The module definitions from `schemas/`, `uiSchemas/`, `rules/` and `locales/` (or `root`).
 * Cached: the first caller (a route area at start) pays the read; a new module needs files and
 * a restart, never a rebuild. Problems are kept for the log; modules that compiled are served.
 */
export function loadDefinitions(root?: string): Promise<LoadedDefinitions> {
  if (root !== undefined) return build(root);
  // DEFINITIONS_DIR points the server at another copy of the definition folders (tests, staging).
  loading ??= build(process.env.DEFINITIONS_DIR || undefined);
  return loading;
}

async function build(root?: string): Promise<LoadedDefinitions> {
  const { files, problems } = await loadDefinitionFiles(root);
  const compiled = compileModules(files);
  const translators = new Map<Lang, Translate>();
  return {
    modules: compiled.modules,
    files,
    problems: [...problems, ...compiled.problems],
    translate(lang) {
      let t = translators.get(lang);
      if (!t) {
        t = createTranslate(files.locales, lang);
        translators.set(lang, t);
      }
      return t;
    },
  };
}

/** A top-level module (not a sub-form) by code, or null. */
export function findModule(definitions: LoadedDefinitions, code: string): CompiledModule | null {
  const module = Object.hasOwn(definitions.modules, code) ? definitions.modules[code] : undefined;
  return module && module.kind === 'module' ? module : null;
}
