import type { Published } from '../../src/wire/studio';
import { DocumentStatus, definitionSetFromSources, type DefinitionFiles, type Problem } from '../../src/engine';
import { baseLocales, type DefinitionStore } from './definition-store';
import { sourceHash, type ModuleSource } from './module-source';
import { bumpRevision, latestSources, lockRevision } from './module-source-repository';
import { recordVersion } from './definition-version-repository';
import { syncProcessRows } from './sync-process-rows';
import { inFlightOldRoute } from './in-flight-routes';
import { positionCatalogue } from '../repositories/position-repository';

/** What publishing one module did (the wire shape, src/wire/studio.ts). */
export type { Published };

/** A refused publish: every problem of the resulting definition set. */
export interface Refused {
  problems: Problem[];
  /** The definitions the problems were found in (their labels and step names make the studio's sentences). */
  files: DefinitionFiles;
}

const key = (p: Problem) => `${p.file}#${p.pointer}: ${p.message}`;

/**
 * Publishes new versions of `sources` (one transaction, serialised by the revision lock): the
 * whole resulting definition set goes through the same checker as `npm run modules:check`, and
 * any problem the set did not already have refuses the publish with every such problem. On
 * success each changed module gets version n+1, its process rows follow its steps, its compiled
 * definition is recorded under its hash, and the revision moves so every instance reloads.
 */
export async function publishSources(
  store: DefinitionStore, sources: ModuleSource[], options: { origin: 'files' | 'studio'; userId?: number | null },
): Promise<Published[] | Refused> {
  const outcome = await store.db.transaction().execute(async (trx) => {
    await lockRevision(trx);
    const latest = await latestSources(trx);
    const before = Object.fromEntries([...latest].map(([code, row]) => [code, row.source]));
    const after = { ...before, ...Object.fromEntries(sources.map((s) => [s.code, s])) };
    const base = baseLocales(store.diskFiles, [...Object.keys(store.diskFiles.schemas), ...Object.keys(store.diskFiles.uiSchemas), ...Object.keys(after)]);
    // A studio publish checks route positions against the organisation's (the files are checked by modules:check).
    const checked = { positions: options.origin === 'studio' ? await positionCatalogue(trx) : undefined };
    const next = definitionSetFromSources(after, base, checked);
    let problems = [...next.problems];
    if (problems.length && latest.size) {
      // Only what this publish breaks refuses it, not an older problem of another module.
      const known = new Set(definitionSetFromSources(before, base, checked).problems.map(key));
      problems = problems.filter((p) => !known.has(key(p)));
    }
    if (problems.length) return { problems, files: next.files };
    const compiled = next.modules;
    const results: Published[] = [];
    let changed = false;
    for (const source of sources) {
      const hash = sourceHash(source);
      const previous = latest.get(source.code);
      const module = compiled[source.code];
      let version = previous?.version ?? 0;
      const created = previous?.content_hash !== hash;
      if (created) {
        version += 1;
        changed = true;
        await trx.insertInto('module_sources').values({
          code: source.code, version, content_hash: hash, source: JSON.stringify(source),
          origin: options.origin, published_by: options.userId ?? null,
        }).execute();
        if (source.process && module.kind === 'module') await syncProcessRows(trx, source.code, source.process.steps);
        await trx.insertInto('module_states').values({ code: source.code, disabled: false })
          .onConflict((oc) => oc.column('code').doNothing()).execute();
      }
      await recordVersion(trx, module);
      const count = await trx.selectFrom('buffers').select((eb) => eb.fn.countAll<string>().as('n'))
        .where('module_code', '=', source.code).where('status', '=', DocumentStatus.ON_PROCESS)
        .where('definition_version', '<>', module.version).executeTakeFirstOrThrow();
      results.push({
        code: source.code, version, definitionVersion: module.version, created, inFlightOlder: Number(count.n),
        inFlightOldRoute: module.kind === 'module' ? await inFlightOldRoute(trx, source.code, module.process) : 0,
      });
    }
    if (changed) {
      // Searched statistics columns follow the new paths in the same transaction.
      // (and the records' paths: the app's onPublished, server/app.ts).
      await store.onPublished(trx, { ...compiled });
      await bumpRevision(trx);
    }
    return results;
  });
  // Seen by this process on its next request (other instances: within DEFINITIONS_CHECK_MS).
  store.changed();
  return outcome;
}
