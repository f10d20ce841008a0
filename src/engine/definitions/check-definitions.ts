import type { DefinitionFiles, Problem } from '../types';

/** Options of `checkDefinitions`. */
export interface CheckOptions {
  /** Every widget and field name the renderer registers (`src/renderer/registry-names.ts`). */
  widgetNames: readonly string[];
}

/** Check definitions against the meta-schema and cross-check names, vars, refs and keys. */
export function checkDefinitions(files: DefinitionFiles, options: CheckOptions): Problem[] {
  void files; void options;
  return [];
}
