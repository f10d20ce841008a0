import { useCallback } from 'react';
import type { CompiledModule } from '../../../../engine';
import { useRendererHost } from '../../../../renderer/host';
import { cachedGet } from '../../../../renderer/widgets/use-cached-get';

/**
 * Resolves the code of the filable module whose `ui:module.entity.kind` is `kind`, from
 * `GET /module-definitions` (fetched once per host); rejects when none is served (e.g. disabled).
 */
export function useEntityModuleCode(): (kind: string) => Promise<string> {
  const host = useRendererHost();
  return useCallback(async (kind: string) => {
    const modules = (await cachedGet<{ 'hydra:member': CompiledModule[] }>(host, '/module-definitions'))['hydra:member'] ?? [];
    const module = modules.find((m) => m.kind === 'module' && m.meta.entity?.kind === kind);
    if (!module) throw new Error(`no module with ui:module.entity.kind "${kind}"`);
    return module.code;
  }, [host]);
}
