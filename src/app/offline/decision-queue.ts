import type { ApiClient, ApiError } from '../api';
import { readOwner, readQueue, removeQueued, writeQueued } from './offline-db';

/** Where a queued decision stands: waiting to be sent, accepted by the server, or refused with its reason. */
export type QueuedState = 'pending' | 'sent' | 'refused';

/**
 * A decision taken offline, kept in IndexedDB by its idempotency key until the user clears it. It
 * belongs to the user who took it (`userId`): only that user's session sends it, lists it or
 * forgets it at sign-out; an expired session, or another user signing in on the device, keeps it.
 */
export interface QueuedDecision {
  /** The `Idempotency-Key` it is sent with, every time (the server decides once per key). */
  key: string;
  /** Who took it (sent as `queued_by`: the server refuses it from anyone else). Absent in a queue written before: the store's owner's. */
  userId: number;
  /** Their name as the profile said it, for the sign-in screen's "waiting" note. */
  userName: string;
  /** The step decided (`POST /approvals/{approvalId}/action`). */
  approvalId: number;
  documentId: number;
  /** The document's code and title as read, for the queue's list. */
  code: string;
  title: string;
  approve: boolean;
  /** The document's `updated_at` as read: the server refuses the decision when it changed since. */
  expectedUpdatedAt: string;
  queuedAt: number;
  state: QueuedState;
  /** When it was sent (accepted or refused). */
  settledAt?: number;
  /** The server's reason for a refusal, in the language of the moment it was sent. */
  reason?: string;
}

const listeners = new Set<() => void>();
/** Calls `listener` after every change of the queue; answers the unsubscribe. */
export function onQueueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const changed = () => listeners.forEach((listener) => listener());

/** The whole queue (every user's), oldest first; items written before decisions had owners are the store owner's. */
export async function allQueuedDecisions(): Promise<QueuedDecision[]> {
  const items = await readQueue<QueuedDecision>();
  const owner = items.some((item) => item.userId === undefined) ? await readOwner().catch(() => undefined) : undefined;
  return items.map((item) => (item.userId === undefined ? { ...item, userId: owner ?? 0, userName: item.userName ?? '' } : item)).sort((a, b) => a.queuedAt - b.queuedAt);
}

/** Writes the store owner's id into the queued decisions written before they named their user (before the owner changes). */
export async function ownQueuedDecisions(): Promise<void> {
  const items = await readQueue<QueuedDecision>();
  if (!items.some((item) => item.userId === undefined)) return;
  for (const item of await allQueuedDecisions()) await writeQueued(item);
}

/** One user's queue, oldest first. */
export async function queuedDecisions(userId: number): Promise<QueuedDecision[]> {
  return (await allQueuedDecisions()).filter((item) => item.userId === userId);
}

/** How many of the user's decisions wait to be sent (signing out would forget them). */
export async function waitingDecisionCount(userId: number): Promise<number> {
  return (await queuedDecisions(userId).catch(() => [])).filter((item) => item.state === 'pending').length;
}

/** Decisions waiting to be sent, per user who took them (the sign-in screen names them). */
export async function waitingDecisionsByUser(): Promise<Array<{ userId: number; userName: string; count: number }>> {
  const byUser = new Map<number, { userId: number; userName: string; count: number }>();
  for (const item of await allQueuedDecisions()) {
    if (item.state !== 'pending') continue;
    const seen = byUser.get(item.userId) ?? { userId: item.userId, userName: item.userName, count: 0 };
    byUser.set(item.userId, { ...seen, userName: item.userName || seen.userName, count: seen.count + 1 });
  }
  return [...byUser.values()];
}

/** Forgets one user's queue (they signed out, warned of what waits): the other users' decisions stay. */
export async function forgetQueuedOf(userId: number): Promise<void> {
  for (const item of await queuedDecisions(userId)) await removeQueued(item.key);
  changed();
}

function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return `offline-${crypto.randomUUID()}`;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `offline-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Queues a decision taken offline (pending), with a new idempotency key. */
export async function queueDecision(decision: Omit<QueuedDecision, 'key' | 'queuedAt' | 'state'>): Promise<QueuedDecision> {
  const item: QueuedDecision = { ...decision, key: newKey(), queuedAt: Date.now(), state: 'pending' };
  await writeQueued(item);
  changed();
  return item;
}

/** Forgets a decision that was sent or refused (the user cleared it from the list). */
export async function dismissDecision(key: string): Promise<void> {
  await removeQueued(key);
  changed();
}

/** The run sending now, and whose decisions it sends. */
let sending: { userId: number; run: Promise<void> } | null = null;

const settled = (item: QueuedDecision, state: QueuedState, reason?: string): QueuedDecision => ({ ...item, state, settledAt: Date.now(), ...(reason ? { reason } : {}) });

/**
 * Sends the signed-in user's pending decisions (never another user's: each is sent with
 * `queued_by`, which the server checks too), oldest first, each with its idempotency key and the version read.
 * Accepted → sent; a refusal of the server (4xx but 401/408/429) → refused with its message; no
 * reply, a 401 (signed out meanwhile), a busy or failing server → stays pending for the next try.
 * One run at a time in this page (another user's run waits for the one before); another tab
 * sending the same key is decided once by the server.
 */
export function sendQueuedDecisions(api: ApiClient, userId: number): Promise<void> {
  if (sending?.userId === userId) return sending.run;
  const before = sending?.run ?? Promise.resolve();
  const run: Promise<void> = before.catch(() => undefined).then(async () => {
    try {
      for (const item of await queuedDecisions(userId)) {
        if (item.state !== 'pending') continue;
        try {
          await api.post(`/approvals/${item.approvalId}/action`, { approve: item.approve, expected_updated_at: item.expectedUpdatedAt, queued_by: item.userId }, { headers: { 'Idempotency-Key': item.key }, ringiSilent: true });
          await writeQueued(settled(item, 'sent'));
        } catch (error) {
          // An ApiError (status 0 when no reply came); read by shape to keep this chunk off the API client's.
          const status = typeof (error as Partial<ApiError> | null)?.status === 'number' ? (error as ApiError).status : 0;
          const final = status >= 400 && status < 500 && ![401, 408, 429].includes(status);
          if (!final) break; // offline or not now: the rest waits too, in order
          await writeQueued(settled(item, 'refused', (error as ApiError).message));
        }
        changed();
      }
    } finally {
      if (sending?.run === run) sending = null;
    }
  });
  sending = { userId, run };
  return run;
}
