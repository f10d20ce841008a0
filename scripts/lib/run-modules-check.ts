import { hiddenRuleMessages, type Problem } from '../../src/engine';
import { readDefinitionSet } from '../../server/definitions/definition-store';
import { loadDefinitionFiles } from '../../server/definitions/load-definition-files';
import { readDemoOrganisation } from '../../server/demo/demo-organisation';

/** Position codes a route may name, from the seed's catalogue (a publish checks against the database's). */
export const seedPositions = Object.keys(readDemoOrganisation().positions);

/** Load every definition under `root` and check it (the one pipeline); JSON parse problems come first. */
export async function runModulesCheck(root?: string): Promise<Problem[]> {
  return [...(await readDefinitionSet(root, { positions: seedPositions })).problems];
}

/** Warnings that do not fail the check (a rule message a schema limit hides), for every module under `root`. */
export async function modulesWarnings(root?: string): Promise<Problem[]> {
  const { files } = await loadDefinitionFiles(root);
  return Object.keys(files.schemas).flatMap((code) => hiddenRuleMessages(files, code));
}
