/**
 * Single sign-on with real parts on loopback (issue #34 items 2–4 and 9): a real OpenID provider
 * (oidc-provider, its login and consent pages submitted over HTTP) and a SAML IdP signing real
 * assertions with a key and certificate made here. Every sign-in ends in Ringi's own session
 * token; every refusal ends on the app's refusal page (`/?sso_error=<reason>`) and signs nobody in.
 */
import { randomBytes, X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { sealSsoSecret } from '../../server/auth/sso/secret-seal';
import { buildTestApp, type TestApp } from './helpers';
import { samlIdp, signInAtOidcIdp, startOidcIdp, verifyRedirectRequest, type TestOidcIdp, type TestSamlIdp } from './sso-idps';
import { selfSignedCertificate } from './sso-certificate';

let t: TestApp;
let idp: TestOidcIdp;
let saml: TestSamlIdp;
let oidcCompany: number;
let samlCompany: number;
let otherCompany: number;
/** A second company of each protocol, with an IdP of its own: "the IdP of another company". */
let oidcCompanyB: number;
let samlCompanyB: number;
let idpB: TestOidcIdp;
let samlB: TestSamlIdp;

const companyId = async (code: string) => (await t.db.selectFrom('companies').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

async function addUser(email: string, company: number, disabled = false) {
  await t.db.insertInto('users').values({ email, name: email.split('@')[0], initial_name: 'XX', company_id: company, password_hash: '!x', disabled }).execute();
}

/** GET or POST into the app; answers where it redirects. */
async function redirectOf(app: FastifyInstance, url: string, form?: Record<string, string>): Promise<string> {
  const reply = await app.inject(form
    ? { method: 'POST', url, payload: new URLSearchParams(form).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } }
    : { method: 'GET', url });
  expect(reply.statusCode, reply.body).toBe(302);
  return reply.headers.location as string;
}

/** Exchanges the ticket of an app address and answers the signed-in user's e-mail. */
async function signedInEmail(location: string, app: FastifyInstance = t.app): Promise<string> {
  const ticket = new URL(location, 'http://ringi.test').searchParams.get('sso_ticket');
  expect(ticket, `signed in, not ${location}`).toBeTruthy();
  const exchanged = await app.inject({ method: 'POST', url: '/api/sso/exchange', payload: { ticket } });
  expect(exchanged.statusCode, exchanged.body).toBe(200);
  const profile = await app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${exchanged.json().token}` } });
  expect(profile.statusCode).toBe(200);
  // The ticket is good once.
  expect((await app.inject({ method: 'POST', url: '/api/sso/exchange', payload: { ticket } })).statusCode).toBe(401);
  return profile.json().email;
}

const refusal = (location: string) => new URL(location, 'http://ringi.test').searchParams.get('sso_error');
const path = (url: string) => { const u = new URL(url); return `${u.pathname}${u.search}`; };

beforeAll(async () => {
  t = await buildTestApp({ ssoAllowPrivate: true });
  oidcCompany = await companyId('AP');
  samlCompany = await companyId('RS');
  otherCompany = await companyId('RT');
  idp = await startOidcIdp([`http://ringi.test/api/sso/${oidcCompany}/oidc/callback`], { 'ava@acme.test': 'Ava Acme' });
  saml = samlIdp();
  // A company's sign-in settings as an approved change leaves them: its IdP, its e-mail domain.
  const oidcSettings = (company: number, domain: string, provider: typeof idp) => t.db.insertInto('company_sign_in').values({
    company_id: company, method: 'oidc', email_domains: JSON.stringify([domain]),
    oidc_issuer: provider.issuer, oidc_client_id: provider.clientId, oidc_client_secret: sealSsoSecret(t.app.ssoSecretsKey, provider.clientSecret),
  }).execute();
  const samlSettings = (company: number, domain: string, provider: typeof saml) => t.db.insertInto('company_sign_in').values({
    company_id: company, method: 'saml', email_domains: JSON.stringify([domain]),
    saml_entity_id: provider.entityId, saml_sso_url: provider.ssoUrl, saml_certificates: JSON.stringify([provider.certificate.body]),
  }).execute();
  await oidcSettings(oidcCompany, 'acme.test', idp);
  await samlSettings(samlCompany, 'rs.test', saml);
  await addUser('ava@acme.test', oidcCompany);
  await addUser('gone@acme.test', oidcCompany, true);
  await addUser('kai@rs.test', samlCompany);
  await addUser('ben@acme.test', otherCompany);

  const company = async (code: string, name: string) => (await t.db.insertInto('companies')
    .values({ code, name, name_ja: name, name_zh: name, initial_name: code, is_group: false }).returning('id').executeTakeFirstOrThrow()).id;
  oidcCompanyB = await company('OB', 'OIDC Beta');
  samlCompanyB = await company('SB', 'SAML Beta');
  idpB = await startOidcIdp([`http://ringi.test/api/sso/${oidcCompanyB}/oidc/callback`]);
  samlB = samlIdp('https://idp-b.saml.test/metadata', 'https://idp-b.saml.test/sso');
  await oidcSettings(oidcCompanyB, 'beta-oidc.test', idpB);
  await samlSettings(samlCompanyB, 'beta-saml.test', samlB);
  await addUser('olga@beta-oidc.test', oidcCompanyB);
  await addUser('sam@beta-saml.test', samlCompanyB);
}, 60_000);

