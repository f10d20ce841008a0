import type { CompiledModule, ModuleRuntime } from '../types';

/** The rule evaluators of one compiled module. (Implementation follows.) */
export function createRuntime(module: CompiledModule): ModuleRuntime {
  return {
    module,
    visibility: () => ({}),
    applyChange: (_prev, next) => next,
    computeAll: (data) => data,
    validate: () => [],
  };
}
