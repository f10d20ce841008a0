/**
 * Wire shapes of single sign-on (issue #34 items 1–4; server/routes/sso, docs/IDENTITY.md):
 * a company's sign-in settings as admins read them, the login page's e-mail step, and the
 * ticket a browser exchanges for its token after the IdP sent it back.
 */
import { Type, type Static } from '@sinclair/typebox';

import { stringEnum } from './common';

export const SIGN_IN_METHODS = ['password', 'oidc', 'saml'] as const;

/** `GET /companies/{id}/sign_in`: the settings in force; of the client secret only whether one is set. */
export const CompanySignIn = Type.Object({
  company_id: Type.Integer(),
  method: stringEnum(SIGN_IN_METHODS),
  sso_required: Type.Boolean(),
  break_glass: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String() }), Type.Null()]),
  email_domains: Type.Array(Type.String()),
  jit: Type.Boolean(),
  oidc_issuer: Type.Union([Type.String(), Type.Null()]),
  oidc_client_id: Type.Union([Type.String(), Type.Null()]),
  oidc_client_secret_set: Type.Boolean({ description: 'Whether an OIDC client secret is set; the secret (sealed at rest) is never answered, not even in part' }),
  oidc_redirect_uri: Type.String({ description: 'The redirect URI to register at the IdP' }),
  saml_metadata_url: Type.Union([Type.String(), Type.Null()]),
  saml_entity_id: Type.Union([Type.String(), Type.Null()]),
  saml_sso_url: Type.Union([Type.String(), Type.Null()]),
  saml_certificates: Type.Array(Type.Object({ subject: Type.String(), valid_to: Type.String(), fingerprint: Type.String() })),
  saml_email_attribute: Type.Union([Type.String(), Type.Null()]),
  sp_entity_id: Type.String({ description: 'Ringi\'s SAML entity ID for this company (audience)' }),
  sp_acs_url: Type.String({ description: 'Ringi\'s assertion consumer service URL for this company (recipient)' }),
  sp_metadata_url: Type.String({ description: 'Ringi\'s SAML SP metadata for this company' }),
  sp_certificate: Type.Union([
    Type.Object({ subject: Type.String(), valid_to: Type.String(), fingerprint: Type.String() }),
    Type.Null(),
  ], { description: 'SAML companies: the certificate of the company\'s SP key that signs its AuthnRequests (in the SP metadata); null for the other methods' }),
});
export type CompanySignIn = Static<typeof CompanySignIn>;

/** `POST /sign_in/discover`: the e-mail the login page's first step asks for. */
export const DiscoverBody = Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }) });
export type DiscoverBody = Static<typeof DiscoverBody>;

/** How that address signs in: a password, or single sign-on at `sso_url` (the browser goes there). */
export const DiscoverReply = Type.Object({
  method: stringEnum(['password', 'sso'] as const),
  sso_url: Type.Optional(Type.String()),
  sso_required: Type.Optional(Type.Boolean()),
});
export type DiscoverReply = Static<typeof DiscoverReply>;

/** `POST /sso/exchange`: the one-time ticket an SSO callback put in the address. */
export const SsoExchangeBody = Type.Object({ ticket: Type.String({ minLength: 16, maxLength: 128 }) });
export type SsoExchangeBody = Static<typeof SsoExchangeBody>;

/** Why an SSO sign-in was refused (the refusal page's reason, `/?sso_error=`). */
export const SSO_REFUSALS = [
  'state', 'nonce', 'idp', 'other_idp', 'signature', 'expired', 'audience', 'replay', 'other_company', 'no_user', 'deactivated', 'not_configured', 'failed',
] as const;
export type SsoRefusal = (typeof SSO_REFUSALS)[number];
