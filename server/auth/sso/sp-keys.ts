import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { openSsoSecret, sealSsoSecret } from './secret-seal';
import { selfSignedCertificate } from './self-signed-certificate';

/** A company's SAML SP signing key: its private key (PEM) and its certificate (base64 DER, as metadata holds it). */
export interface SpKeyPair {
  privateKeyPem: string;
  certificate: string;
}

/** How long an SP certificate is valid (an IdP checks its key, rarely its dates; ten years avoids a surprise expiry). */
const SP_CERTIFICATE_DAYS = 3652;

/**
 * The company's SAML SP key pair, made by the first instance that needs it (the first sign-in or
 * metadata read) and kept in `server_keys` (`saml-sp:<company id>`): the certificate as it is, the
 * private key sealed with the SSO secrets key (a database dump alone cannot sign). Racing
 * instances agree: `on conflict do nothing`, then read back. The key signs every AuthnRequest;
 * the certificate is in the SP metadata, so an IdP can require signed requests.
 */
export async function spKeyPair(db: Kysely<Database>, secretsKey: Buffer, companyId: number): Promise<SpKeyPair> {
  const name = `saml-sp:${companyId}`;
  let row = await db.selectFrom('server_keys').select(['public_value', 'private_value']).where('name', '=', name).executeTakeFirst();
  if (!row) {
    const made = selfSignedCertificate(`Ringi SAML SP ${companyId}`, SP_CERTIFICATE_DAYS);
    await db.insertInto('server_keys').values({ name, public_value: made.body, private_value: sealSsoSecret(secretsKey, made.privateKeyPem) })
      .onConflict((oc) => oc.column('name').doNothing()).execute();
    row = await db.selectFrom('server_keys').select(['public_value', 'private_value']).where('name', '=', name).executeTakeFirstOrThrow();
  }
  return { certificate: row.public_value, privateKeyPem: openSsoSecret(secretsKey, row.private_value) };
}
