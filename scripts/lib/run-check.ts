import { readFile } from 'node:fs/promises';
import { validateSubmission, type Lang, type MasterProcessStep } from '../../src/engine';
import { readDefinitionSet } from '../../server/definitions/definition-store';

/** What `npm run check` prints: one JSON object. */
export interface CheckOutput {
  valid: boolean;
  /** True when the definitions fail the checker: the body was not judged; `violations` are the definition's problems. */
  refused?: boolean;
  violations: Array<{ propertyPath: string; message: string }>;
}

/** Options of `runCheck` (file paths as given on the command line). */
export interface RunCheckOptions {
  module: string;
  data: string;
  lang?: Lang;
  steps?: string;
  root?: string;
}

function failure(message: string): CheckOutput {
  return { valid: false, violations: [{ propertyPath: '', message }] };
}

/**
 * Validate a submission body file with the very function the server uses
 * (`validateSubmission`). Master process steps come from `steps` (a JSON array of
 * `{id, optional}`); without it the approvals rule requires at least one approver.
 */
export async function runCheck(options: RunCheckOptions): Promise<CheckOutput> {
  const lang: Lang = options.lang ?? 'en';
  // The one pipeline (files → check → compile); a verdict from a broken definition would mislead: refuse to judge and say why.
  const definitions = await readDefinitionSet(options.root);
  const { problems } = definitions;
  if (problems.length) {
    return { valid: false, refused: true, violations: problems.map((p) => ({ propertyPath: `${p.file}#${p.pointer}`, message: `definition problem (npm run modules:check): ${p.message}` })) };
  }
  const t = definitions.translate(lang);
  const module = definitions.modules[options.module];
  if (!module || module.kind !== 'module') return failure(t('engine.errors.unknownModule', { code: options.module }));
  let body: unknown;
  let steps: MasterProcessStep[] | undefined;
  try {
    body = JSON.parse(await readFile(options.data, 'utf8'));
    if (options.steps) steps = JSON.parse(await readFile(options.steps, 'utf8')) as MasterProcessStep[];
  } catch (error) {
    return failure((error as Error).message);
  }
  const violations = validateSubmission(module, body, { steps }, t);
  return { valid: violations.length === 0, violations: violations.map(({ propertyPath, message }) => ({ propertyPath, message })) };
}
