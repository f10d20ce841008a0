/**
 * Web Push on the wire (issue 33 item 2): the server's VAPID public key, a device's subscription
 * as the browser's `PushSubscription.toJSON()` gives it, and the devices a user subscribed.
 */
import { Type, type Static } from '@sinclair/typebox';

/** `GET /push/public_key`: the VAPID public key (base64url) to pass as `applicationServerKey`. */
export const PushPublicKey = Type.Object({ key: Type.String() });
export type PushPublicKey = Static<typeof PushPublicKey>;

/** `POST /push/subscriptions`: `PushSubscription.toJSON()` (its `expirationTime` is ignored). */
export const PushSubscriptionBody = Type.Object({
  endpoint: Type.String({ minLength: 1, maxLength: 2048 }),
  keys: Type.Object({
    p256dh: Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_-]+={0,2}$' }),
    auth: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+={0,2}$' }),
  }),
  expirationTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
});
export type PushSubscriptionBody = Static<typeof PushSubscriptionBody>;

/** One subscribed device of the user: where it pushes to (the service's host), its browser, when. */
export const PushDevice = Type.Object({
  id: Type.Integer(),
  service: Type.String(),
  user_agent: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  last_sent_at: Type.Union([Type.String(), Type.Null()]),
});
export type PushDevice = Static<typeof PushDevice>;

export const PushDeviceList = Type.Object({ items: Type.Array(PushDevice) });
export type PushDeviceList = Static<typeof PushDeviceList>;
