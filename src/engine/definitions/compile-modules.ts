import type { CompileOptions, CompileResult, DefinitionFiles } from '../types';

/** Compile every module and sub-form in `files`. (Implementation follows.) */
export function compileModules(files: DefinitionFiles, options: CompileOptions = {}): CompileResult {
  void files; void options;
  return { modules: {}, problems: [] };
}
