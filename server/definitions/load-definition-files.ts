import { readdir, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../lib/project-root';
import type { DefinitionFiles, Lang, LocaleFile, Problem } from '../../src/engine';
import { LANGS } from '../../src/engine';

/** The repository root (definitions live in `schemas/`, `uiSchemas/`, `rules/`, `processes/`, `attachments/`, `locales/`). */
export const REPO_ROOT = PROJECT_ROOT;

async function readJsonDir(dir: string, rel: string, into: Record<string, unknown>, paths: Record<string, string>, kind: string, problems: Problem[]): Promise<void> {
  if (!existsSync(dir)) return;
  for (const name of (await readdir(dir)).filter((n) => n.endsWith('.json')).sort()) {
    const code = name.slice(0, -'.json'.length);
    const file = `${rel}/${name}`;
    try {
      into[code] = JSON.parse(await readFile(path.join(dir, name), 'utf8'));
    } catch (error) {
      problems.push({ file, pointer: '', message: `not valid JSON: ${(error as Error).message}` });
    }
    paths[`${kind}/${code}`] = file;
  }
}

/**
 * Read every definition file under `root` (default: the repository). Files that are not valid
 * JSON are reported as problems and left out, so one broken file never hides the others.
 */
export async function loadDefinitionFiles(root = REPO_ROOT): Promise<{ files: DefinitionFiles; problems: Problem[] }> {
  const problems: Problem[] = [];
  const paths: Record<string, string> = {};
  const files: DefinitionFiles = { schemas: {}, uiSchemas: {}, rules: {}, locales: { en: {}, ja: {}, zh: {} }, processes: {}, attachments: {}, paths };
  await readJsonDir(path.join(root, 'schemas'), 'schemas', files.schemas, paths, 'schemas', problems);
  await readJsonDir(path.join(root, 'uiSchemas'), 'uiSchemas', files.uiSchemas, paths, 'uiSchemas', problems);
  await readJsonDir(path.join(root, 'rules'), 'rules', files.rules, paths, 'rules', problems);
  await readJsonDir(path.join(root, 'processes'), 'processes', files.processes!, paths, 'processes', problems);
  await readJsonDir(path.join(root, 'attachments'), 'attachments', files.attachments!, paths, 'attachments', problems);
  for (const lang of LANGS as Lang[]) {
    await readJsonDir(path.join(root, 'locales', lang), `locales/${lang}`, files.locales[lang] as Record<string, LocaleFile>, paths, `locales/${lang}`, problems);
  }
  return { files, problems };
}
