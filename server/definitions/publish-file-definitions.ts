import type { FastifyBaseLogger } from 'fastify';
import { buildDefinitionSet } from '../../src/engine';
import type { DefinitionStore } from './definition-store';
import { sourceHash, sourcesFromFiles } from './module-source';
import { latestFileHashes } from './module-source-repository';
import { publishSources } from './publish-sources';

/** The module code a checker problem belongs to (from its file path). */
function codeOf(file: string): string {
  return /([^/]+)\.json$/.exec(file)?.[1] ?? file;
}

/**
 * The start-up rule (docs/MODULES.md "Versions"): the definition files are the seed set. A
 * module whose files differ from the version last published FROM THE FILES is published as a
 * new version — so a developer's edit goes live on restart, while a studio publish is not undone
 * by files nobody touched. A module whose files fail the checker is logged with every problem
 * and not published (its last good version, if any, keeps serving).
 */
export async function publishFileDefinitions(store: DefinitionStore, log: Pick<FastifyBaseLogger, 'error' | 'info'>): Promise<void> {
  const { diskFiles: files, diskProblems: unreadable } = store;
  const published = await latestFileHashes(store.db);
  const candidates = Object.values(sourcesFromFiles(files)).filter((source) => published.get(source.code) !== sourceHash(source));
  // Files that match what was published from them passed the checker then: nothing to do (a fast restart).
  if (candidates.length === 0 && unreadable.length === 0) return;
  const { problems } = buildDefinitionSet(files, { readProblems: unreadable });
  const broken = new Set(problems.map((p) => codeOf(p.file)));
  for (const code of broken) {
    log.error({ module: code, problems: problems.filter((p) => codeOf(p.file) === code).map((p) => `${p.file}#${p.pointer}: ${p.message}`) },
      `module definition "${code}" fails the checker: not served from the files`);
  }
  const changed = candidates.filter((source) => !broken.has(source.code));
  if (changed.length === 0) return;
  const result = await publishSources(store, changed, { origin: 'files' });
  if ('problems' in result) {
    log.error({ problems: result.problems.map((p) => `${p.file}#${p.pointer}: ${p.message}`) }, 'definition files refused: the set fails the checker');
  } else {
    log.info({ modules: result.filter((r) => r.created).map((r) => `${r.code}@${r.version}`) }, 'definition files published');
  }
}
