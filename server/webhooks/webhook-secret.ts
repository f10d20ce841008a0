import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** The prefix of a signing secret (Standard Webhooks 1.0). */
export const SECRET_PREFIX = 'whsec_';

/** A new signing secret: `whsec_` + base64 of 32 random bytes (the HMAC key). */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

/**
 * The key that encrypts signing secrets at rest: derived (HKDF-SHA256, its own label) from the
 * records key, which the database never holds and every instance shares (`RECORDS_KEY` or
 * `<dataDir>/records-key`). A database dump alone therefore reveals no secret.
 */
export function secretsKey(recordsKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', recordsKey, Buffer.alloc(0), 'ringi-webhook-secrets-v1', 32));
}

/** The secret encrypted for storage: `v1.` + base64(12-byte IV | 16-byte GCM tag | ciphertext). */
export function sealSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const text = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), text]).toString('base64')}`;
}

/** The stored secret decrypted; throws when it was sealed under another key (the records key changed). */
export function openSecret(key: Buffer, stored: string): string {
  if (!stored.startsWith('v1.')) throw new Error('unknown secret format');
  const raw = Buffer.from(stored.slice(3), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  try {
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    throw new Error('the signing secret cannot be decrypted (was RECORDS_KEY changed?): rotate the secret');
  }
}

/**
 * One Standard Webhooks 1.0 signature: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`, keyed
 * by the base64-decoded part of the secret after `whsec_`.
 */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}
