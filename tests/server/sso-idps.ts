import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes, verify, X509Certificate } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { Worker } from 'node:worker_threads';
import Provider from 'oidc-provider';
import { SignedXml } from 'xml-crypto';
import { selfSignedCertificate, type TestCertificate } from './sso-certificate';

/**
 * Real identity providers on loopback for the SSO tests (issue #34 item 9): an OpenID provider
 * (the certified `oidc-provider` package, its development login and consent pages driven over
 * HTTP like a browser would) and a SAML IdP that signs real assertions with a key and
 * self-signed certificate made in the test.
 */

/** A running OpenID provider whose accounts are e-mail addresses. */
export interface TestOidcIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  provider: Provider;
  close(): Promise<void>;
}

export async function startOidcIdp(redirectUris: string[], names: Record<string, string> = {}): Promise<TestOidcIdp> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'ringi-test';
  const clientSecret = randomBytes(24).toString('base64url');
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: redirectUris, grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_post' }],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    async findAccount(_ctx, id) {
      return { accountId: id, claims: async () => ({ sub: id, email: id, email_verified: true, name: names[id] ?? id }) };
    },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: [randomBytes(16).toString('hex')] },
  });
  server.on('request', provider.callback());
  return {
    issuer, clientId, clientSecret, provider,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** A cookie jar and redirect follower good enough for the provider's own pages. */
class Browser {
  private cookies = new Map<string, string>();
  private remember(reply: Response) {
    for (const line of reply.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  async go(url: string, init: RequestInit = {}): Promise<Response> {
    const reply = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    this.remember(reply);
    return reply;
  }
}

/**
 * Signs in at the OpenID provider as `account` from the authorization URL Ringi redirected to:
 * the login page, then the consent page, as a person would submit them. Answers the redirect
 * back to Ringi (its callback URL with `code` and `state`).
 */
export async function signInAtOidcIdp(authorizationUrl: string, account: string): Promise<string> {
  const browser = new Browser();
  let url = authorizationUrl;
  for (let hop = 0; hop < 12; hop += 1) {
    const reply = await browser.go(url);
    const location = reply.headers.get('location');
    if (location) {
      const next = new URL(location, url).href;
      if (!next.startsWith(new URL(authorizationUrl).origin)) return next;
      url = next;
      continue;
    }
    const page = await reply.text();
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
    if (!prompt) throw new Error(`unexpected IdP page (${reply.status}): ${page.slice(0, 300)}`);
    const form = new URLSearchParams(prompt === 'login' ? { prompt, login: account, password: 'any' } : { prompt });
    const posted = await browser.go(url, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const after = posted.headers.get('location');
    if (!after) throw new Error(`IdP did not redirect after ${prompt}: ${posted.status}`);
    url = new URL(after, url).href;
  }
  throw new Error('too many redirects at the IdP');
}

/** A SAML IdP: its entity ID, sign-in URL and current signing certificate. */
export interface TestSamlIdp {
  entityId: string;
  ssoUrl: string;
  certificate: TestCertificate;
  metadata(extra?: TestCertificate[]): string;
  /** A base64 SAMLResponse for `email`, signed (assertion) unless `unsigned`. */
  response(options: SamlResponseOptions): string;
}

export interface SamlResponseOptions {
  email: string;
  audience: string;
  recipient: string;
  inResponseTo?: string;
  notOnOrAfter?: Date;
  unsigned?: boolean;
  certificate?: TestCertificate;
  assertionId?: string;
  attributes?: Record<string, string>;
}

const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

export function samlIdp(entityId = 'https://idp.saml.test/metadata', ssoUrl = 'https://idp.saml.test/sso'): TestSamlIdp {
  const certificate = selfSignedCertificate('Ringi test SAML IdP');
  return {
    entityId, ssoUrl, certificate,
    metadata(extra = []) {
      const keys = [certificate, ...extra].map((c) => `<md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${c.body}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`).join('');
      return `<?xml version="1.0"?><md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${esc(entityId)}"><md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">${keys}<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${esc(ssoUrl)}"/></md:IDPSSODescriptor></md:EntityDescriptor>`;
    },
    response(o) {
      const now = new Date();
      const until = (o.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000)).toISOString();
      const assertionId = o.assertionId ?? `_a${randomBytes(16).toString('hex')}`;
      const irt = o.inResponseTo ? ` InResponseTo="${esc(o.inResponseTo)}"` : '';
      const attributes = Object.entries(o.attributes ?? {}).map(([k, v]) => `<saml:Attribute Name="${esc(k)}"><saml:AttributeValue>${esc(v)}</saml:AttributeValue></saml:Attribute>`).join('');
      const assertion = `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${assertionId}" Version="2.0" IssueInstant="${now.toISOString()}"><saml:Issuer>${esc(entityId)}</saml:Issuer><saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${esc(o.email)}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${until}" Recipient="${esc(o.recipient)}"${irt}/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${new Date(now.getTime() - 60_000).toISOString()}" NotOnOrAfter="${until}"><saml:AudienceRestriction><saml:Audience>${esc(o.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="${assertionId}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>${attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : ''}</saml:Assertion>`;
      let xml = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomBytes(16).toString('hex')}" Version="2.0" IssueInstant="${now.toISOString()}" Destination="${esc(o.recipient)}"${irt}><saml:Issuer>${esc(entityId)}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${assertion}</samlp:Response>`;
      if (!o.unsigned) {
        const key = o.certificate ?? certificate;
        const signer = new SignedXml({
          privateKey: key.privateKeyPem, publicCert: key.pem,
          signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256', canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
        });
        signer.addReference({
          xpath: "//*[local-name(.)='Assertion']",
          transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
          digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
        });
        signer.computeSignature(xml, { location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' } });
        xml = signer.getSignedXml();
      }
      return Buffer.from(xml).toString('base64');
    },
  };
}

/** What an IdP learns from an AuthnRequest sent by HTTP-Redirect: the request and whether its signature holds. */
export interface RedirectRequest {
  xml: string;
  sigAlg: string | null;
  /** The signature verified with the SP metadata's signing certificate over the query as received (SAML bindings §3.4.4.1). */
  signatureValid: boolean;
}

/**
 * Checks an AuthnRequest the way an IdP with `WantAuthnRequestsSigned` does: the signing
 * certificate from the SP's metadata (`KeyDescriptor use="signing"`), the signed octets being
 * `SAMLRequest=…&RelayState=…&SigAlg=…` exactly as they arrived in the URL (still URL-encoded),
 * the signature RSA-SHA256. Answers the inflated request too.
 */
export function verifyRedirectRequest(url: string, spMetadataXml: string): RedirectRequest {
  const raw = new URL(url).search.slice(1).split('&');
  const part = (key: string) => raw.find((p) => p.startsWith(`${key}=`)) ?? null;
  const params = new URL(url).searchParams;
  const xml = inflateRawSync(Buffer.from(params.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
  const signing = /<KeyDescriptor[^>]*use="signing"[^>]*>[\s\S]*?<ds:X509Certificate>([\s\S]*?)<\/ds:X509Certificate>/.exec(spMetadataXml)?.[1];
  const sigAlg = params.get('SigAlg');
  const signature = params.get('Signature');
  if (!signing || !signature || sigAlg !== 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256') return { xml, sigAlg, signatureValid: false };
  const signed = ['SAMLRequest', 'RelayState', 'SigAlg'].map(part).filter((p): p is string => p !== null).join('&');
  const key = new X509Certificate(Buffer.from(signing.replace(/\s+/g, ''), 'base64')).publicKey;
  return { xml, sigAlg, signatureValid: verify('RSA-SHA256', Buffer.from(signed), key, Buffer.from(signature, 'base64')) };
}

/** An OpenID provider in a worker thread (sso-oidc-worker.mjs): its own clock, and keys that can be rotated. */
export interface WorkerOidcIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The kid of the key it signs with now. */
  kid: string;
  /** Sets the provider's clock `offsetSeconds` ahead of (or, negative, behind) the real time. */
  setClock(offsetSeconds: number): Promise<void>;
  /** Replaces its signing key by a new one (the old one leaves the JWKS); answers the new kid. */
  rotate(): Promise<string>;
  close(): Promise<void>;
}

export async function startWorkerOidcIdp(redirectUris: string[], idTokenSeconds: number): Promise<WorkerOidcIdp> {
  const worker = new Worker(new URL('./sso-oidc-worker.mjs', import.meta.url), { workerData: { redirectUris, idTokenSeconds } });
  const next = () => new Promise<{ type: string; kid: string; issuer?: string; clientId?: string; clientSecret?: string }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const ready = await next();
  const idp: WorkerOidcIdp = {
    issuer: ready.issuer!, clientId: ready.clientId!, clientSecret: ready.clientSecret!, kid: ready.kid,
    async setClock(offsetSeconds) {
      const done = next();
      worker.postMessage({ type: 'clock', offsetSeconds });
      await done;
    },
    async rotate() {
      const done = next();
      worker.postMessage({ type: 'rotate' });
      idp.kid = (await done).kid;
      return idp.kid;
    },
    async close() {
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage({ type: 'close' });
      await exited;
    },
  };
  return idp;
}
