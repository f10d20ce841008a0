import type { Collection } from '../../wire/common';
import type { RendererHost } from '../host';

/**
 * Fetches one page of a list endpoint and returns its members. Plain arrays are accepted
 * too, so small lookup lists (contract types of a module) work whichever shape they use.
 */
export async function fetchMembers<T>(host: RendererHost, path: string, params?: Record<string, unknown>): Promise<T[]> {
  const body = await host.api.get<Collection<T> | T[]>(path, params);
  if (Array.isArray(body)) return body;
  return Array.isArray(body?.['hydra:member']) ? body['hydra:member'] : [];
}

/**
 * Fetches one page of a list endpoint with the server's `nextCursor` (keyset-paged lists send
 * it when the page was full; the caller passes it back as `cursor` for the next page).
 */
export async function fetchMembersPage<T>(host: RendererHost, path: string, params?: Record<string, unknown>): Promise<{ rows: T[]; nextCursor?: string }> {
  const body = await host.api.get<Collection<T> | T[]>(path, params);
  if (Array.isArray(body)) return { rows: body };
  const rows = Array.isArray(body?.['hydra:member']) ? body['hydra:member'] : [];
  return typeof body?.nextCursor === 'string' ? { rows, nextCursor: body.nextCursor } : { rows };
}
