import { AsyncLocalStorage } from 'node:async_hooks';

/** The outboxes whose sender runs right after the request that queued into them. */
export type Outbox = 'mail' | 'push' | 'webhooks';

const queued = new AsyncLocalStorage<Set<Outbox>>();

/**
 * Notes that the running request queued a message into `outbox` (in its transaction), so that
 * the sender is kicked after the response (server/plugins/outbox-kicks.ts). Outside a request
 * (background jobs) it does nothing: their messages go out on the sender's interval.
 */
export function noteQueued(outbox: Outbox): void {
  queued.getStore()?.add(outbox);
}

/** Runs `work` (the rest of a request) with `outboxes` collecting what it queues. */
export function collectQueued(outboxes: Set<Outbox>, work: () => void): void {
  queued.run(outboxes, work);
}
