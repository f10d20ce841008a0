/** The studio API's shapes, written once in src/wire/studio.ts (types only: nothing of TypeBox is bundled). */
export type { Published, PublishedVersion as StudioVersion, StudioCheck, StudioJudgement, StudioModule, StudioViolation } from '../../../wire/studio';
import type {
  Published, PublishedVersionCollection, StudioCheck, StudioCheckSetBody, StudioJudgeBody, StudioJudgement, StudioModuleCollection, StudioModuleState,
  StudioSource, StudioSourceQuery,
} from '../../../wire/studio';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api';
import { invalidateResources, resourceKey } from '../../../renderer/resource-key';

const silent = { ringiSilent: true };
const path = (code: string) => `/module-definitions/${encodeURIComponent(code)}`;

/** The studio's calls to the module-definitions API (group admins only). */
export function studioApi(api: ApiClient) {
  return {
    modules: async () => (await api.get<StudioModuleCollection>('/module-studio/modules')).data['hydra:member'],
    source: async (code: string, version?: number) =>
      (await api.get<StudioSource>(`${path(code)}/source`, { params: (version ? { version } : {}) satisfies StudioSourceQuery })).data,
    versions: async (code: string) => (await api.get<PublishedVersionCollection>(`${path(code)}/versions`)).data['hydra:member'],
    check: async (source: StudioSource) => (await api.post<StudioCheck>('/module-definitions/check', source, silent)).data,
    /** A module with new item sub-forms of it, checked together. */
    checkSet: async (sources: StudioSource[]) => (await api.post<StudioCheck>('/module-definitions/check-set', { sources } satisfies StudioCheckSetBody, silent)).data,
    judge: async (source: StudioSource, body: unknown, lang: StudioJudgeBody['lang']) =>
      (await api.post<StudioJudgement>('/module-definitions/judge', { source, body, lang } satisfies StudioJudgeBody, silent)).data,
    create: async (source: StudioSource) => (await api.post<Published>('/module-definitions', source, silent)).data,
    update: async (source: StudioSource) => (await api.put<Published>(path(source.code), source, silent)).data,
    setDisabled: async (code: string, disabled: boolean) => (await api.post<StudioModuleState>(`${path(code)}/${disabled ? 'disable' : 'enable'}`)).data,
  };
}

/** What `studioApi` returns. */
export type StudioApi = ReturnType<typeof studioApi>;

/**
 * The studio's server state as TanStack Query resources: the module list and each module's
 * source and versions are queries under their paths' resource keys; publishing and enabling or
 * disabling invalidate `/module-studio` and `/module-definitions` (the studio's list, the
 * launchers, every form that shows a definition, the app's and the renderer's copies alike).
 */
export const studioKeys = {
  modules: () => resourceKey('/module-studio/modules', undefined, 'members'),
  source: (code: string, version?: number) => resourceKey(`${path(code)}/source`, version ? { version } : {}),
  /** The checker's verdict on one draft (its sources as JSON) in one language (its sentences): the same draft is not checked twice. */
  check: (sourcesJson: string, lang = '') => resourceKey('/module-definitions/check', { sources: sourcesJson, lang }, 'verdict'),
};

export function studioModulesQuery(studio: StudioApi) {
  return queryOptions({ queryKey: studioKeys.modules(), queryFn: () => studio.modules() });
}

/** A module's source as published (the latest, or `version`); sources of a version never change. */
export function studioSourceQuery(studio: StudioApi, code: string, version?: number) {
  return queryOptions({ queryKey: studioKeys.source(code, version), queryFn: () => studio.source(code, version), staleTime: version ? Infinity : 0 });
}

/** After a publish, an enable or a disable: the studio's list and every definition are read again. */
export async function invalidateDefinitions(client: QueryClient): Promise<void> {
  await invalidateResources(client, ['/module-studio', '/module-definitions']);
}
