import type { Kysely } from 'kysely';
import { compileModules, createTranslate, LANGS, type CompiledModule, type DefinitionFiles, type Lang, type Problem, type Translate } from '../../src/engine';
import type { Database } from '../db/database';
import { loadDefinitionFiles } from './load-definition-files';
import { filesFromSources } from './module-source';
import { currentRevision, disabledCodes, latestSources } from './module-source-repository';

/** The compiled definitions the server runs with. */
export interface LoadedDefinitions {
  /** Every compiled module and sub-form by code. */
  modules: Record<string, CompiledModule>;
  files: DefinitionFiles;
  problems: Problem[];
  /** Modules that take no new documents (existing ones stay readable and actionable). */
  disabled: Set<string>;
  /** The database revision these definitions are from (-1: read from the files only). */
  revision: number;
  /** Translates any key (engine, server, every module namespace) in one language. */
  translate(lang: Lang): Translate;
}

let loading: Promise<LoadedDefinitions> | undefined;
let liveDb: Kysely<Database> | undefined;
let refreshing: Promise<void> | undefined;
/** When this process last read the database's revision (ms), for `refreshDefinitions`' `maxAgeMs`. */
let checkedAt = 0;
/** Moved by `definitionsChanged`: a read begun before a local publish must not count as a check after it. */
let generation = 0;
/** The definition files as read at start (their non-module namespaces: engine, server, app…). */
let diskFiles: DefinitionFiles | undefined;

function fill(target: LoadedDefinitions, files: DefinitionFiles, problems: Problem[]): void {
  const translators = new Map<Lang, Translate>();
  target.modules = compileModules(files).modules;
  target.files = files;
  target.problems = problems;
  target.translate = (lang) => {
    let t = translators.get(lang);
    if (!t) {
      t = createTranslate(files.locales, lang);
      translators.set(lang, t);
    }
    return t;
  };
}

async function build(root?: string): Promise<LoadedDefinitions> {
  const { files, problems } = await loadDefinitionFiles(root);
  const compiled = compileModules(files);
  const live = { disabled: new Set<string>(), revision: -1 } as LoadedDefinitions;
  fill(live, files, [...problems, ...compiled.problems]);
  return live;
}

/**
 * The live module definitions: one object per process whose content `refreshDefinitions`
 * replaces in place when the database has published something new, so route areas may keep the
 * object they got at start and still see every publish. Before the first refresh (scripts, unit
 * tests) it holds the definition files. `root` reads another folder once, outside the live object.
 */
export function loadDefinitions(root?: string): Promise<LoadedDefinitions> {
  if (root !== undefined) return build(root);
  // DEFINITIONS_DIR points the server at another copy of the definition folders (tests, staging).
  loading ??= build(process.env.DEFINITIONS_DIR || undefined).then((live) => {
    diskFiles = live.files;
    return live;
  });
  return loading;
}

/** The translation namespaces that are not modules (engine, server, app), from the files. */
export function baseLocales(files: DefinitionFiles, moduleCodes: Iterable<string>): DefinitionFiles['locales'] {
  const modules = new Set(moduleCodes);
  return Object.fromEntries(LANGS.map((lang) => [lang, Object.fromEntries(
    Object.entries(files.locales[lang] ?? {}).filter(([ns]) => !modules.has(ns)),
  )])) as DefinitionFiles['locales'];
}

/**
 * Makes the live definitions those of the database's latest published versions when its
 * revision moved (one indexed one-row read per call; the reload itself only after a publish or
 * enable/disable, here or on another instance). Concurrent callers share one reload.
 *
 * `maxAgeMs` skips the revision read when this process read it less than that long ago (the
 * request hook passes `DEFINITIONS_CHECK_MS`): a publish made by THIS process is seen at once
 * (`definitionsChanged` forgets the last check), one made by another instance within `maxAgeMs`.
 * Without it (start-up, scripts, tests) the revision is always read.
 */
export async function refreshDefinitions(db: Kysely<Database>, maxAgeMs = 0): Promise<LoadedDefinitions> {
  const live = await loadDefinitions();
  if (maxAgeMs > 0 && db === liveDb && Date.now() - checkedAt < maxAgeMs) return live;
  const readAt = Date.now();
  const readGeneration = generation;
  const revision = await currentRevision(db);
  const checked = () => { if (generation === readGeneration) checkedAt = Math.max(checkedAt, readAt); };
  if (revision === live.revision && db === liveDb) {
    checked();
    return live;
  }
  refreshing ??= (async () => {
    try {
      const [sources, disabled] = await Promise.all([latestSources(db), disabledCodes(db)]);
      if (sources.size === 0) return;
      const disk = diskFiles ?? live.files;
      const base = baseLocales(disk, [...Object.keys(disk.schemas), ...Object.keys(disk.uiSchemas), ...sources.keys()]);
      const files = filesFromSources(Object.fromEntries([...sources].map(([code, row]) => [code, row.source])), base);
      fill(live, files, []);
      live.disabled = disabled;
      live.revision = revision;
      liveDb = db;
      checked();
    } finally {
      refreshing = undefined;
    }
  })();
  await refreshing;
  return live;
}

/**
 * Called after this process committed a publish or an enable/disable: the next
 * `refreshDefinitions` reads the revision whatever its `maxAgeMs`, so the change takes effect
 * here on the very next request.
 */
export function definitionsChanged(): void {
  generation += 1;
  checkedAt = 0;
}

/** A top-level module (not a sub-form) by code, or null. */
export function findModule(definitions: LoadedDefinitions, code: string): CompiledModule | null {
  const module = Object.hasOwn(definitions.modules, code) ? definitions.modules[code] : undefined;
  return module && module.kind === 'module' ? module : null;
}

/** A top-level module that takes new documents (published and not disabled), or null. */
export function findFilableModule(definitions: LoadedDefinitions, code: string): CompiledModule | null {
  return definitions.disabled.has(code) ? null : findModule(definitions, code);
}
