import { useRef } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { routeFields, type CompiledModule } from '../../../engine';
import type { RendererHost } from '../../host';
import { resourceKey } from '../../resource-key';
import { useDebouncedValue } from '../use-debounced-value';
import type { ResolveBody, ResolvedRoute, RouteStep } from '../../../wire/routes';


const RESOLVE_PATH = '/master_processes/resolve';

/** One step of `POST /master_processes/resolve` as the card shows it (the wire schema the server answers with). */
export type { RouteStep } from '../../../wire/routes';

/** The pause after typing before the route is asked again. */
export const ROUTE_RESOLVE_DEBOUNCE_MS = 400;

/**
 * The route the document would follow with the form's current values, from the server's resolve
 * call (the authority at filing, with the same engine function). A query keyed by the module and
 * the values of the fields the route depends on (`routeFields`: what its conditions read,
 * company, department), asked 400 ms after typing stops; the last route stays shown while the
 * next one loads, and a value set asked before is answered from the cache. Undefined while the
 * first answer is loading or when the module has no conditional or resolved steps to show differently.
 * Filed for someone (`host.filedFor`, 代理申請), the route asked is the principal's; filed as one of
 * the user's posts (`host.filedAs`, 兼務), the route of that post.
 *
 * Why the server and not the engine in the browser: resolving needs the organisation (posts,
 * role holders, colleagues) — shipping it to every browser would expose the directory, and the
 * server resolves anyway when filing.
 */
export function useResolvedRoute(host: RendererHost, module: CompiledModule | undefined, formData: Record<string, unknown> | undefined): RouteStep[] | undefined {
  const fields = routeFields(module?.process, module?.meta.statistics, Object.keys(module?.schema.properties ?? {}));
  const routed = (module?.process ?? []).some((s) => s.approvers || s.when !== undefined);
  const key = JSON.stringify(fields.map((f) => formData?.[f] ?? null));
  const settled = useDebouncedValue(key, ROUTE_RESOLVE_DEBOUNCE_MS);
  // The query sends the whole form as it is when the settled values are asked (the key names only what the route reads).
  // 代理申請: the principal's route (the server checks that they allowed it).
  const filedFor = host.filedFor ?? null;
  const filedAs = host.filedAs ?? null;
  const latestData = useRef(formData);
  latestData.current = formData;
  const { data } = useQuery({
    queryKey: resourceKey(RESOLVE_PATH, { module_code: module?.code, version: module?.version, values: settled, filed_for: filedFor, filed_as: filedAs }, 'steps'),
    queryFn: () =>
      host.api
        .post<ResolvedRoute>(RESOLVE_PATH, { module_code: module?.code ?? '', data: latestData.current ?? {}, ...(filedFor === null ? {} : { filed_for: filedFor }),
          ...(filedAs === null ? {} : { filed_as_department_id: filedAs }),
        } satisfies ResolveBody)
        .then((body) => body?.steps ?? null),
    enabled: Boolean(module && routed),
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
  return routed ? (data ?? undefined) : undefined;
}
