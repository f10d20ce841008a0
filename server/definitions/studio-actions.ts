import type { Kysely } from 'kysely';
import { checkDefinitions, compileModules, createTranslate, validateSubmission, type Lang, type Problem } from '../../src/engine';
import { registryNames } from '../../src/renderer/registry-names';
import type { Database } from '../db/database';
import { baseLocales, definitionsChanged, loadDefinitions } from './definitions';
import { filesFromSources, type ModuleSource } from './module-source';
import { bumpRevision, latestSources, lockRevision } from './module-source-repository';

/** The current sources with `draft` in place of its module, and the base translations. */
async function withDraft(db: Kysely<Database>, draft: ModuleSource) {
  const disk = await loadDefinitions();
  const latest = await latestSources(db);
  const sources = { ...Object.fromEntries([...latest].map(([code, row]) => [code, row.source])), [draft.code]: draft };
  const base = baseLocales(disk.files, [...Object.keys(disk.modules), ...Object.keys(sources)]);
  return filesFromSources(sources, base);
}

/** Checker problems a draft would have if published now (the studio's inline messages). */
export async function checkDraft(db: Kysely<Database>, draft: ModuleSource): Promise<Problem[]> {
  return checkDefinitions(await withDraft(db, draft), { widgetNames: registryNames });
}

/**
 * What `npm run check` answers for `body` under a draft definition: refused with the checker's
 * problems when the definition is broken, else the ordered violations of `validateSubmission`
 * (without steps, as the command without `--steps`: at least one approver is required).
 */
export async function judgeBody(db: Kysely<Database>, draft: ModuleSource, body: unknown, lang: Lang) {
  const files = await withDraft(db, draft);
  const problems = checkDefinitions(files, { widgetNames: registryNames });
  if (problems.length) return { valid: false, definitionProblems: problems, violations: [] };
  const module = compileModules(files).modules[draft.code];
  const t = createTranslate(files.locales, lang);
  const violations = module && module.kind === 'module' ? validateSubmission(module, body, {}, t) : [];
  return { valid: violations.length === 0, definitionProblems: [], violations: violations.map(({ propertyPath, message }) => ({ propertyPath, message })) };
}

/** Disables or re-enables a module (no new documents while disabled); every instance follows. */
export async function setDisabled(db: Kysely<Database>, code: string, disabled: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockRevision(trx);
    await trx.insertInto('module_states').values({ code, disabled })
      .onConflict((oc) => oc.column('code').doUpdateSet({ disabled, updated_at: new Date() })).execute();
    await bumpRevision(trx);
  });
  definitionsChanged();
}
