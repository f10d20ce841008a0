import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRendererHost } from '../../../renderer/host';
import { moduleDefinitionListOptions } from '../../api/queries';

/**
 * Finds the entity module of a kind (`ui:module.entity.kind`: `user`, `company`, `background`)
 * among the served definitions, so the Admin pages name no module code. Rejects when no filable
 * module has that kind (e.g. it is disabled).
 */
export function useEntityModule(): (kind: string) => Promise<string> {
  const queryClient = useQueryClient();
  const host = useRendererHost();
  return useCallback(async (kind: string) => {
    const modules = await queryClient.fetchQuery(moduleDefinitionListOptions(host.api));
    const module = modules.find((m) => m.kind === 'module' && m.meta.entity?.kind === kind);
    if (!module) throw new Error(`no module with ui:module.entity.kind "${kind}"`);
    return module.code;
  }, [queryClient, host]);
}
