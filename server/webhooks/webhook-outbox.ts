import { randomUUID } from 'node:crypto';
import { sql, type Expression, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import { noteQueued } from '../lib/outbox-kicks';

/** A new `webhook-id`: `msg_` + 32 hex digits, the same for every endpoint and attempt of one event. */
export const newEventId = (): string => `msg_${randomUUID().replace(/-/g, '')}`;

/**
 * Queues one event for every enabled endpoint of the company that subscribed to its type. Pass
 * the transaction of the change that causes it: the rows exist exactly when the change commits,
 * and any instance's dispatcher delivers them. The body — `{type, timestamp, data}` — is fixed
 * here and sent unchanged on every attempt. Answers how many endpoints it was queued for.
 */
export async function enqueueWebhookEvent(db: Kysely<Database>, companyId: number | null, type: string, data: Record<string, unknown>): Promise<number> {
  if (companyId === null) return 0;
  const body = JSON.stringify({ type, timestamp: new Date().toISOString(), data });
  const result = await sql`insert into webhook_messages (endpoint_id, event_id, type, body)
    select id, ${newEventId()}, ${type}, ${body} from webhook_endpoints
    where company_id = ${companyId} and disabled_at is null and events @> ${JSON.stringify([type])}::jsonb`.execute(db);
  const queued = Number(result.numAffectedRows ?? 0);
  if (queued) noteQueued('webhooks');
  return queued;
}

/** The company's enabled endpoints as a subquery (`exists (…)`: callers skip building events when there are none). */
export function companyEndpoints(companyId: Expression<number | null>) {
  return sql`(select 1 from webhook_endpoints where company_id = ${companyId} and disabled_at is null)`;
}
