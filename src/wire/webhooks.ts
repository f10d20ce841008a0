/**
 * Wire shapes of the signed webhooks (issue #35 item 6): `GET/POST /webhooks`,
 * `DELETE /webhooks/{id}`, `POST /webhooks/{id}/rotate_secret`, `GET /webhooks/{id}/deliveries`,
 * `POST /webhooks/deliveries/{id}/resend`. The server declares them as route schemas (OpenAPI at
 * /api/docs) and the web app takes its types from them. The events: src/engine/webhooks.
 */
import { Type, type Static } from '@sinclair/typebox';
import { dbId, nullable, recordOf } from './common';

const time = (description: string) => Type.String({ description });

/** One endpoint of a company (its secret is never answered again after creation or rotation). */
export const WebhookEndpoint = Type.Object({
  id: Type.Integer(),
  company_id: Type.Integer(),
  company: Type.Object({ id: Type.Integer(), name: Type.String() }),
  url: Type.String(),
  events: Type.Array(Type.String()),
  description: nullable(Type.String()),
  /** Set when the endpoint answered 410 Gone: nothing is sent to it any more. */
  disabled_at: nullable(time('When deliveries stopped (the endpoint answered 410 Gone)')),
  disabled_reason: nullable(Type.String()),
  /** Until when the secret before the last rotation still signs (a second `v1,` signature). */
  previous_secret_expires_at: nullable(time('Until when the previous secret also signs')),
  created_at: time('When it was added'),
}, { additionalProperties: false, description: 'A webhook endpoint of a company' });
export type WebhookEndpoint = Static<typeof WebhookEndpoint>;

/** `GET /webhooks`. */
export const WebhookCollection = Type.Object({
  'hydra:member': Type.Array(WebhookEndpoint),
  'hydra:totalItems': Type.Integer(),
});
export type WebhookCollection = Static<typeof WebhookCollection>;

/** `GET /webhooks` query. */
export const WebhookQuery = Type.Object({
  company_id: Type.Optional(dbId()),
}, { additionalProperties: false });
export type WebhookQuery = Static<typeof WebhookQuery>;

/** Body of `POST /webhooks` (the server checks it itself and answers 422 with each violation). */
export const WebhookBody = Type.Object({
  company_id: Type.Unknown({ description: 'The company whose events are sent (an authorizer: their own; a group admin: any)' }),
  url: Type.Unknown({ description: 'https URL on a public address (private, loopback and link-local addresses are refused unless WEBHOOK_ALLOW_PRIVATE=1)' }),
  events: Type.Unknown({ description: 'Event types to send, at least one (see the `webhooks` section of this description)' }),
  description: Type.Optional(Type.Unknown({ description: 'A note for the admins, at most 200 characters' })),
});
export type WebhookBody = { company_id: number; url: string; events: string[]; description?: string | null };

/** `POST /webhooks` → 201 and `POST /webhooks/{id}/rotate_secret` → 200: the secret, shown this once. */
export const WebhookSecret = Type.Object({
  id: Type.Integer(),
  secret: Type.String({ description: '`whsec_` + base64 of 32 random bytes; the HMAC key is the base64-decoded part. Shown only in this answer.' }),
  previous_secret_expires_at: Type.Optional(nullable(time('After a rotation: until when the old secret also signs (24 h)'))),
}, { additionalProperties: false });
export type WebhookSecret = Static<typeof WebhookSecret>;

/** One attempt to deliver one message to an endpoint (kept 30 days). */
export const WebhookDelivery = Type.Object({
  id: Type.Integer(),
  message_id: Type.Integer(),
  /** The `webhook-id` header: the same for every attempt of a message. */
  event_id: Type.String(),
  type: Type.String(),
  attempt: Type.Integer({ description: '1 for the first attempt, then each retry' }),
  url: Type.String(),
  request_headers: recordOf(Type.String()),
  request_body: Type.String(),
  response_status: nullable(Type.Integer({ description: 'null: no answer (timeout, refused address, connection error)' })),
  response_body: nullable(Type.String({ description: 'The first 1,024 bytes of the answer' })),
  error: nullable(Type.String()),
  latency_ms: Type.Integer(),
  outcome: Type.Union([Type.Literal('delivered'), Type.Literal('retry'), Type.Literal('dead'), Type.Literal('disabled')], { description: 'delivered (2xx); retry (a later attempt is scheduled); dead (no attempts left: dead-lettered); disabled (410 Gone: the endpoint is disabled)' }),
  message_status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('dead'), Type.Literal('disabled')], { description: 'Where the message stands now' }),
  created_at: time('When the attempt was made'),
}, { additionalProperties: false });
export type WebhookDelivery = Static<typeof WebhookDelivery>;

/** `GET /webhooks/{id}/deliveries`: newest first. */
export const WebhookDeliveryCollection = Type.Object({
  'hydra:member': Type.Array(WebhookDelivery),
  'hydra:totalItems': Type.Integer(),
});
export type WebhookDeliveryCollection = Static<typeof WebhookDeliveryCollection>;

export const WebhookDeliveryQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
  itemsPerPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
}, { additionalProperties: false });
export type WebhookDeliveryQuery = Static<typeof WebhookDeliveryQuery>;

/** `POST /webhooks/deliveries/{id}/resend` → 202: the message is queued for one more attempt now. */
export const WebhookResent = Type.Object({
  message_id: Type.Integer(),
  status: Type.Literal('pending'),
}, { additionalProperties: false });
export type WebhookResent = Static<typeof WebhookResent>;
