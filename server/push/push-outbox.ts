import { sql, type RawBuilder } from 'kysely';

/** What a push tells (issue 33 item 2): waiting for you (also deputies), sent back to you, yours decided, a mention. */
export type PushEvent = 'waiting' | 'sentBack' | 'decided' | 'mention';

/**
 * The payload a device receives: ids, the document code and a title in the recipient's language —
 * never amounts or data (a push passes through the push service and shows on a locked screen).
 * The service worker opens `url` when it is tapped.
 */
export interface PushPayload {
  event: PushEvent;
  document_id: number | null;
  code: string;
  title: string;
  url: string;
}

/** Payloads stay far below the 4 KB a push service takes (RFC 8291 adds ~100 bytes). */
export const MAX_PUSH_PAYLOAD_BYTES = 3000;

/** How a push is queued: `topic` names the document (a newer message replaces one not yet delivered). */
export interface PushOptions { topic: string; urgency?: 'normal' | 'high' }

/** The stored payload: within MAX_PUSH_PAYLOAD_BYTES (a long title is cut). */
function pushBody(payload: PushPayload): string {
  const body = JSON.stringify(payload);
  return Buffer.byteLength(body) > MAX_PUSH_PAYLOAD_BYTES ? JSON.stringify({ ...payload, title: [...payload.title].slice(0, 200).join('') }) : body;
}

/**
 * The statement that queues `payload` for every device `userId` subscribed (one row each, none
 * without a device), returning the queued rows' ids; a mail's statement ends with it
 * (`workflow/mail/notifications.ts`). Run in the caller's transaction, so the push exists exactly
 * when the change is committed; note it with `noteQueued('push')` when it queued any.
 */
export function pushForUser(userId: number, payload: PushPayload, options: PushOptions): RawBuilder<{ id: number }> {
  return sql<{ id: number }>`insert into push_outbox (subscription_id, topic, urgency, payload)
    select id, ${options.topic}, ${options.urgency ?? 'normal'}, ${pushBody(payload)} from push_subscriptions where user_id = ${userId} returning id`;
}

/** A document's push topic (RFC 8030 §5.4: at most 32 characters of the URL-safe base64 alphabet). */
export function documentTopic(documentId: number | null, code: string): string {
  return (documentId !== null ? `doc-${documentId}` : `code-${code}`).replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 32);
}
