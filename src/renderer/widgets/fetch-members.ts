import type { RendererHost } from '../host';

/** A hydra collection as every list endpoint returns it. */
export interface HydraCollection<T> {
  'hydra:member': T[];
  'hydra:totalItems'?: number;
}

/**
 * Fetches one page of a list endpoint and returns its members. Plain arrays are accepted
 * too, so small lookup lists (contract types of a module) work whichever shape they use.
 */
export async function fetchMembers<T>(host: RendererHost, path: string, params?: Record<string, unknown>): Promise<T[]> {
  const body = await host.api.get<HydraCollection<T> | T[]>(path, params);
  if (Array.isArray(body)) return body;
  return Array.isArray(body?.['hydra:member']) ? body['hydra:member'] : [];
}
