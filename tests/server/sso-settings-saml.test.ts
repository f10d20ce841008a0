/**
 * SAML sign-in settings through approval (issue #34 items 1 and 3), as sso-settings.test.ts does
 * for OIDC: the IdP's metadata pasted as XML is read (entity ID, sign-in URL, certificates), or
 * named by URL and fetched from a server on loopback when a sign-in needs it; more than two
 * certificates, an expired one and one that is not a certificate are refused with a message on
 * the field and change nothing; once approved, the company's people sign in through the IdP.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { X509Certificate } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { approveEveryStep, wrapperFor } from './admin-fixtures';
import { samlIdp, type TestSamlIdp } from './sso-idps';
import { selfSignedCertificate } from './sso-certificate';
import { type WorkflowSuite, workflowSuite } from './workflow-fixtures';

let s: WorkflowSuite;
workflowSuite((suite) => { s = suite; }, { ssoAllowPrivate: true });

let metadataServer: Server | undefined;
afterAll(async () => {
  metadataServer?.closeAllConnections();
  await new Promise<void>((resolve) => (metadataServer ? metadataServer.close(() => resolve()) : resolve()));
});

/** The module filing `sign-in` changes, from the definitions in force. */
function moduleOf(kind: string): string {
  const codes = Object.values(s.t.app.definitions.modules).filter((m) => m.kind === 'module' && m.meta.entity?.kind === kind).map((m) => m.code);
  expect(codes).toHaveLength(1);
  return codes[0];
}

