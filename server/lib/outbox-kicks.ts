import { AsyncLocalStorage } from 'node:async_hooks';
import type { DocumentNotes } from './document-events';

/** The outboxes whose sender runs right after the request that queued into them. */
export type Outbox = 'mail' | 'push' | 'webhooks';

/**
 * What a request leaves to be done after its response: the outboxes it queued into, and the
 * timeline entries to announce (`document-events.ts`). One store for both: every async context
 * store costs each promise a request creates.
 */
export interface RequestWork {
  outboxes: Set<Outbox>;
  documents: DocumentNotes;
}

const queued = new AsyncLocalStorage<RequestWork>();

/**
 * Notes that the running request queued a message into `outbox` (in its transaction), so that
 * the sender is kicked after the response (server/plugins/outbox-kicks.ts). Outside a request
 * (background jobs) it does nothing: their messages go out on the sender's interval.
 */
export function noteQueued(outbox: Outbox): void {
  queued.getStore()?.outboxes.add(outbox);
}

/** Runs `work` (the rest of a request) with `into` collecting what it leaves to be done after its response. */
export function collectRequestWork(into: RequestWork, work: () => void): void {
  queued.run(into, work);
}

/** The running request's store; undefined outside a request. */
export function requestWork(): RequestWork | undefined {
  return queued.getStore();
}
