import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { noteQueued } from '../lib/outbox-kicks';

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

/**
 * Queues `payload` for every device `userId` subscribed, in the caller's transaction (so it exists
 * exactly when the change is committed). `topic` names the document: a newer message with the same
 * topic replaces one the push service has not delivered yet. Returns the number queued.
 */
export async function enqueuePush(trx: Kysely<Database>, userId: number, payload: PushPayload, options: { topic: string; urgency?: 'normal' | 'high' }): Promise<number> {
  const subscriptions = await trx.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).execute();
  if (!subscriptions.length) return 0;
  let body = JSON.stringify(payload);
  if (Buffer.byteLength(body) > MAX_PUSH_PAYLOAD_BYTES) body = JSON.stringify({ ...payload, title: [...payload.title].slice(0, 200).join('') });
  await trx.insertInto('push_outbox')
    .values(subscriptions.map((s) => ({ subscription_id: s.id, topic: options.topic, urgency: options.urgency ?? 'normal', payload: body })))
    .execute();
  noteQueued('push');
  return subscriptions.length;
}

/** A document's push topic (RFC 8030 §5.4: at most 32 characters of the URL-safe base64 alphabet). */
export function documentTopic(documentId: number | null, code: string): string {
  return (documentId !== null ? `doc-${documentId}` : `code-${code}`).replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 32);
}
