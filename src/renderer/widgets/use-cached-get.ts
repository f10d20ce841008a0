import { useEffect, useState } from 'react';
import type { RendererHost } from '../host';

const cache = new WeakMap<RendererHost, Map<string, Promise<unknown>>>();

/**
 * One GET per host and URL, shared by every widget and detail card that shows the same
 * record (a list of 20 cards with the same company asks once). Failures are not cached.
 */
export function cachedGet<T>(host: RendererHost, path: string, params?: Record<string, unknown>): Promise<T> {
  let byUrl = cache.get(host);
  if (!byUrl) {
    byUrl = new Map();
    cache.set(host, byUrl);
  }
  const key = params ? `${path}?${JSON.stringify(params)}` : path;
  let pending = byUrl.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = host.api.get<T>(path, params);
    byUrl.set(key, pending);
    pending.catch(() => byUrl?.delete(key));
  }
  return pending;
}

/** The result of `cachedGet` for `path`, or undefined while loading, on failure or when path is null. */
export function useCachedGet<T>(host: RendererHost, path: string | null, params?: Record<string, unknown>): T | undefined {
  const [result, setResult] = useState<{ path: string; data: T } | undefined>(undefined);
  const paramsKey = params ? JSON.stringify(params) : '';
  useEffect(() => {
    if (!path) return undefined;
    let live = true;
    cachedGet<T>(host, path, params).then(
      (data) => live && setResult({ path: path + paramsKey, data }),
      () => undefined,
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- params is compared by its JSON form
  }, [host, path, paramsKey]);
  return result && path && result.path === path + paramsKey ? result.data : undefined;
}
