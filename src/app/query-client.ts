import type { QueryClient } from '@tanstack/react-query';

/**
 * A read is tried again once only when no reply came (status 0: the network dropped); a reply of
 * the server (4xx/5xx) is final: its message was already shown as a toast, and the page shows its
 * error state at once, as it did before the reads went through the cache.
 */
function retryOnlyWithoutReply(failures: number, error: unknown): boolean {
  return failures < 1 && (error as { status?: unknown } | null)?.status === 0;
}

// `offlineFirst`: a read runs once even when the browser says it is offline, so the transport can
// answer it from the user's offline copies (issue #33 item 3); only its retries wait for the network.
const OPTIONS = { defaultOptions: { queries: { retry: retryOnlyWithoutReply, refetchOnWindowFocus: false, networkMode: 'offlineFirst' as const } } };

let QueryClientClass: typeof QueryClient | undefined;

/**
 * A new query cache for the app, or undefined until TanStack Query's code is in. Its chunk is
 * not part of the first screen (the login page has no queries): `loadQueryClient` fetches it.
 */
export function newQueryClientIfLoaded(): QueryClient | undefined {
  return QueryClientClass ? new QueryClientClass(OPTIONS) : undefined;
}

/** Loads TanStack Query and makes the app's query cache (retry once without a reply, no refetch on focus). */
export async function loadQueryClient(): Promise<QueryClient> {
  ({ QueryClient: QueryClientClass } = await import('./query-client-class'));
  return new QueryClientClass(OPTIONS);
}