const companyId = async (code: string) => (await s.t.db.selectFrom('companies').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
const fingerprint = (body: string) => new X509Certificate(Buffer.from(body, 'base64')).fingerprint256;

async function samlRequest(company: number, over: Record<string, unknown>) {
  return {
    ...(await wrapperFor(s.t.db, moduleOf('sign-in'), s.users)),
    company_id: company, method: 'saml', email_domains: `c${company}-saml.test`, sso_required: false, jit: false,
    saml_metadata_url: null, saml_metadata_xml: null, saml_entity_id: null, saml_sso_url: null, saml_certificate: null, saml_certificate_next: null,
    ...over,
  };
}

/** An IdP-initiated answer for `email` posted to the company's ACS; answers the signed-in e-mail, or the refusal. */
async function signInThrough(idp: TestSamlIdp, company: number, email: string): Promise<string> {
  const acs = `http://ringi.test/api/sso/${company}/saml/acs`;
  const reply = await s.t.app.inject({
    method: 'POST', url: `/api/sso/${company}/saml/acs`, headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ SAMLResponse: idp.response({ email, audience: `http://ringi.test/api/sso/${company}/saml/metadata`, recipient: acs }) }).toString(),
  });
  expect(reply.statusCode).toBe(302);
  const back = new URL(reply.headers.location as string, 'http://ringi.test');
  const ticket = back.searchParams.get('sso_ticket');
  if (!ticket) return `refused: ${back.searchParams.get('sso_error')}`;
  const exchanged = await s.t.app.inject({ method: 'POST', url: '/api/sso/exchange', payload: { ticket } });
  expect(exchanged.statusCode, exchanged.body).toBe(200);
  const profile = await s.t.app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${exchanged.json().token}` } });
  return profile.json().email;
}

async function addUser(email: string, company: number) {
  await s.t.db.insertInto('users').values({ email, name: email.split('@')[0], initial_name: 'XX', company_id: company, password_hash: '!x' }).execute();
}

describe('SAML sign-in settings through approval', () => {
  it('refuses more than two certificates, an expired one and one that is not a certificate, with a message on the field, and changes nothing', async () => {
    const code = moduleOf('sign-in');
    const ap = await companyId('AP');
    const idp = samlIdp('https://idp.refused.test/metadata', 'https://idp.refused.test/sso');
    const buffersBefore = (await s.t.db.selectFrom('buffers').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n;
    const expired = selfSignedCertificate('Expired IdP key', -1);
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      // Metadata carrying three signing certificates: only the current one and the next are accepted.
      [{ saml_metadata_xml: idp.metadata([selfSignedCertificate('Next'), selfSignedCertificate('After next')]) }, 'saml_certificate', /At most two IdP certificates/],
      [{ saml_entity_id: idp.entityId, saml_sso_url: idp.ssoUrl, saml_certificate: expired.pem }, 'saml_certificate', new RegExp(`expired on ${new Date(new X509Certificate(expired.pem).validTo).toISOString().slice(0, 10)}`)],
      [{ saml_entity_id: idp.entityId, saml_sso_url: idp.ssoUrl, saml_certificate: idp.certificate.pem, saml_certificate_next: expired.body }, 'saml_certificate_next', /expired on/],
      [{ saml_entity_id: idp.entityId, saml_sso_url: idp.ssoUrl, saml_certificate: 'MIIBnotacertificateatall' }, 'saml_certificate', /not an X\.509 certificate/],
      [{ saml_metadata_xml: idp.metadata([expired]) }, 'saml_certificate_next', /expired on/],
    ];
    for (const [over, field, message] of cases) {
      const refused = await s.post('admin', `/api/buffer/${code}/${ap}/edit`, await samlRequest(ap, over));
      expect(refused.statusCode, refused.body).toBe(422);
      const violation = refused.json().violations.find((v: { propertyPath: string }) => v.propertyPath === field);
      expect(violation, `${field} in ${refused.body}`).toBeDefined();
      expect(violation.message).toMatch(message);
    }
    // Nothing filed, nothing in force.
    expect((await s.t.db.selectFrom('buffers').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n).toBe(buffersBefore);
    expect((await s.get('admin', `/api/companies/${ap}/sign_in`)).json()).toMatchObject({ method: 'password', saml_entity_id: null, saml_certificates: [] });
  });

  it('reads pasted metadata XML (entity ID, sign-in URL, both certificates); once approved, the company\'s people sign in through that IdP', async () => {
    const code = moduleOf('sign-in');
    const ap = await companyId('AP');
    const idp = samlIdp('https://idp.acme-saml.test/metadata', 'https://idp.acme-saml.test/sso');
    const next = selfSignedCertificate('Acme IdP next key');
    await addUser(`kim@c${ap}-saml.test`, ap);
    const filed = await s.post('admin', `/api/buffer/${code}/${ap}/edit`, await samlRequest(ap, { saml_metadata_xml: idp.metadata([next]) }));
    expect(filed.statusCode, filed.body).toBe(201);
    // Pending: nothing in force, and the IdP does not sign anyone in yet.
    expect((await s.get('admin', `/api/companies/${ap}/sign_in`)).json()).toMatchObject({ method: 'password' });
    expect(await signInThrough(idp, ap, `kim@c${ap}-saml.test`)).toBe('refused: not_configured');
    await approveEveryStep(s.t.db, s.post, filed.json().id);
    const view = (await s.get('admin', `/api/companies/${ap}/sign_in`)).json();
    expect(view).toMatchObject({ method: 'saml', saml_entity_id: idp.entityId, saml_sso_url: idp.ssoUrl, saml_metadata_url: null, email_domains: [`c${ap}-saml.test`] });
    expect(view.saml_certificates.map((c: { fingerprint: string }) => c.fingerprint)).toEqual([fingerprint(idp.certificate.body), fingerprint(next.body)]);
    expect(await signInThrough(idp, ap, `kim@c${ap}-saml.test`)).toBe(`kim@c${ap}-saml.test`);
    // The start sends the browser to the sign-in URL the metadata named.
    const start = await s.t.app.inject({ method: 'GET', url: `/api/sso/${ap}/start` });
    expect(start.statusCode).toBe(302);
    expect(new URL(start.headers.location as string).origin + new URL(start.headers.location as string).pathname).toBe(idp.ssoUrl);
  }, 120_000);

  it('metadata by URL: filed and approved as a URL, fetched from the IdP\'s server (loopback here) when a sign-in needs it', async () => {
    const code = moduleOf('sign-in');
    const rs = await companyId('RS');
    const idp = samlIdp('https://idp.by-url.test/metadata', 'https://idp.by-url.test/sso');
    let fetched = 0;
    metadataServer = createServer((request, reply) => {
      if (request.url !== '/federationmetadata.xml') { reply.writeHead(404).end(); return; }
      fetched++;
      reply.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(idp.metadata());
    });
    await new Promise<void>((resolve) => metadataServer!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(metadataServer.address() as AddressInfo).port}/federationmetadata.xml`;
    await addUser(`rin@c${rs}-saml.test`, rs);
    const bad = await s.post('admin', `/api/buffer/${code}/${rs}/edit`, await samlRequest(rs, { saml_metadata_url: 'ftp://idp.example/metadata' }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().violations.map((v: { propertyPath: string }) => v.propertyPath)).toContain('saml_metadata_url');
    const filed = await s.post('admin', `/api/buffer/${code}/${rs}/edit`, await samlRequest(rs, { saml_metadata_url: url }));
    expect(filed.statusCode, filed.body).toBe(201);
    await approveEveryStep(s.t.db, s.post, filed.json().id);
    expect((await s.get('admin', `/api/companies/${rs}/sign_in`)).json()).toMatchObject({ method: 'saml', saml_metadata_url: url, saml_entity_id: null, saml_certificates: [] });
    expect(fetched).toBe(0);
    // The first sign-in reads the IdP from its metadata: its issuer, its certificate.
    expect(await signInThrough(idp, rs, `rin@c${rs}-saml.test`)).toBe(`rin@c${rs}-saml.test`);
    expect(fetched).toBe(1);
    const start = await s.t.app.inject({ method: 'GET', url: `/api/sso/${rs}/start` });
    expect(new URL(start.headers.location as string).host).toBe(new URL(idp.ssoUrl).host);
    // Another key than the metadata's does not sign anyone in.
    const impostor = samlIdp(idp.entityId, idp.ssoUrl);
    expect(await signInThrough(impostor, rs, `rin@c${rs}-saml.test`)).toBe('refused: signature');
  }, 120_000);
});
