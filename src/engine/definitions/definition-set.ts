import type { CompiledModule, DefinitionFiles, Lang, Problem, Translate } from '../types';
import { createTranslate } from '../i18n/create-translate';
import { checkAndCompile } from './check-definitions';
import { compileModules } from './compile-modules';
import { filesFromSources } from './files-from-sources';
import type { ModuleSource } from './module-source';
import { WIDGET_NAMES } from './widget-names';

/**
 * One value holding everything a set of module definitions is: the server runs with one, the
 * checker CLI, `modules:check`, publish and the studio's check each build one. Never mutated:
 * a newer set is a new value (the server swaps the whole value on refresh).
 */
export interface DefinitionSet {
  /** Every compiled module and sub-form by code. */
  readonly modules: Readonly<Record<string, CompiledModule>>;
  /** The files the set was compiled from (checker problems point into them). */
  readonly files: DefinitionFiles;
  /** The checker's problems (empty when the set was not checked: sources that passed it at publish). */
  readonly problems: readonly Problem[];
  /** Modules that take no new documents (existing ones stay readable and actionable). */
  readonly disabled: ReadonlySet<string>;
  /** The database revision the set is from (-1: from files, not from the database). */
  readonly revision: number;
  /** Translates any key (engine, server, every module namespace) in one language. */
  translate(lang: Lang): Translate;
}

/** Options of `buildDefinitionSet`. */
export interface DefinitionSetOptions {
  /**
   * Run the checker (default true). False only for sources that already passed it when they were
   * published: the set is then compiled without the ~0.1–0.7 s the checker costs.
   */
  check?: boolean;
  /** The widget names the checker accepts (default: `WIDGET_NAMES`). */
  widgetNames?: readonly string[];
  /** Position codes a route's approver rules may name (absent: not checked). */
  positions?: readonly string[];
  /** Problems found before compiling (files that are not valid JSON), listed first. */
  readProblems?: readonly Problem[];
  disabled?: ReadonlySet<string>;
  revision?: number;
}

/**
 * The one pipeline "files → check → compile" (sources enter through `definitionSetFromSources`):
 * the checker compiles on its way, so a set is compiled exactly once.
 */
export function buildDefinitionSet(files: DefinitionFiles, options: DefinitionSetOptions = {}): DefinitionSet {
  const { modules, problems } = options.check === false
    ? compileModules(files)
    : checkAndCompile(files, { widgetNames: options.widgetNames ?? WIDGET_NAMES, positions: options.positions });
  const translators = new Map<Lang, Translate>();
  return Object.freeze({
    modules: Object.freeze(modules),
    files,
    problems: Object.freeze([...(options.readProblems ?? []), ...problems]),
    disabled: options.disabled ?? new Set<string>(),
    revision: options.revision ?? -1,
    translate(lang: Lang): Translate {
      let t = translators.get(lang);
      if (!t) {
        t = createTranslate(files.locales, lang);
        translators.set(lang, t);
      }
      return t;
    },
  });
}

/** "sources → files → check → compile": a set from module sources plus the non-module translations in `base`. */
export function definitionSetFromSources(
  sources: Record<string, ModuleSource>, base: DefinitionFiles['locales'] | undefined, options: DefinitionSetOptions = {},
): DefinitionSet {
  return buildDefinitionSet(filesFromSources(sources, base), options);
}

/** A top-level module (not a sub-form) by code, or null. */
export function findModule(definitions: Pick<DefinitionSet, 'modules'>, code: string): CompiledModule | null {
  const module = Object.hasOwn(definitions.modules, code) ? definitions.modules[code] : undefined;
  return module && module.kind === 'module' ? module : null;
}
