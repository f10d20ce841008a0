import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRendererHost } from '../../../../renderer/host';
import { moduleDefinitionListOptions } from '../../../api/queries';

/**
 * Resolves the code of the filable module whose `ui:module.entity.kind` is `kind`, from
 * `GET /module-definitions` (the cached definition list); rejects when none is served (e.g. disabled).
 */
export function useEntityModuleCode(): (kind: string) => Promise<string> {
  const host = useRendererHost();
  const queryClient = useQueryClient();
  return useCallback(async (kind: string) => {
    const modules = await queryClient.fetchQuery(moduleDefinitionListOptions(host.api));
    const module = modules.find((m) => m.kind === 'module' && m.meta.entity?.kind === kind);
    if (!module) throw new Error(`no module with ui:module.entity.kind "${kind}"`);
    return module.code;
  }, [host, queryClient]);
}
