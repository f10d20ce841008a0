import { installOfflineHooks } from '../api/offline-transport';
import { forgetQueuedOf } from './decision-queue';
import { forgetKept, keepCopy, readCopy } from './offline-db';

/**
 * The signed-in user's copies of API answers (issue #33 item 3), hooked into the API client's
 * transport (`api/offline-transport.ts`): which answers are kept, keeping them once the store is
 * the user's, answering a read without reply from its copy, and the "as of" time of the copy last
 * shown.
 *
 * The answers kept for reading offline (issue #33 item 3): the profile, the pending list, a
 * document (by its step or its id), the definitions that render it, its comments, history and
 * file records, and the lists Home and the detail page read; while the pending documents' cards are
 * read ahead (`keepEveryRead`), every read, so that the names and labels they show — requester,
 * approvers, company, department… — are kept as of the last sync whatever widget shows them.
 * Everything else is not kept. A read without reply is answered from whatever copy is kept.
 */
const KEPT = /^\/(profile|approvals\/my|approvals\/\d+\/buffer|buffers\/\d+|module-definitions(\/[^/?]+)?|buffer\/\d+\/(comments|comments\/mentionable|last-history)|remember_email_push\/next_user\/\d+|files\/\d+(\/meta)?|companies(\/\d+)?|currencies|master_processes|[a-z_]+\/\d+)(\?|$)/;

/** The API base (`api-client.ts`), repeated so that this chunk does not import the client's. */
const API_BASE = '/api';
let keeping = false;
let everyRead = 0;
let servedAt: number | null = null;
const listeners = new Set<() => void>();

/**
 * Starts keeping copies of the replies (once the store is known to be the signed-in user's:
 * OfflineStatus) or stops (at sign-out). Copies are read whenever a session token is stored, so
 * a reload offline can check the session from the profile's copy.
 */
export function keepOfflineCopies(on: boolean): void {
  keeping = on;
  servedAt = null;
  listeners.forEach((listener) => listener());
}

/** While `work` runs, every read that gets a reply is kept (the reads of a card rendered ahead, `ReadsAhead`). */
export async function keepEveryRead<T>(work: () => Promise<T>): Promise<T> {
  everyRead += 1;
  try {
    return await work();
  } finally {
    everyRead -= 1;
  }
}

/** When the copy last served instead of a reply was saved (the "as of" time), null after a reply came. */
export function copyServedAt(): number | null {
  return servedAt;
}

/** Calls `listener` whenever {@link copyServedAt} changes; answers the unsubscribe. */
export function onCopyServed(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setServedAt(value: number | null) {
  if (value === servedAt) return;
  servedAt = value;
  listeners.forEach((listener) => listener());
}

installOfflineHooks({
  replied(request, reply) {
    const path = request.fullUrl.slice(API_BASE.length);
    if (!keeping || request.method !== 'GET' || reply.status !== 200 || (everyRead === 0 && !KEPT.test(path))) return;
    void keepCopy(path, reply.data).catch(() => undefined);
    setServedAt(null);
  },
  async copyFor(request) {
    const copy = await readCopy(request.fullUrl.slice(API_BASE.length));
    if (!copy) return undefined;
    setServedAt(copy.savedAt);
    return { status: 200, data: copy.data };
  },
});

/** Sign-out of `userId`: stop keeping and forget this device's copies and attachments, and that user's queued decisions (other users' stay). */
export async function forgetOfflineCopies(userId: number | undefined): Promise<void> {
  keepOfflineCopies(false);
  await forgetKept();
  if (userId !== undefined) await forgetQueuedOf(userId);
}
