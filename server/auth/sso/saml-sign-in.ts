import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { checkedFetch } from './checked-fetch';
import { parseIdpMetadata } from './saml-metadata';
import type { SignInSettings } from './sign-in-settings';
import { peekSsoRequest, saveSsoRequest, SSO_REQUEST_MINUTES } from './sso-requests';
import { SsoRefused } from './sso-refusal';
import type { SpKeyPair } from './sp-keys';

/** Clock skew allowed on an assertion's times (as for OIDC: 2 minutes). */
export const SAML_CLOCK_SKEW_MS = 120_000;
const METADATA_TTL_MS = 10 * 60_000;
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

/** Ringi's SAML addresses for a company: its entity ID (the audience) and its ACS (the recipient). */
export function spAddresses(appUrl: string, companyId: number) {
  const base = `${appUrl}/api/sso/${companyId}/saml`;
  return { entityId: `${base}/metadata`, acsUrl: `${base}/acs`, metadataUrl: `${base}/metadata` };
}

const metadataCache = new Map<string, { at: number; entityId: string | null; ssoUrl: string | null; certificates: string[] }>();

/** The IdP as the settings give it, or as its metadata URL says (fetched through the checked fetch, kept 10 minutes). */
async function idpOf(settings: SignInSettings, allowPrivate: boolean) {
  if (!settings.saml_metadata_url) return { entityId: settings.saml_entity_id, ssoUrl: settings.saml_sso_url, certificates: settings.saml_certificates };
  const cached = metadataCache.get(settings.saml_metadata_url);
  if (cached && Date.now() - cached.at < METADATA_TTL_MS) return cached;
  const reply = await checkedFetch(allowPrivate)(settings.saml_metadata_url).catch((error: Error) => { throw new SsoRefused('idp', `metadata: ${error.message}`); });
  if (!reply.ok) throw new SsoRefused('idp', `metadata answered ${reply.status}`);
  const parsed = parseIdpMetadata((await reply.text()).slice(0, 1_000_000));
  const idp = {
    at: Date.now(), entityId: settings.saml_entity_id || parsed.entityId, ssoUrl: settings.saml_sso_url || parsed.ssoUrl,
    certificates: settings.saml_certificates.length ? settings.saml_certificates : parsed.certificates,
  };
  metadataCache.set(settings.saml_metadata_url, idp);
  return idp;
}

/** node-saml's request-id store in `sso_requests`: an InResponseTo issued by any instance is known to all, for the company that sent it only. */
function requestStore(db: Kysely<Database>, companyId: number): CacheProvider {
  return {
    async saveAsync(key) {
      await saveSsoRequest(db, { id: key, company_id: companyId, protocol: 'saml' });
      return { value: key, createdAt: Date.now() };
    },
    async getAsync(key) {
      return peekSsoRequest(db, key, companyId);
    },
    async removeAsync(key) {
      if (!key) return null;
      const done = await db.updateTable('sso_requests').set({ used_at: new Date() }).where('id', '=', key)
        .where('company_id', '=', companyId).where('protocol', '=', 'saml').where('used_at', 'is', null).executeTakeFirst();
      return done.numUpdatedRows === 1n ? key : null;
    },
  };
}

const pem = (body: string) => `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----`;

/**
 * A node-saml SP for the company: signed assertions required, audience = Ringi's entity ID, both
 * IdP certificates accepted; with the company's SP key, its AuthnRequests are signed (RSA-SHA256,
 * the HTTP-Redirect binding's `SigAlg` and `Signature` parameters).
 */
async function samlFor(db: Kysely<Database>, settings: SignInSettings, appUrl: string, allowPrivate: boolean, sp?: SpKeyPair): Promise<SAML> {
  const idp = await idpOf(settings, allowPrivate);
  if (!idp.entityId || !idp.ssoUrl || !idp.certificates.length) throw new SsoRefused('not_configured', 'SAML IdP incomplete');
  const at = spAddresses(appUrl, settings.company_id);
  return new SAML({
    callbackUrl: at.acsUrl, entryPoint: idp.ssoUrl, issuer: at.entityId, audience: at.entityId, idpIssuer: idp.entityId,
    ...(sp ? { privateKey: sp.privateKeyPem, signatureAlgorithm: 'sha256' as const } : {}),
    idpCert: idp.certificates.map(pem), wantAssertionsSigned: true, wantAuthnResponseSigned: false,
    acceptedClockSkewMs: SAML_CLOCK_SKEW_MS, validateInResponseTo: ValidateInResponseTo.ifPresent,
    requestIdExpirationPeriodMs: SSO_REQUEST_MINUTES * 60_000, cacheProvider: requestStore(db, settings.company_id),
    identifierFormat: settings.saml_email_attribute ? null : EMAIL_FORMAT, disableRequestedAuthnContext: true,
  });
}

/**
 * SP-initiated sign-in: the IdP's address with an AuthnRequest (HTTP-Redirect) signed with the
 * company's SP key, so an IdP that wants signed requests (`WantAuthnRequestsSigned`) accepts it;
 * its ID is remembered for InResponseTo.
 */