afterAll(async () => {
  await idp?.close();
  await idpB?.close();
  await t?.close();
});

describe('OIDC (authorization code + PKCE, state, nonce, discovery, JWKS)', () => {
  it('the e-mail step sends the company\'s people to their IdP and everyone else to the password', async () => {
    const sso = await t.app.inject({ method: 'POST', url: '/api/sign_in/discover', payload: { email: 'Ava@Acme.test' } });
    expect(sso.json()).toMatchObject({ method: 'sso', sso_url: `/api/sso/${oidcCompany}/start?login_hint=ava%40acme.test` });
    const password = await t.app.inject({ method: 'POST', url: '/api/sign_in/discover', payload: { email: 'employee@example.com' } });
    expect(password.json()).toEqual({ method: 'password' });
  });

  it('signs the existing user of the company in with Ringi\'s own session', async () => {
    const authorize = await redirectOf(t.app, `/api/sso/${oidcCompany}/start?login_hint=ava%40acme.test`);
    const url = new URL(authorize);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const callback = await signInAtOidcIdp(authorize, 'ava@acme.test');
    const back = await redirectOf(t.app, path(callback));
    expect(await signedInEmail(back)).toBe('ava@acme.test');
    const session = await t.db.selectFrom('user_sessions').innerJoin('users', 'users.id', 'user_sessions.user_id').select('user_sessions.id')
      .where('users.email', '=', 'ava@acme.test').where('ended_at', 'is', null).execute();
    expect(session).toHaveLength(1);
    // The same callback again: its state is used.
    expect(refusal(await redirectOf(t.app, path(callback)))).toBe('state');
  });

  it('refuses a wrong state', async () => {
    const authorize = await redirectOf(t.app, `/api/sso/${oidcCompany}/start`);
    const callback = new URL(await signInAtOidcIdp(authorize, 'ava@acme.test'));
    callback.searchParams.set('state', randomBytes(16).toString('base64url'));
    expect(refusal(await redirectOf(t.app, path(callback.href)))).toBe('state');
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    const authorize = await redirectOf(t.app, `/api/sso/${oidcCompany}/start`);
    const state = new URL(authorize).searchParams.get('state')!;
    await t.db.updateTable('sso_requests').set({ nonce: 'another-nonce-than-sent' }).where('id', '=', state).execute();
    const callback = await signInAtOidcIdp(authorize, 'ava@acme.test');
    expect(refusal(await redirectOf(t.app, path(callback)))).toBe('nonce');
  });

  it('refuses a user of another company, a deactivated user, and an unknown one while JIT is off; JIT on creates them', async () => {
    for (const [account, reason] of [['ben@acme.test', 'other_company'], ['gone@acme.test', 'deactivated'], ['new@acme.test', 'no_user'], ['employee@example.com', 'other_company']]) {
      const callback = await signInAtOidcIdp(await redirectOf(t.app, `/api/sso/${oidcCompany}/start`), account);
      expect(refusal(await redirectOf(t.app, path(callback))), account).toBe(reason);
    }
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'new@acme.test').executeTakeFirst()).toBeUndefined();
    await t.db.updateTable('company_sign_in').set({ jit: true }).where('company_id', '=', oidcCompany).execute();
    const callback = await signInAtOidcIdp(await redirectOf(t.app, `/api/sso/${oidcCompany}/start`), 'new@acme.test');
    expect(await signedInEmail(await redirectOf(t.app, path(callback)))).toBe('new@acme.test');
    const created = await t.db.selectFrom('users').select(['company_id', 'is_authorizer']).where('email', '=', 'new@acme.test').executeTakeFirstOrThrow();
    expect(created).toEqual({ company_id: oidcCompany, is_authorizer: false });
    await t.db.updateTable('company_sign_in').set({ jit: false }).where('company_id', '=', oidcCompany).execute();
  });

  it('refuses an OIDC callback at a company that does not sign in by OIDC, and a start at one without SSO', async () => {
    const authorize = await redirectOf(t.app, `/api/sso/${oidcCompany}/start`);
    const callback = new URL(await signInAtOidcIdp(authorize, 'ava@acme.test'));
    expect(refusal(await redirectOf(t.app, `/api/sso/${samlCompany}/oidc/callback${callback.search}`))).toBe('not_configured');
    const rtStart = await redirectOf(t.app, `/api/sso/${otherCompany}/start`);
    expect(refusal(rtStart)).toBe('not_configured');
  });
});

