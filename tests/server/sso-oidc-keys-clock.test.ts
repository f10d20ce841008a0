/**
 * OIDC key rotation and clock skew (issue #34 item 2: "JWKS with key rotation, clock skew ≤ 2
 * min") against a real OpenID provider running in a worker thread with a clock of its own
 * (sso-oidc-worker.mjs). Its ID tokens live 60 seconds. No sleeping: the provider's clock is set
 * ahead or behind; Ringi's own clock is moved only where the JWKS cache's age is the point.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sealSsoSecret } from '../../server/auth/sso/secret-seal';
import { OIDC_CLOCK_TOLERANCE_SECONDS } from '../../server/auth/sso/oidc-sign-in';
import { buildTestApp, type TestApp } from './helpers';
import { signInAtOidcIdp, startWorkerOidcIdp, type WorkerOidcIdp } from './sso-idps';

let t: TestApp;
let idp: WorkerOidcIdp;
let company: number;
const EMAIL = 'ana@keys.test';

beforeAll(async () => {
  t = await buildTestApp({ ssoAllowPrivate: true });
  company = (await t.db.insertInto('companies').values({ code: 'KR', name: 'Key Rotation', name_ja: 'Key Rotation', name_zh: 'Key Rotation', initial_name: 'KR', is_group: false })
    .returning('id').executeTakeFirstOrThrow()).id;
  idp = await startWorkerOidcIdp([`http://ringi.test/api/sso/${company}/oidc/callback`], 60);
  await t.db.insertInto('company_sign_in').values({
    company_id: company, method: 'oidc', email_domains: JSON.stringify(['keys.test']),
    oidc_issuer: idp.issuer, oidc_client_id: idp.clientId, oidc_client_secret: sealSsoSecret(t.app.ssoSecretsKey, idp.clientSecret),
  }).execute();
  await t.db.insertInto('users').values({ email: EMAIL, name: 'Ana', initial_name: 'AN', company_id: company, password_hash: '!x' }).execute();
}, 60_000);

afterAll(async () => {
  vi.useRealTimers();
  await idp?.close();
  await t?.close();
});

const path = (url: string) => { const u = new URL(url); return `${u.pathname}${u.search}`; };

/** A whole SP-initiated sign-in at the provider; answers the signed-in e-mail or `refused: <reason>`. */
async function signIn(): Promise<string> {
  const start = await t.app.inject({ method: 'GET', url: `/api/sso/${company}/start` });
  expect(start.statusCode).toBe(302);
  const callback = await signInAtOidcIdp(start.headers.location as string, EMAIL);
  const back = await t.app.inject({ method: 'GET', url: path(callback) });
  expect(back.statusCode).toBe(302);
  const address = new URL(back.headers.location as string, 'http://ringi.test');
  const ticket = address.searchParams.get('sso_ticket');
  if (!ticket) return `refused: ${address.searchParams.get('sso_error')}`;
  const exchanged = await t.app.inject({ method: 'POST', url: '/api/sso/exchange', payload: { ticket } });
  expect(exchanged.statusCode, exchanged.body).toBe(200);
  return (await t.app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${exchanged.json().token}` } })).json().email;
}

/** The kids the provider publishes now. */
async function publishedKids(): Promise<string[]> {
  const discovery = await (await fetch(`${idp.issuer}/.well-known/openid-configuration`)).json() as { jwks_uri: string };
  return ((await (await fetch(discovery.jwks_uri)).json()) as { keys: Array<{ kid: string }> }).keys.map((k) => k.kid);
}

const lastReason = async () => (await t.db.selectFrom('access_log').select(['reason', 'success']).where('event', '=', 'sign_in')
  .orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow());

describe('OIDC signing-key rotation at the IdP', () => {
  it('a sign-in signed with the new key succeeds without restarting Ringi, once the JWKS Ringi holds is a minute old', async () => {
    // Ringi's clock stands still here and is moved by hand (no sleeping); the provider's runs on.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      expect(await signIn()).toBe(EMAIL);
      const oldKid = idp.kid;
      expect(await publishedKids()).toEqual([oldKid]);
      const newKid = await idp.rotate();
      expect(newKid).not.toBe(oldKid);
      // The old key has left the JWKS: whatever signs in from now on was verified with the new one.
      expect(await publishedKids()).toEqual([newKid]);
      // Ringi checks the ID token's signature against the JWKS (not TLS alone). Within a minute of its
      // last JWKS fetch the library does not fetch it again for an unknown kid (its guard against a
      // forged token making Ringi fetch on every request): refused as not signed by a known key.
      expect(await signIn()).toBe('refused: signature');
      expect(await lastReason()).toEqual({ reason: 'signature', success: false });
      // A minute later (Ringi's clock), the unknown kid makes it fetch the JWKS again: the same running app signs in.
      vi.setSystemTime(Date.now() + 61_000);
      expect(await signIn()).toBe(EMAIL);
      expect(await lastReason()).toEqual({ reason: null, success: true });
    } finally {
      vi.useRealTimers();
    }
  }, 60_000);
});

describe(`OIDC clock skew (±${OIDC_CLOCK_TOLERANCE_SECONDS} s)`, () => {
  it('accepts an ID token issued by a clock up to 2 minutes ahead, refuses one further ahead (iat in the future)', async () => {
    try {
      await idp.setClock(90);
      expect(await signIn()).toBe(EMAIL);
      await idp.setClock(180);
      expect(await signIn()).toBe('refused: expired');
      expect(await lastReason()).toEqual({ reason: 'expired', success: false });
    } finally {
      await idp.setClock(0);
    }
  }, 60_000);

  it('accepts an ID token that expired less than 2 minutes ago by Ringi\'s clock, refuses one expired longer ago', async () => {
    try {
      // Tokens live 60 s: a provider 150 s behind issues one that expired 90 s ago by Ringi's clock.
      await idp.setClock(-150);
      expect(await signIn()).toBe(EMAIL);
      // 240 s behind: expired 180 s ago.
      await idp.setClock(-240);
      expect(await signIn()).toBe('refused: expired');
      expect(await lastReason()).toEqual({ reason: 'expired', success: false });
    } finally {
      await idp.setClock(0);
    }
  }, 60_000);
});