export async function startSaml(db: Kysely<Database>, settings: SignInSettings, appUrl: string, allowPrivate: boolean, sp: SpKeyPair): Promise<string> {
  const saml = await samlFor(db, settings, appUrl, allowPrivate, sp);
  return saml.getAuthorizeUrlAsync('', undefined, {});
}

/**
 * Ringi's SP metadata for the company: entity ID, ACS with HTTP-POST, assertions must be signed,
 * `AuthnRequestsSigned="true"` with the company's SP certificate as its signing key.
 */
export async function spMetadata(settings: SignInSettings, appUrl: string, sp: SpKeyPair): Promise<string> {
  const at = spAddresses(appUrl, settings.company_id);
  const saml = new SAML({
    callbackUrl: at.acsUrl, issuer: at.entityId, audience: at.entityId, idpCert: 'unused', wantAssertionsSigned: true, identifierFormat: EMAIL_FORMAT,
    privateKey: sp.privateKeyPem, signatureAlgorithm: 'sha256',
  });
  return saml.generateServiceProviderMetadata(null, pem(sp.certificate));
}

/** The node-saml failure as the reason the refusal page names. */
function refusalOf(error: Error): SsoRefused {
  const m = error.message;
  if (/signature|Cannot obtain assertion/i.test(m)) return new SsoRefused('signature', m);
  if (/expired|not yet valid/i.test(m)) return new SsoRefused('expired', m);
  if (/audience/i.test(m)) return new SsoRefused('audience', m);
  if (/InResponseTo/i.test(m)) return new SsoRefused('state', m);
  if (/issuer/i.test(m)) return new SsoRefused('idp', m);
  return new SsoRefused('failed', m);
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name]);
const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1] ?? null;

/**
 * Checks a posted SAMLResponse (SP- or IdP-initiated) and answers the identity it vouches for.
 * node-saml checks the signature (assertion signed, by one of the IdP's two certificates), issuer,
 * audience, NotBefore/NotOnOrAfter (±2 min) and InResponseTo when present (against the requests
 * any instance sent). Ringi then checks the recipient (its own ACS) and remembers the assertion's
 * ID in `saml_assertion_ids` until it expires: a second use, on any instance, is a replay.
 */
export async function finishSaml(db: Kysely<Database>, settings: SignInSettings, appUrl: string, allowPrivate: boolean, samlResponse: string): Promise<{ email: string; name: string | null }> {
  const saml = await samlFor(db, settings, appUrl, allowPrivate);
  const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  // An answer whose issuer is not the company's IdP (another company's IdP, posted here) is named
  // as such before its signature is looked at; this only refuses, it never vouches for anything.
  const { entityId } = await idpOf(settings, allowPrivate);
  const issuers = [...xml.matchAll(/<(?:\w+:)?Issuer\b[^>]*>([^<]*)<\/(?:\w+:)?Issuer>/g)].map((m) => unescapeXml(m[1].trim()));
  if (issuers.some((issuer) => issuer !== entityId)) throw new SsoRefused('other_idp', `issuer ${issuers.join(',')} is not ${entityId}`);
  let profile: Profile | null;
  try {
    ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (error) {
    throw refusalOf(error as Error);
  }
  if (!profile) throw new SsoRefused('failed', 'no profile');
  const assertions = [...xml.matchAll(/<(?:\w+:)?Assertion\b([^>]*)>/g)];
  if (assertions.length !== 1) throw new SsoRefused('signature', 'not exactly one assertion');
  const assertionId = attr(assertions[0][1], 'ID');
  if (!assertionId) throw new SsoRefused('signature', 'assertion without ID');
  const { acsUrl } = spAddresses(appUrl, settings.company_id);
  const recipients = [...xml.matchAll(/<(?:\w+:)?SubjectConfirmationData\b([^>]*)>?/g)].map((m) => attr(m[1], 'Recipient'));
  if (!recipients.length || recipients.some((r) => r !== acsUrl)) throw new SsoRefused('audience', `recipient ${recipients.join(',')} is not ${acsUrl}`);
  const notOnOrAfter = [...xml.matchAll(/\bNotOnOrAfter="([^"]*)"/g)].map((m) => Date.parse(m[1])).filter(Number.isFinite);
  const expires = new Date(Math.max(Date.now(), ...notOnOrAfter) + SAML_CLOCK_SKEW_MS);
  await db.deleteFrom('saml_assertion_ids').where('expires_at', '<', sql<Date>`now()`).execute();
  const remembered = await db.insertInto('saml_assertion_ids').values({ id: `${profile.issuer}|${assertionId}`.slice(0, 1000), company_id: settings.company_id, expires_at: expires })
    .onConflict((oc) => oc.column('id').doNothing()).executeTakeFirst();
  if (Number(remembered.numInsertedOrUpdatedRows ?? 0n) !== 1) throw new SsoRefused('replay', `assertion ${assertionId} already used`);
  const attribute = settings.saml_email_attribute;
  const raw = attribute ? (profile.attributes as Record<string, unknown> | undefined)?.[attribute] ?? profile[attribute] : profile.nameID;
  const email = String(Array.isArray(raw) ? raw[0] : raw ?? '');
  const name = (profile.attributes as Record<string, unknown> | undefined)?.displayName ?? profile.displayName ?? null;
  return { email, name: typeof name === 'string' ? name : null };
}
