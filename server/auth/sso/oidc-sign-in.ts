import * as client from 'openid-client';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { checkedFetch } from './checked-fetch';
import type { SignInSettings } from './sign-in-settings';
import { saveSsoRequest, takeSsoRequest } from './sso-requests';
import { SsoRefused } from './sso-refusal';

/** Clock skew allowed on the ID token's times (issue #34 item 2: at most 2 minutes). */
export const OIDC_CLOCK_TOLERANCE_SECONDS = 120;
/** How long a discovered configuration (and the library's JWKS cache in it) is reused. */
const CONFIG_TTL_MS = 10 * 60_000;

const configs = new Map<string, { config: client.Configuration; at: number }>();

/** The redirect URI Ringi registers at the IdP for a company. */
export const oidcRedirectUri = (appUrl: string, companyId: number) => `${appUrl}/api/sso/${companyId}/oidc/callback`;

/**
 * The company's OIDC configuration by discovery (`/.well-known/openid-configuration` of the
 * issuer), kept 10 minutes per issuer, client and secret. Every ID token's signature is checked
 * against the IdP's JWKS; the library keeps the JWKS up to 5 minutes and fetches it again when an
 * ID token names a key it does not know and the JWKS it holds is at least a minute old (the IdP's
 * key rotation: tests/server/sso-oidc-keys-clock.test.ts).
 */
async function configuration(settings: SignInSettings, allowPrivate: boolean): Promise<client.Configuration> {
  const key = JSON.stringify([settings.oidc_issuer, settings.oidc_client_id, settings.oidc_client_secret, allowPrivate]);
  const cached = configs.get(key);
  if (cached && Date.now() - cached.at < CONFIG_TTL_MS) return cached.config;
  if (!settings.oidc_issuer || !settings.oidc_client_id || !settings.oidc_client_secret) throw new SsoRefused('not_configured', 'OIDC settings incomplete');
  const config = await client.discovery(
    new URL(settings.oidc_issuer), settings.oidc_client_id,
    { [client.clockTolerance]: OIDC_CLOCK_TOLERANCE_SECONDS },
    client.ClientSecretPost(settings.oidc_client_secret),
    {
      // The library's default trusts an ID token from the token endpoint by TLS alone (OIDC Core
      // 3.1.3.7); Ringi checks its signature against the IdP's JWKS as well (non-repudiation checks).
      execute: [client.enableNonRepudiationChecks, ...(allowPrivate ? [client.allowInsecureRequests] : [])],
      [client.customFetch]: checkedFetch(allowPrivate), timeout: 10,
    },
  ).catch((error: unknown) => { throw new SsoRefused('idp', `discovery failed: ${(error as Error).message}`); });
  config[client.customFetch] = checkedFetch(allowPrivate);
  configs.set(key, { config, at: Date.now() });
  return config;
}

/**
 * Starts an OIDC sign-in: authorization code with PKCE (S256), a fresh `state` and `nonce`
 * remembered in `sso_requests` (any instance can take the answer). Answers the IdP's address.
 */
export async function startOidc(db: Kysely<Database>, settings: SignInSettings, appUrl: string, allowPrivate: boolean, loginHint?: string): Promise<string> {
  const config = await configuration(settings, allowPrivate);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const verifier = client.randomPKCECodeVerifier();
  await saveSsoRequest(db, { id: state, company_id: settings.company_id, protocol: 'oidc', nonce, code_verifier: verifier });
  return client.buildAuthorizationUrl(config, {
    redirect_uri: oidcRedirectUri(appUrl, settings.company_id), scope: 'openid email profile', response_type: 'code',
    state, nonce, code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256',
    ...(loginHint ? { login_hint: loginHint } : {}),
  }).href;
}

/** The messages of an error and of its causes, outermost first. */
function causeMessages(error: unknown): string[] {
  const out: string[] = [];
  for (let at = error; at instanceof Error && out.length < 5; at = at.cause) out.push(at.message);
  return out;
}

/**
 * Finishes an OIDC sign-in from the callback's address: the `state` must be one this server
 * issued for this company and not yet used; the code is exchanged with the PKCE verifier; the ID
 * token's signature (JWKS), issuer, audience, times (±2 min) and `nonce` are checked by the
 * library. Answers the identity (e-mail, name) the IdP vouched for; refusals say why.
 */
export async function finishOidc(db: Kysely<Database>, settings: SignInSettings, callbackUrl: URL, allowPrivate: boolean): Promise<{ email: string; name: string | null }> {
  const state = callbackUrl.searchParams.get('state') ?? '';
  const request = await takeSsoRequest(db, state, 'oidc');
  // A state Ringi issued for another company: the answer comes from that company's IdP (or was carried here from it).
  if (request.company_id !== settings.company_id) throw new SsoRefused('other_idp', `state of company ${request.company_id}`);
  const error = callbackUrl.searchParams.get('error');
  if (error) throw new SsoRefused('idp', `IdP answered ${error}`);
  const config = await configuration(settings, allowPrivate);
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: request.code_verifier!, expectedState: state, expectedNonce: request.nonce!, idTokenExpected: true,
    });
  } catch (failure) {
    // openid-client wraps oauth4webapi's error: the claim that failed is on the inner cause.
    const inner = (failure as { cause?: { claim?: string; cause?: { claim?: string } } }).cause;
    const cause = inner?.claim ? inner : inner?.cause;
    const code = (failure as { code?: string }).code;
    const messages = causeMessages(failure);
    if (cause?.claim === 'nonce') throw new SsoRefused('nonce', 'ID token nonce mismatch');
    if (code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') throw new SsoRefused('expired', (failure as Error).message);
    // Not signed by a key of the IdP's JWKS (a key it no longer or not yet publishes, or a forgery).
    if (code === 'OAUTH_KEY_SELECTION_FAILED' || messages.some((m) => /signature verification failed/.test(m))) throw new SsoRefused('signature', messages.join(': '));
    // The authorization response's `iss` (RFC 9207) names another issuer: another IdP's answer.
    if (cause?.claim === 'iss' || messages.some((m) => /"iss"/.test(m))) throw new SsoRefused('other_idp', messages.join(': '));
    throw new SsoRefused('idp', `code exchange failed: ${messages.join(': ')}`);
  }
  const idToken = tokens.claims();
  if (!idToken) throw new SsoRefused('idp', 'no ID token');
  // The library checks `exp` (and `nbf`) with the tolerance but not an `iat` in the future: an IdP
  // clock ahead of Ringi's by more than the allowed skew is refused here, the same way.
  if (idToken.iat > Math.floor(Date.now() / 1000) + OIDC_CLOCK_TOLERANCE_SECONDS) throw new SsoRefused('expired', `ID token issued ${idToken.iat - Math.floor(Date.now() / 1000)} s in the future`);
  // Entra, Google and Feishu put the e-mail in the ID token; a provider that keeps claims for the
  // UserInfo endpoint (as oidc-provider does by default) is asked there, for the same subject.
  const claims: Record<string, unknown> = typeof idToken.email === 'string' ? idToken
    : await client.fetchUserInfo(config, tokens.access_token, idToken.sub)
      .catch((error: Error) => { throw new SsoRefused('idp', `userinfo failed: ${error.message}`); });
  const email = typeof claims.email === 'string' ? claims.email : '';
  // An address the IdP says it has not verified is not an identity (Entra sends no email_verified: absent is accepted).
  if (claims.email_verified === false) throw new SsoRefused('no_user', 'e-mail not verified at the IdP');
  return { email, name: typeof claims.name === 'string' ? claims.name : null };
}
