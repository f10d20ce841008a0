import type { QueryClient } from '@tanstack/react-query';

const OPTIONS = { defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } };

let QueryClientClass: typeof QueryClient | undefined;

/**
 * A new query cache for the app, or undefined until TanStack Query's code is in. Its chunk is
 * not part of the first screen (the login page has no queries): `loadQueryClient` fetches it.
 */
export function newQueryClientIfLoaded(): QueryClient | undefined {
  return QueryClientClass ? new QueryClientClass(OPTIONS) : undefined;
}

/** Loads TanStack Query and makes the app's query cache (retry once, no refetch on focus). */
export async function loadQueryClient(): Promise<QueryClient> {
  ({ QueryClient: QueryClientClass } = await import('./query-client-class'));
  return new QueryClientClass(OPTIONS);
}
