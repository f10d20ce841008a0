import type { Kysely } from 'kysely';
import { LANGS, checkDefinitions, compileModules, createTranslate, hiddenRuleMessages, validateSubmission, type Lang, type Problem } from '../../src/engine';
import { registryNames } from '../../src/renderer/registry-names';
import type { Database } from '../db/database';
import { baseLocales, definitionsChanged, loadDefinitions } from './definitions';
import { filesFromSources, type ModuleSource } from './module-source';
import { bumpRevision, latestSources, lockRevision } from './module-source-repository';
import { BufferStatus } from '../../src/engine/status';

/** The current sources with `draft` (and `others`: new item sub-forms of it) in place, and the base translations. */
async function withDraft(db: Kysely<Database>, draft: ModuleSource, others: ModuleSource[] = []) {
  const disk = await loadDefinitions();
  const latest = await latestSources(db);
  const sources = { ...Object.fromEntries([...latest].map(([code, row]) => [code, row.source])), ...Object.fromEntries(others.map((o) => [o.code, o])), [draft.code]: draft };
  const base = baseLocales(disk.files, [...Object.keys(disk.modules), ...Object.keys(sources)]);
  return filesFromSources(sources, base);
}

/**
 * Checker problems a draft would have if published now (the studio's inline messages), the
 * warnings that do not refuse it (a rule message the schema hides) and the documents in
 * progress, which keep the version they were filed under.
 */
export async function checkDraft(db: Kysely<Database>, draft: ModuleSource, others: ModuleSource[] = []): Promise<{ problems: Problem[]; warnings: Problem[]; inFlight: number }> {
  const files = await withDraft(db, draft, others);
  const count = await db.selectFrom('buffers').select((eb) => eb.fn.countAll<string>().as('n'))
    .where('module_code', '=', draft.code).where('status', '=', BufferStatus.ON_PROCESS).executeTakeFirstOrThrow();
  return { problems: checkDefinitions(files, { widgetNames: registryNames }), warnings: [draft, ...others].flatMap((s) => hiddenRuleMessages(files, s.code)), inFlight: Number(count.n) };
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
  const judge = (l: Lang) => (module && module.kind === 'module' ? validateSubmission(module, body, {}, createTranslate(files.locales, l)) : []);
  const violations = judge(lang);
  // The same verdict in every language (the studio shows the message each reader will get).
  const all = Object.fromEntries(LANGS.map((l) => [l, l === lang ? violations : judge(l)]));
  return {
    valid: violations.length === 0, definitionProblems: [],
    violations: violations.map(({ propertyPath, message }, i) => ({ propertyPath, message, messages: Object.fromEntries(LANGS.map((l) => [l, all[l][i]?.message ?? message])) })),
  };
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
