import type { CompiledModule, JsonSchema } from '../types';

/** JSON Schema of the submission body of a module (wrapper + body, nested where needed). */
export function submitSchema(module: CompiledModule): JsonSchema {
  void module;
  return { type: 'object' };
}
