import type { DefinitionSet, StatisticFacts } from '../../src/engine';

/** Every top-level module's statistics facts (`ui:module.statistics`, `{}` when absent), by code. */
export function statisticFacts(definitions: Pick<DefinitionSet, 'modules'>): Map<string, StatisticFacts> {
  const out = new Map<string, StatisticFacts>();
  for (const module of Object.values(definitions.modules)) {
    if (module.kind === 'module') out.set(module.code, module.meta.statistics ?? {});
  }
  return out;
}