describe('SAML 2.0 SP', () => {
  const sp = () => ({ audience: `http://ringi.test/api/sso/${samlCompany}/saml/metadata`, recipient: `http://ringi.test/api/sso/${samlCompany}/saml/acs` });
  const acs = () => `/api/sso/${samlCompany}/saml/acs`;

  it('serves the company\'s SP metadata', async () => {
    const reply = await t.app.inject({ method: 'GET', url: `/api/sso/${samlCompany}/saml/metadata` });
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toContain(`entityID="${sp().audience}"`);
    expect(reply.body).toContain(`Location="${sp().recipient}"`);
    expect(reply.body).toContain('WantAssertionsSigned="true"');
  });

  it('SP-initiated: the request goes to the IdP and the signed answer to it signs the user in', async () => {
    const authorize = new URL(await redirectOf(t.app, `/api/sso/${samlCompany}/start`));
    expect(`${authorize.origin}${authorize.pathname}`).toBe(saml.ssoUrl);
    const requestId = (await t.db.selectFrom('sso_requests').select('id').where('protocol', '=', 'saml').orderBy('created_at', 'desc').executeTakeFirstOrThrow()).id;
    const back = await redirectOf(t.app, acs(), { SAMLResponse: saml.response({ ...sp(), email: 'kai@rs.test', inResponseTo: requestId }) });
    expect(await signedInEmail(back)).toBe('kai@rs.test');
    // An answer to a request nobody sent.
    expect(refusal(await redirectOf(t.app, acs(), { SAMLResponse: saml.response({ ...sp(), email: 'kai@rs.test', inResponseTo: '_not-ours' }) }))).toBe('state');
  });

  it('signs its AuthnRequests with the company\'s own SP key, whose certificate the SP metadata carries: the IdP verifies them', async () => {
    const metadata = (await t.app.inject({ method: 'GET', url: `/api/sso/${samlCompany}/saml/metadata` })).body;
    expect(metadata).toContain('AuthnRequestsSigned="true"');
    const first = verifyRedirectRequest(await redirectOf(t.app, `/api/sso/${samlCompany}/start`), metadata);
    expect(first.signatureValid).toBe(true);
    expect(first.sigAlg).toBe('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
    expect(first.xml).toContain(`<saml:Issuer xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion">http://ringi.test/api/sso/${samlCompany}/saml/metadata</saml:Issuer>`);
    // The same key signs the next request (kept, not made per request); a changed request no longer verifies.
    const next = await redirectOf(t.app, `/api/sso/${samlCompany}/start`);
    expect(verifyRedirectRequest(next, metadata).signatureValid).toBe(true);
    const tampered = new URL(next);
    const other = new URL(await redirectOf(t.app, `/api/sso/${samlCompany}/start`));
    tampered.search = tampered.search.replace(/SAMLRequest=[^&]*/, /SAMLRequest=[^&]*/.exec(other.search)![0]);
    expect(verifyRedirectRequest(tampered.href, metadata).signatureValid).toBe(false);
    // Each company has its own key: another company's metadata certificate does not verify this company's request.
    const otherMetadata = (await t.app.inject({ method: 'GET', url: `/api/sso/${otherCompany}/saml/metadata` })).body;
    expect(verifyRedirectRequest(next, otherMetadata).signatureValid).toBe(false);
    // The private key is kept sealed: the stored row holds the certificate and no PEM private key.
    const stored = await t.db.selectFrom('server_keys').select(['public_value', 'private_value']).where('name', '=', `saml-sp:${samlCompany}`).executeTakeFirstOrThrow();
    expect(metadata.replace(/\s+/g, '')).toContain(stored.public_value);
    expect(stored.private_value).not.toContain('PRIVATE KEY');
    // The settings screen shows the same certificate, so an admin can compare it with what the IdP holds.
    const view = await t.app.inject({ method: 'GET', url: `/api/companies/${samlCompany}/sign_in`, headers: { authorization: `Bearer ${await t.login('admin@example.com')}` } });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().sp_certificate).toMatchObject({ fingerprint: new X509Certificate(Buffer.from(stored.public_value, 'base64')).fingerprint256, subject: `CN=Ringi SAML SP ${samlCompany}` });
  });

  it('IdP-initiated, and a second certificate during rotation', async () => {
    expect(await signedInEmail(await redirectOf(t.app, acs(), { SAMLResponse: saml.response({ ...sp(), email: 'kai@rs.test' }) }))).toBe('kai@rs.test');
    const next = selfSignedCertificate('Next IdP key');
    const signedByNext = saml.response({ ...sp(), email: 'kai@rs.test', certificate: next });
    expect(refusal(await redirectOf(t.app, acs(), { SAMLResponse: signedByNext }))).toBe('signature');
    await t.db.updateTable('company_sign_in').set({ saml_certificates: JSON.stringify([saml.certificate.body, next.body]) }).where('company_id', '=', samlCompany).execute();
    expect(await signedInEmail(await redirectOf(t.app, acs(), { SAMLResponse: saml.response({ ...sp(), email: 'kai@rs.test', certificate: next }) }))).toBe('kai@rs.test');
  });

  it('refuses unsigned, expired, wrong-audience and wrong-recipient assertions, another company\'s people, and a forged key', async () => {
    const cases: Array<[string, string]> = [
      [saml.response({ ...sp(), email: 'kai@rs.test', unsigned: true }), 'signature'],
      [saml.response({ ...sp(), email: 'kai@rs.test', notOnOrAfter: new Date(Date.now() - 10 * 60_000) }), 'expired'],
      [saml.response({ ...sp(), email: 'kai@rs.test', audience: 'https://someone-else.test/sp' }), 'audience'],
      [saml.response({ ...sp(), email: 'kai@rs.test', recipient: 'https://someone-else.test/acs' }), 'audience'],
      [saml.response({ ...sp(), email: 'ava@acme.test' }), 'other_company'],
      [saml.response({ ...sp(), email: 'kai@rs.test', certificate: selfSignedCertificate('Attacker') }), 'signature'],
    ];
    for (const [response, reason] of cases) expect(refusal(await redirectOf(t.app, acs(), { SAMLResponse: response }))).toBe(reason);
    // An assertion of the SAML company's IdP posted to the OIDC company's ACS.
    expect(refusal(await redirectOf(t.app, `/api/sso/${oidcCompany}/saml/acs`, { SAMLResponse: saml.response({ ...sp(), email: 'kai@rs.test' }) }))).toBe('not_configured');
  });

  it('refuses a replayed assertion on a second instance of the app on the same database', async () => {
    const response = saml.response({ ...sp(), email: 'kai@rs.test' });
    expect(await signedInEmail(await redirectOf(t.app, acs(), { SAMLResponse: response }))).toBe('kai@rs.test');
    const second = await buildApp({ config: t.config, db: t.db });
    try {
      await second.ready();
      expect(refusal(await redirectOf(second, acs(), { SAMLResponse: response }))).toBe('replay');
    } finally {
      await second.close();
    }
  });

  it('reads the e-mail from a mapped attribute when the settings name one', async () => {
    await t.db.updateTable('company_sign_in').set({ saml_email_attribute: 'mail' }).where('company_id', '=', samlCompany).execute();
    try {
      const response = saml.response({ ...sp(), email: 'employee-number-42', attributes: { mail: 'kai@rs.test' } });
      expect(await signedInEmail(await redirectOf(t.app, acs(), { SAMLResponse: response }))).toBe('kai@rs.test');
    } finally {
      await t.db.updateTable('company_sign_in').set({ saml_email_attribute: null }).where('company_id', '=', samlCompany).execute();
    }
  });
});

