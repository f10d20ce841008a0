import type { MasterProcessStep } from '../../../engine';
import type { RendererHost } from '../../host';
import type { Collection } from '../../../wire/common';
import type { MasterProcess, MasterProcessQuery } from '../../../wire/processes';
import { useResource } from '../../query';
import { sortSteps } from './approvals';

/**
 * The steps of a module's process (`/master_processes?module_code=`: the whole list, the route
 * takes no paging), in order; undefined while loading.
 */
export function useProcessSteps(host: RendererHost, moduleCode: string | undefined): MasterProcessStep[] | undefined {
  const body = useResource<Collection<MasterProcess> | MasterProcess[]>(
    host,
    moduleCode ? '/master_processes' : null,
    moduleCode ? { module_code: moduleCode } satisfies MasterProcessQuery : undefined,
  );
  if (!body) return undefined;
  return sortSteps(Array.isArray(body) ? body : (body['hydra:member'] ?? []));
}
