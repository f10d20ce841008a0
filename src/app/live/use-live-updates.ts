import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { invalidateResources } from '../../renderer/resource-key';
import { invalidateDocuments } from '../api/queries';
import { readToken } from '../api/token-store';
import { startLiveEvents, type LiveDocumentEvent } from './live-events';

/**
 * What a document's live event makes stale: the approval lists and Home's count (`/approvals/my`),
 * an open detail (`/approvals/{step}/buffer`, `/buffers/{id}`), the requester's and the forwarded
 * and circulated lists, the document's comments and history (`/buffer/{id}/…`). Only active
 * queries are fetched again; the others are read afresh when shown.
 */
export const LIVE_RESOURCES = ['/approvals', '/buffers', '/buffer', '/my-buffers'] as const;

/** Marks what a document event touches stale (exported for the hook's test and for push later). */
export async function invalidateForEvent(client: QueryClient, _event: LiveDocumentEvent): Promise<void> {
  await invalidateResources(client, LIVE_RESOURCES);
}

/**
 * Keeps the signed-in user's open lists and detail pages current (issue #33 item 7): one stream
 * of live events for the session, each document event invalidating the queries that show
 * documents, a resync (after a reconnect) every document query. `fetchImpl` is the network
 * (tests hand in theirs).
 */
export function useLiveUpdates(enabled: boolean, fetchImpl: typeof globalThis.fetch = defaultFetch): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof fetchImpl !== 'function' || typeof TextDecoderStream === 'undefined') return undefined;
    // A bulk approval of 100 documents is 100 events: one invalidation for a burst of them.
    let burst: { timer: ReturnType<typeof setTimeout>; event: LiveDocumentEvent } | null = null;
    const stop = startLiveEvents({
      fetch: fetchImpl,
      token: readToken,
      onDocument: (event) => {
        if (burst) return;
        burst = { event, timer: setTimeout(() => {
          const { event: first } = burst!;
          burst = null;
          void invalidateForEvent(client, first);
        }, BURST_MS) };
      },
      onResync: () => void invalidateDocuments(client),
    });
    return () => {
      stop();
      if (burst) clearTimeout(burst.timer);
    };
  }, [enabled, fetchImpl, client]);
}

/** Events this close together are one invalidation. */
export const BURST_MS = 150;

const defaultFetch: typeof globalThis.fetch = (...args) => globalThis.fetch(...args);
