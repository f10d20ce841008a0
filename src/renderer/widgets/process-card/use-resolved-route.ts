import { useEffect, useState } from 'react';
import { routeFields, type CompiledModule } from '../../../engine';
import type { RendererHost } from '../../host';
import { useDebouncedValue } from '../use-debounced-value';

/** One step of `POST /master_processes/resolve` as the card shows it. */
export interface RouteStep {
  id: number;
  code: string;
  name: string;
  mode: 'any' | 'all' | 'quorum';
  required: number;
  quorum: number | null;
  optional: boolean;
  circulation: boolean;
  by: 'rule' | 'choice';
  editable: boolean;
  approvers: Array<{ id: number; name: string }>;
  skipped: string | null;
  skipped_reason: string | null;
  blocked: string | null;
  blocked_reason: string | null;
}

const cache = new WeakMap<RendererHost, Map<string, Promise<RouteStep[]>>>();

/**
 * The route the document would follow with the form's current values, from the server's resolve
 * call (the authority at filing, with the same engine function). Asked again only when a field
 * the route depends on (`routeFields`: what its conditions read, company, department) changes,
 * 400 ms after typing stops; answers are kept per host and value set. Undefined while the first
 * answer is loading or when the module has no conditional or resolved steps to show differently.
 *
 * Why the server and not the engine in the browser: resolving needs the organisation (posts,
 * role holders, colleagues) — shipping it to every browser would expose the directory, and the
 * server resolves anyway when filing.
 */
export function useResolvedRoute(host: RendererHost, module: CompiledModule | undefined, formData: Record<string, unknown> | undefined): RouteStep[] | undefined {
  const fields = routeFields(module?.process);
  const routed = (module?.process ?? []).some((s) => s.approvers || s.when !== undefined);
  const key = JSON.stringify(fields.map((f) => formData?.[f] ?? null));
  const settled = useDebouncedValue(key, 400);
  const [result, setResult] = useState<{ key: string; steps: RouteStep[] } | undefined>(undefined);
  const latestData = formData;
  useEffect(() => {
    if (!module || !routed) return undefined;
    let live = true;
    let byKey = cache.get(host);
    if (!byKey) cache.set(host, (byKey = new Map()));
    const cacheKey = `${module.code}:${module.version}:${settled}`;
    let pending = byKey.get(cacheKey);
    if (!pending) {
      pending = host.api.post<{ steps: RouteStep[] }>('/master_processes/resolve', { module_code: module.code, data: latestData ?? {} }).then((body) => body.steps);
      byKey.set(cacheKey, pending);
      pending.catch(() => byKey?.delete(cacheKey));
    }
    pending.then((steps) => live && setResult({ key: settled, steps }), () => undefined);
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the route depends on the settled key only
  }, [host, module?.code, module?.version, settled, routed]);
  return routed ? result?.steps : undefined;
}
