import { readFile } from 'node:fs/promises';
import { compileModules, createTranslate, validateSubmission, type Lang, type MasterProcessStep } from '../../src/engine';
import { loadDefinitionFiles } from '../../server/definitions/load-definition-files';

/** What `npm run check` prints: one JSON object. */
export interface CheckOutput {
  valid: boolean;
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
  const { files } = await loadDefinitionFiles(options.root);
  const t = createTranslate(files.locales, lang);
  const module = compileModules(files).modules[options.module];
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
