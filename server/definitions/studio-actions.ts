import { LANGS, definitionSetFromSources, hiddenRuleMessages, validateSubmission, type DefinitionSet, type Lang, type Problem } from '../../src/engine';
import { baseLocales, type DefinitionStore } from './definition-store';
import type { ModuleSource } from './module-source';
import { bumpRevision, latestSources, lockRevision } from './module-source-repository';
import { DocumentStatus } from '../../src/engine/status';
import { inFlightOldRoute } from './in-flight-routes';
import { positionCatalogue } from '../repositories/position-repository';

/** The set the current sources would make with `draft` (and `others`: new item sub-forms of it) in place (checked). */
async function withDraft(store: DefinitionStore, draft: ModuleSource, others: ModuleSource[] = []): Promise<DefinitionSet> {
  const latest = await latestSources(store.db);
  const sources = { ...Object.fromEntries([...latest].map(([code, row]) => [code, row.source])), ...Object.fromEntries(others.map((o) => [o.code, o])), [draft.code]: draft };
  const disk = store.diskFiles;
  return definitionSetFromSources(sources, baseLocales(disk, [...Object.keys(disk.schemas), ...Object.keys(disk.uiSchemas), ...Object.keys(sources)]),
    { positions: await positionCatalogue(store.db) });
}

/**
 * Checker problems a draft would have if published now (the studio's inline messages), the
 * warnings that do not refuse it (a rule message the schema hides) and the documents in
 * progress, which keep the version they were filed under.
 */
export async function checkDraft(store: DefinitionStore, draft: ModuleSource, others: ModuleSource[] = []): Promise<{ problems: Problem[]; warnings: Problem[]; inFlight: number; inFlightOldRoute: number; set: DefinitionSet }> {
  const set = await withDraft(store, draft, others);
  const count = await store.db.selectFrom('buffers').select((eb) => eb.fn.countAll<string>().as('n'))
    .where('module_code', '=', draft.code).where('status', '=', DocumentStatus.ON_PROCESS).executeTakeFirstOrThrow();
  const compiled = set.modules[draft.code];
  // Documents that would keep another route than the draft's: only a module has one, and only a compiled draft says which.
  const oldRoute = compiled?.kind === 'module' ? await inFlightOldRoute(store.db, draft.code, compiled.process) : 0;
  return {
    problems: [...set.problems], warnings: [draft, ...others].flatMap((s) => hiddenRuleMessages(set.files, s.code)),
    inFlight: Number(count.n), inFlightOldRoute: oldRoute, set,
  };
}

/**
 * What `npm run check` answers for `body` under a draft definition: refused with the checker's
 * problems when the definition is broken, else the ordered violations of `validateSubmission`
 * (without steps, as the command without `--steps`: at least one approver is required).
 */
export async function judgeBody(store: DefinitionStore, draft: ModuleSource, body: unknown, lang: Lang) {
  const set = await withDraft(store, draft);
  if (set.problems.length) return { valid: false, definitionProblems: [...set.problems], violations: [], set };
  const module = set.modules[draft.code];
  const judge = (l: Lang) => (module && module.kind === 'module' ? validateSubmission(module, body, {}, set.translate(l)) : []);
  const violations = judge(lang);
  // The same verdict in every language (the studio shows the message each reader will get).
  const all = Object.fromEntries(LANGS.map((l) => [l, l === lang ? violations : judge(l)]));
  return {
    valid: violations.length === 0, definitionProblems: [], set,
    violations: violations.map(({ propertyPath, message }, i) => ({ propertyPath, message, messages: Object.fromEntries(LANGS.map((l) => [l, all[l][i]?.message ?? message])) })),
  };
}

/** Disables or re-enables a module (no new documents while disabled); every instance follows. */
export async function setDisabled(store: DefinitionStore, code: string, disabled: boolean): Promise<void> {
  await store.db.transaction().execute(async (trx) => {
    await lockRevision(trx);
    await trx.insertInto('module_states').values({ code, disabled })
      .onConflict((oc) => oc.column('code').doUpdateSet({ disabled, updated_at: new Date() })).execute();
    await bumpRevision(trx);
  });
  store.changed();
}
