import type { DefinitionFiles } from '../types';

/** The file a definition part came from (for messages): `files.paths` or the conventional path. */
export function definitionPath(files: DefinitionFiles, kind: 'schemas' | 'uiSchemas' | 'rules' | 'processes' | 'attachments', code: string): string {
  return files.paths?.[`${kind}/${code}`] ?? `${kind}/${code}.json`;
}
