import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import { noteQueued } from '../lib/outbox-kicks';
import type { WebhookDelivery, WebhookEndpoint } from '../../src/wire/webhooks';
import { newWebhookSecret, sealSecret } from './webhook-secret';

/** How long the secret before a rotation keeps signing beside the new one. */
export const ROTATION_OVERLAP_HOURS = 24;

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

function endpoints(db: Kysely<Database>) {
  return db.selectFrom('webhook_endpoints as e').innerJoin('companies as c', 'c.id', 'e.company_id')
    .select(['e.id', 'e.company_id', 'c.name as company_name', 'e.url', 'e.events', 'e.description', 'e.disabled_at', 'e.disabled_reason',
      'e.previous_secret_until', 'e.created_at']);
}

type EndpointRow = Awaited<ReturnType<ReturnType<typeof endpoints>['execute']>>[number];

function wire(row: EndpointRow): WebhookEndpoint {
  const until = row.previous_secret_until && new Date(row.previous_secret_until).getTime() > Date.now() ? iso(row.previous_secret_until) : null;
  return {
    id: row.id, company_id: row.company_id, company: { id: row.company_id, name: row.company_name }, url: row.url, events: row.events,
    description: row.description, disabled_at: iso(row.disabled_at), disabled_reason: row.disabled_reason,
    previous_secret_expires_at: until, created_at: iso(row.created_at)!,
  };
}

/** The endpoints of these companies (`'all'`: every company), oldest first; `companyId` narrows to one. */
export async function listEndpoints(db: Kysely<Database>, companies: 'all' | number[], companyId?: number): Promise<WebhookEndpoint[]> {
  let query = endpoints(db);
  if (companies !== 'all') {
    if (!companies.length) return [];
    query = query.where('e.company_id', 'in', companies);
  }
  if (companyId !== undefined) query = query.where('e.company_id', '=', companyId);
  return (await query.orderBy('e.id').execute()).map(wire);
}

/** One endpoint with its company, or undefined. */
export async function findEndpoint(db: Kysely<Database>, id: number): Promise<WebhookEndpoint | undefined> {
  const row = await endpoints(db).where('e.id', '=', id).executeTakeFirst();
  return row && wire(row);
}

/** Adds an endpoint with a new secret (stored encrypted); answers its id and the secret in clear, once. */
export async function createEndpoint(db: Kysely<Database>, key: Buffer, values: { company_id: number; url: string; events: string[]; description: string | null; created_by: number }) {
  const secret = newWebhookSecret();
  const { id } = await db.insertInto('webhook_endpoints')
    .values({ ...values, events: JSON.stringify(values.events), secret: sealSecret(key, secret) })
    .returning('id').executeTakeFirstOrThrow();
  return { id, secret };
}

/**
 * A new secret for an endpoint: the current one becomes the previous one and keeps signing (a
 * second `v1,` signature) for 24 h, so receivers can switch without losing a message.
 */
export async function rotateSecret(db: Kysely<Database>, key: Buffer, id: number) {
  const secret = newWebhookSecret();
  const row = await sql<{ previous_secret_until: Date }>`update webhook_endpoints set previous_secret = secret, secret = ${sealSecret(key, secret)},
      previous_secret_until = now() + make_interval(hours => ${ROTATION_OVERLAP_HOURS})
    where id = ${id} returning previous_secret_until`.execute(db);
  return { id, secret, previous_secret_expires_at: iso(row.rows[0].previous_secret_until) };
}

/** Deletes an endpoint with its queued messages and its delivery log. */
export async function deleteEndpoint(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
}

/** An endpoint's delivery log, newest first, and its size. */
export async function deliveriesOf(db: Kysely<Database>, endpointId: number, page: number, perPage: number): Promise<{ rows: WebhookDelivery[]; total: number }> {
  const rows = await db.selectFrom('webhook_deliveries as d').innerJoin('webhook_messages as m', 'm.id', 'd.message_id')
    .select(['d.id', 'd.message_id', 'm.event_id', 'm.type', 'd.attempt', 'd.url', 'd.request_headers', 'd.request_body', 'd.response_status',
      'd.response_body', 'd.error', 'd.latency_ms', 'd.outcome', 'm.status as message_status', 'd.created_at'])
    .where('d.endpoint_id', '=', endpointId).orderBy('d.id', 'desc').limit(perPage).offset((page - 1) * perPage).execute();
  const { total } = await db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll<string>().as('total'))
    .where('endpoint_id', '=', endpointId).executeTakeFirstOrThrow();
  return {
    rows: rows.map((r) => ({ ...r, id: Number(r.id), message_id: Number(r.message_id), created_at: iso(r.created_at)! })),
    total: Number(total),
  };
}

/** The delivery's endpoint and message (to check who may resend it), or undefined. */
export async function findDelivery(db: Kysely<Database>, id: number) {
  return db.selectFrom('webhook_deliveries').select(['id', 'endpoint_id', 'message_id']).where('id', '=', id).executeTakeFirst();
}

/**
 * Queues the delivery's message for one more attempt now (same `webhook-id` and body, so a
 * receiver that already has it can tell), whatever its state: delivered, dead or still retrying.
 */
export async function resendMessage(db: Kysely<Database>, messageId: number): Promise<void> {
  await db.updateTable('webhook_messages').set({ status: 'pending', next_attempt_at: new Date(), claimed_until: null, finished_at: null })
    .where('id', '=', messageId).execute();
  noteQueued('webhooks');
}
