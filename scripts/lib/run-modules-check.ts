import { checkDefinitions, type Problem } from '../../src/engine';
import { loadDefinitionFiles } from '../../server/definitions/load-definition-files';
import { registryNames } from '../../src/renderer/registry-names';

/** Load every definition under `root` and check it; JSON parse problems come first. */
export async function runModulesCheck(root?: string): Promise<Problem[]> {
  const { files, problems } = await loadDefinitionFiles(root);
  return [...problems, ...checkDefinitions(files, { widgetNames: registryNames })];
}
