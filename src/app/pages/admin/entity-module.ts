import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSession } from '../../session';
import { fetchModuleDefinitions, MODULE_DEFINITIONS_KEY } from '../application/module-definitions';

/**
 * Finds the entity module of a kind (`ui:module.entity.kind`: `user`, `company`, `background`)
 * among the served definitions, so the Admin pages name no module code. Rejects when no filable
 * module has that kind (e.g. it is disabled).
 */
export function useEntityModule(): (kind: string) => Promise<string> {
  const queryClient = useQueryClient();
  const { api } = useSession();
  return useCallback(async (kind: string) => {
    const modules = await queryClient.fetchQuery({ queryKey: MODULE_DEFINITIONS_KEY, queryFn: () => fetchModuleDefinitions(api), staleTime: 5 * 60_000 });
    const module = modules.find((m) => m.kind === 'module' && m.meta.entity?.kind === kind);
    if (!module) throw new Error(`no module with ui:module.entity.kind "${kind}"`);
    return module.code;
  }, [queryClient, api]);
}
