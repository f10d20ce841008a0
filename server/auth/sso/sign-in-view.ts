import { X509Certificate } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { CompanySignIn } from '../../../src/wire/sign-in';
import { oidcRedirectUri } from './oidc-sign-in';
import { spAddresses } from './saml-sign-in';
import { signInSettings } from './sign-in-settings';
import { spKeyPair } from './sp-keys';

/** A base64 certificate's subject, expiry and SHA-256 fingerprint (what the settings screen shows). */
function certificateView(body: string) {
  try {
    const cert = new X509Certificate(Buffer.from(body, 'base64'));
    return { subject: cert.subject.replace(/\n/g, ', '), valid_to: new Date(cert.validTo).toISOString(), fingerprint: cert.fingerprint256 };
  } catch {
    return { subject: '?', valid_to: '', fingerprint: '' };
  }
}

/** A company's sign-in settings as admins read them: whether a client secret is set (never any of it), the addresses to register at the IdP. */
export async function signInSettingsView(db: Kysely<Database>, id: number, appUrl: string, secretsKey: Buffer): Promise<CompanySignIn> {
  const s = await signInSettings(db, id);
  const spKey = s.method === 'saml' ? await spKeyPair(db, secretsKey, id) : null;
  const breakGlass = s.break_glass_user_id
    ? await db.selectFrom('users').select(['id', 'name', 'email']).where('id', '=', s.break_glass_user_id).executeTakeFirst() : undefined;
  const sp = spAddresses(appUrl, id);
  return {
    company_id: id, method: s.method, sso_required: s.sso_required, break_glass: breakGlass ?? null, email_domains: s.email_domains, jit: s.jit,
    oidc_issuer: s.oidc_issuer, oidc_client_id: s.oidc_client_id, oidc_client_secret_set: Boolean(s.oidc_client_secret), oidc_redirect_uri: oidcRedirectUri(appUrl, id),
    saml_metadata_url: s.saml_metadata_url, saml_entity_id: s.saml_entity_id, saml_sso_url: s.saml_sso_url,
    saml_certificates: s.saml_certificates.map(certificateView), saml_email_attribute: s.saml_email_attribute,
    sp_entity_id: sp.entityId, sp_acs_url: sp.acsUrl, sp_metadata_url: sp.metadataUrl, sp_certificate: spKey ? certificateView(spKey.certificate) : null,
  };
}
