import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { Database } from '../db/database';
import { openSecret, sealSecret } from '../webhooks/webhook-secret';

/** The VAPID key pair (RFC 8292), base64url as the Push API and `web-push` take them. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The instances' one VAPID key pair: `VAPID_PUBLIC_KEY`/`VAPID_PRIVATE_KEY` when configured, else
 * the pair in `server_keys` — made by the first instance that needs it (`on conflict do nothing`,
 * then read back, so racing instances agree), its private key sealed with the secrets key (a
 * database dump alone cannot sign). Browsers' subscriptions are bound to the public key: it must
 * not change, so it is made once and kept.
 */
export async function vapidKeys(db: Kysely<Database>, secretsKey: Buffer, configured?: VapidKeys): Promise<VapidKeys> {
  if (configured) return configured;
  let row = await db.selectFrom('server_keys').select(['public_value', 'private_value']).where('name', '=', 'vapid').executeTakeFirst();
  if (!row) {
    const made = webpush.generateVAPIDKeys();
    await db.insertInto('server_keys').values({ name: 'vapid', public_value: made.publicKey, private_value: sealSecret(secretsKey, made.privateKey) })
      .onConflict((oc) => oc.column('name').doNothing()).execute();
    row = await db.selectFrom('server_keys').select(['public_value', 'private_value']).where('name', '=', 'vapid').executeTakeFirstOrThrow();
  }
  return { publicKey: row.public_value, privateKey: openSecret(secretsKey, row.private_value) };
}
