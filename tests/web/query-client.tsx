import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

/**
 * A query cache for one component test: no retries (a failed call shows its error state at
 * once, never a second request the test did not ask for) and no garbage-collection timers.
 * Every test host makes its own, so no answer is cached from one test into the next.
 */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Infinity, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** The app's QueryClientProvider over `client` (a fresh test cache when none is given). */
export function TestQueryProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