/** The newest sign-in entry of the access log. */
const lastSignIn = () => t.db.selectFrom('access_log').select(['method', 'idp', 'success', 'reason', 'company_id', 'user_id', 'detail'])
  .where('event', '=', 'sign_in').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
const detailOf = (row: { detail: unknown }) => (typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail) as { detail?: string; company_id?: number };

describe('the IdP of another company (two companies of the same protocol, each with its own IdP)', () => {
  it('OIDC: company A\'s IdP answer at company B\'s callback is refused as another IdP\'s, and logged for B', async () => {
    const callback = new URL(await signInAtOidcIdp(await redirectOf(t.app, `/api/sso/${oidcCompany}/start`), 'ava@acme.test'));
    expect(refusal(await redirectOf(t.app, `/api/sso/${oidcCompanyB}/oidc/callback${callback.search}`))).toBe('other_idp');
    const row = await lastSignIn();
    expect(row).toMatchObject({ method: 'oidc', idp: idpB.issuer, success: false, reason: 'other_idp', company_id: oidcCompanyB, user_id: null });
    expect(detailOf(row).detail).toContain(`state of company ${oidcCompany}`);
    // Refused, the answer is spent: it does not sign anyone in at A afterwards either.
    expect(refusal(await redirectOf(t.app, path(callback.href)))).toBe('state');
  });

  it('OIDC: B\'s own state carrying A\'s IdP answer is refused (the answer names A\'s issuer), and A\'s state at B the same', async () => {
    const stateB = new URL(await redirectOf(t.app, `/api/sso/${oidcCompanyB}/start`)).searchParams.get('state')!;
    const answerA = new URL(await signInAtOidcIdp(await redirectOf(t.app, `/api/sso/${oidcCompany}/start`), 'ava@acme.test'));
    expect(answerA.searchParams.get('iss')).toBe(idp.issuer);
    const carried = new URL(answerA.href);
    carried.searchParams.set('state', stateB);
    expect(refusal(await redirectOf(t.app, `/api/sso/${oidcCompanyB}/oidc/callback${carried.search}`))).toBe('other_idp');
    expect(await lastSignIn()).toMatchObject({ method: 'oidc', success: false, reason: 'other_idp', company_id: oidcCompanyB });
    // B's IdP answering B's sign-in, delivered to A's callback: the state is B's.
    const answerB = new URL(await signInAtOidcIdp(await redirectOf(t.app, `/api/sso/${oidcCompanyB}/start`), 'olga@beta-oidc.test'));
    expect(refusal(await redirectOf(t.app, `/api/sso/${oidcCompany}/oidc/callback${answerB.search}`))).toBe('other_idp');
    expect(await lastSignIn()).toMatchObject({ method: 'oidc', idp: idp.issuer, success: false, reason: 'other_idp', company_id: oidcCompany });
    // Each company's own round trip still signs its own people in.
    const own = await signInAtOidcIdp(await redirectOf(t.app, `/api/sso/${oidcCompanyB}/start`), 'olga@beta-oidc.test');
    expect(await signedInEmail(await redirectOf(t.app, path(own)))).toBe('olga@beta-oidc.test');
    expect(await lastSignIn()).toMatchObject({ method: 'oidc', idp: idpB.issuer, success: true, company_id: oidcCompanyB });
  });

  it('SAML: A\'s IdP answer posted to B\'s ACS is refused as another IdP\'s, whether addressed to A or to B and B\'s request', async () => {
    const spOf = (company: number) => ({ audience: `http://ringi.test/api/sso/${company}/saml/metadata`, recipient: `http://ringi.test/api/sso/${company}/saml/acs` });
    const requestOf = async (company: number) => {
      await redirectOf(t.app, `/api/sso/${company}/start`);
      return (await t.db.selectFrom('sso_requests').select('id').where('company_id', '=', company).where('protocol', '=', 'saml').orderBy('created_at', 'desc').executeTakeFirstOrThrow()).id;
    };
    const acsB = `/api/sso/${samlCompanyB}/saml/acs`;
    const requestA = await requestOf(samlCompany);
    // A's answer to A's request, as it was meant: posted to B.
    expect(refusal(await redirectOf(t.app, acsB, { SAMLResponse: saml.response({ ...spOf(samlCompany), email: 'kai@rs.test', inResponseTo: requestA }) }))).toBe('other_idp');
    const row = await lastSignIn();
    expect(row).toMatchObject({ method: 'saml', idp: samlB.entityId, success: false, reason: 'other_idp', company_id: samlCompanyB });
    expect(detailOf(row).detail).toContain(saml.entityId);
    // A's IdP answering B's request, addressed to B's SP (B's "state" with A's answer).
    const requestB = await requestOf(samlCompanyB);
    expect(refusal(await redirectOf(t.app, acsB, { SAMLResponse: saml.response({ ...spOf(samlCompanyB), email: 'sam@beta-saml.test', inResponseTo: requestB }) }))).toBe('other_idp');
    // B's own IdP answering with A's request id: a request B never sent is refused (state), and A's request stays A's.
    expect(refusal(await redirectOf(t.app, acsB, { SAMLResponse: samlB.response({ ...spOf(samlCompanyB), email: 'sam@beta-saml.test', inResponseTo: requestA }) }))).toBe('state');
    expect(await lastSignIn()).toMatchObject({ method: 'saml', success: false, reason: 'state', company_id: samlCompanyB });
    const back = await redirectOf(t.app, `/api/sso/${samlCompany}/saml/acs`, { SAMLResponse: saml.response({ ...spOf(samlCompany), email: 'kai@rs.test', inResponseTo: requestA }) });
    expect(await signedInEmail(back)).toBe('kai@rs.test');
    // And B's IdP answering B's request signs B's person in.
    const own = await redirectOf(t.app, acsB, { SAMLResponse: samlB.response({ ...spOf(samlCompanyB), email: 'sam@beta-saml.test', inResponseTo: requestB }) });
    expect(await signedInEmail(own)).toBe('sam@beta-saml.test');
    expect(await lastSignIn()).toMatchObject({ method: 'saml', idp: samlB.entityId, success: true, company_id: samlCompanyB });
  });

  it('logs the protocol actually used and the company the address names, also when the company has no such settings', async () => {
    const samlAnswer = saml.response({ audience: 'x', recipient: 'y', email: 'kai@rs.test' });
    // A SAML post to an OIDC company: saml, that company, no IdP (it has no SAML IdP).
    expect(refusal(await redirectOf(t.app, `/api/sso/${oidcCompany}/saml/acs`, { SAMLResponse: samlAnswer }))).toBe('not_configured');
    expect(await lastSignIn()).toMatchObject({ method: 'saml', idp: null, reason: 'not_configured', company_id: oidcCompany });
    // An OIDC callback at a SAML company: oidc, that company.
    expect(refusal(await redirectOf(t.app, `/api/sso/${samlCompany}/oidc/callback?state=x&code=y`))).toBe('not_configured');
    expect(await lastSignIn()).toMatchObject({ method: 'oidc', idp: null, reason: 'not_configured', company_id: samlCompany });
    // A company with password sign-in (no settings loaded): still the protocol and the company.
    expect(refusal(await redirectOf(t.app, `/api/sso/${otherCompany}/saml/acs`, { SAMLResponse: samlAnswer }))).toBe('not_configured');
    expect(await lastSignIn()).toMatchObject({ method: 'saml', reason: 'not_configured', company_id: otherCompany });
    expect(refusal(await redirectOf(t.app, `/api/sso/${otherCompany}/oidc/callback?state=x&code=y`))).toBe('not_configured');
    expect(await lastSignIn()).toMatchObject({ method: 'oidc', reason: 'not_configured', company_id: otherCompany });
    // A company that does not exist: no company, the protocol all the same; the named id kept in the detail.
    expect(refusal(await redirectOf(t.app, '/api/sso/987654/saml/acs', { SAMLResponse: samlAnswer }))).toBe('not_configured');
    const row = await lastSignIn();
    expect(row).toMatchObject({ method: 'saml', reason: 'not_configured', company_id: null });
    expect(detailOf(row).company_id).toBe(987654);
  });
});

describe('access log', () => {
  it('records every SSO sign-in attempt with method, IdP, and success or the reason', async () => {
    const rows = await t.db.selectFrom('access_log').select(['method', 'idp', 'success', 'reason', 'company_id', 'user_id'])
      .where('event', '=', 'sign_in').where('method', 'in', ['oidc', 'saml']).execute();
    const reasons = new Set(rows.filter((r) => !r.success).map((r) => `${r.method}:${r.reason}`));
    for (const expected of ['oidc:state', 'oidc:other_idp', 'saml:other_idp', 'oidc:nonce', 'oidc:other_company', 'oidc:deactivated', 'oidc:no_user', 'saml:signature', 'saml:expired', 'saml:audience', 'saml:replay', 'saml:other_company']) {
      expect(reasons, expected).toContain(expected);
    }
    const oidcOk = rows.find((r) => r.success && r.method === 'oidc');
    expect(oidcOk).toMatchObject({ idp: idp.issuer, company_id: oidcCompany });
    expect(oidcOk!.user_id).not.toBeNull();
    expect(rows.find((r) => r.success && r.method === 'saml')).toMatchObject({ idp: saml.entityId, company_id: samlCompany });
  });
});
