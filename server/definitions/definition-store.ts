import type { Kysely } from 'kysely';
import { buildDefinitionSet, definitionSetFromSources, LANGS, type CompiledModule, type DefinitionFiles, type DefinitionSet, type Problem } from '../../src/engine';
import type { Database } from '../db/database';
import { loadDefinitionFiles } from './load-definition-files';
import { currentRevision, disabledCodes, latestSources } from './module-source-repository';

export type { DefinitionSet };

/** Runs inside a publish's transaction with the new compiled modules (e.g. statistics columns follow their paths). */
export type OnPublished = (trx: Kysely<Database>, modules: Record<string, CompiledModule>) => Promise<unknown>;

/**
 * Holds the definition set a server runs with. `current` is a value that is never changed: a
 * refresh that finds a newer database revision builds a new set and swaps it in, so a request
 * that took `current` keeps one consistent set to its end. One store per app (no module state).
 */
export interface DefinitionStore {
  /** The set in force now. */
  readonly current: DefinitionSet;
  /** The definition files read at start: their non-module namespaces (engine, server, app) join every set built from sources. */
  readonly diskFiles: DefinitionFiles;
  /** Definition files that were not valid JSON at start (left out of `diskFiles`). */
  readonly diskProblems: readonly Problem[];
  readonly db: Kysely<Database>;
  /** Called inside each publish's transaction (wired by the app; keeps this layer free of statistics). */
  readonly onPublished: OnPublished;
  /**
   * Swaps in the database's latest published set when its revision moved (one indexed one-row
   * read per call; the rebuild only after a publish or enable/disable, here or on another
   * instance). Concurrent callers share one rebuild. `maxAgeMs` skips the revision read when the
   * last one is younger (the request hook passes `DEFINITIONS_CHECK_MS`); a publish made through
   * this store (`changed`) is seen at once. Without it (start-up, tests) the revision is always read.
   */
  refresh(maxAgeMs?: number): Promise<DefinitionSet>;
  /**
   * The same as `refresh()` with the revision the caller read at `readAt` in a statement of its own
   * (the sign-in check reads it with the user: one round trip fewer per request).
   */
  atRevision(revision: number, readAt: number): Promise<DefinitionSet>;
  /** After this process committed a publish or enable/disable: the next refresh reads the revision. */
  changed(): void;
}

/** The translation namespaces that are not modules (engine, server, app), from the files. */
export function baseLocales(files: DefinitionFiles, moduleCodes: Iterable<string>): DefinitionFiles['locales'] {
  const modules = new Set(moduleCodes);
  return Object.fromEntries(LANGS.map((lang) => [lang, Object.fromEntries(
    Object.entries(files.locales[lang] ?? {}).filter(([ns]) => !modules.has(ns)),
  )])) as DefinitionFiles['locales'];
}

/** Every module code of the files (a code is a module when it has a schema or a UI schema). */
function fileCodes(files: DefinitionFiles): string[] {
  return [...Object.keys(files.schemas), ...Object.keys(files.uiSchemas)];
}

/**
 * The definition set of the files under `root` (default `DEFINITIONS_DIR`, else the repository),
 * checked: what `modules:check`, the check CLI, scripts and tests run with. Pure: each call reads again.
 */
export async function readDefinitionSet(
  root: string | undefined = process.env.DEFINITIONS_DIR || undefined, options: { check?: boolean; positions?: readonly string[] } = {},
): Promise<DefinitionSet> {
  const { files, problems } = await loadDefinitionFiles(root);
  return buildDefinitionSet(files, { readProblems: problems, check: options.check, positions: options.positions });
}

/** Opens the store of one app over `db`: reads the files, then the database's latest published set. */
export async function openDefinitionStore(db: Kysely<Database>, options: { onPublished?: OnPublished } = {}): Promise<DefinitionStore> {
  const { files: diskFiles, problems: diskProblems } = await loadDefinitionFiles(process.env.DEFINITIONS_DIR || undefined);
  // Until the database has a published set (a fresh database before its first publish): the files, compiled.
  let current: DefinitionSet | undefined;
  let refreshing: Promise<DefinitionSet> | undefined;
  let checkedAt = 0;
  let generation = 0;

  async function rebuild(revision: number): Promise<DefinitionSet> {
    const [sources, disabled] = await Promise.all([latestSources(db), disabledCodes(db)]);
    if (sources.size === 0) return current ?? buildDefinitionSet(diskFiles, { check: false });
    const base = baseLocales(diskFiles, [...fileCodes(diskFiles), ...sources.keys()]);
    // Published sources passed the checker when they were published: compile only.
    return definitionSetFromSources(Object.fromEntries([...sources].map(([code, row]) => [code, row.source])), base, { check: false, disabled, revision });
  }

  /** Keeps `current` when it is of `revision` (read at `readAt`), else shares one rebuild among the callers. */
  async function settle(revision: number, readAt: number, readGeneration: number): Promise<DefinitionSet> {
    const checked = () => { if (generation === readGeneration) checkedAt = Math.max(checkedAt, readAt); };
    if (current && revision === current.revision) {
      checked();
      return current;
    }
    refreshing ??= rebuild(revision).then((next) => {
      current = next;
      checked();
      return next;
    }).finally(() => { refreshing = undefined; });
    return refreshing;
  }

  const store: DefinitionStore = {
    get current() {
      if (!current) throw new Error('definition store read before its first refresh');
      return current;
    },
    diskFiles,
    diskProblems,
    db,
    onPublished: options.onPublished ?? (async () => {}),
    async refresh(maxAgeMs = 0) {
      if (current && maxAgeMs > 0 && Date.now() - checkedAt < maxAgeMs) return current;
      const readAt = Date.now();
      const readGeneration = generation;
      return settle(await currentRevision(db), readAt, readGeneration);
    },
    atRevision(revision, readAt) {
      return settle(revision, readAt, generation);
    },
    changed() {
      generation += 1;
      checkedAt = 0;
    },
  };
  await store.refresh();
  return store;
}
