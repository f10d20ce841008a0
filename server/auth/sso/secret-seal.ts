import { hkdfSync } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { openSecret, sealSecret } from '../../webhooks/webhook-secret';

/** The prefix of a sealed value (AES-256-GCM, `webhooks/webhook-secret.ts`'s format). */
const SEALED = 'v1.';

/**
 * The key that seals SSO secrets at rest — an OIDC client secret waiting in a pending request
 * (`sso_secrets`) and the one in force (`company_sign_in`), the companies' SAML SP private keys —:
 * derived (HKDF-SHA256, its own label) from the records key, which the database never holds and
 * every instance shares (`RECORDS_KEY` or `<dataDir>/records-key`). A database dump alone
 * therefore reveals no secret; a changed records key makes them unreadable (type them again).
 */
export function ssoSecretsKey(recordsKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', recordsKey, Buffer.alloc(0), 'ringi-sso-secrets-v1', 32));
}

/** A secret sealed for storage (`v1.` + base64 of IV, GCM tag and ciphertext). */
export function sealSsoSecret(key: Buffer, secret: string): string {
  return sealSecret(key, secret);
}

/**
 * A stored secret opened. A value written before secrets were sealed (no `v1.` prefix) is read as
 * it is; `sealPlainSsoSecrets` seals those at start.
 */
export function openSsoSecret(key: Buffer, stored: string): string {
  return stored.startsWith(SEALED) ? openSecret(key, stored) : stored;
}

/**
 * Seals the client secrets stored before sealing existed (plain text in `company_sign_in` and
 * `sso_secrets`); run at start by every instance (idempotent: a sealed value is left alone).
 * Answers how many were sealed.
 */
export async function sealPlainSsoSecrets(db: Kysely<Database>, key: Buffer): Promise<number> {
  let sealed = 0;
  const settings = await db.selectFrom('company_sign_in').select(['company_id', 'oidc_client_secret'])
    .where('oidc_client_secret', 'is not', null).where('oidc_client_secret', 'not like', `${SEALED}%`).execute();
  for (const row of settings) {
    await db.updateTable('company_sign_in').set({ oidc_client_secret: sealSsoSecret(key, row.oidc_client_secret!) })
      .where('company_id', '=', row.company_id).where('oidc_client_secret', '=', row.oidc_client_secret).execute();
    sealed += 1;
  }
  const pending = await db.selectFrom('sso_secrets').select(['id', 'secret']).where('secret', 'not like', `${SEALED}%`).execute();
  for (const row of pending) {
    await db.updateTable('sso_secrets').set({ secret: sealSsoSecret(key, row.secret) }).where('id', '=', row.id).where('secret', '=', row.secret).execute();
    sealed += 1;
  }
  return sealed;
}
