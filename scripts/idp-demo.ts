/**
 * `npm run idp:demo`: a local OpenID provider for the single sign-on demo (README "Single
 * sign-on demo"): the certified `oidc-provider` on loopback (IDP_DEMO_PORT, default 8090) that
 * knows the demo company Sora Cloud's people (server/demo/demo-sso.ts). Its development login
 * page asks for the e-mail (any password); its keys are made at start. For laptops only: it
 * listens on 127.0.0.1 and accepts any redirect URI under RINGI_URL's /api/sso/.
 *
 * Then start Ringi with `DEMO_IDP_URL=http://127.0.0.1:8090 SSO_ALLOW_PRIVATE=1 npm start` and sign
 * in as ken@sora.example (the login page sends the address to this IdP).
 */
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import Provider from 'oidc-provider';
import { DEMO_SSO } from '../server/demo/demo-sso';

const port = Number(process.env.IDP_DEMO_PORT ?? 8090);
const ringi = (process.env.RINGI_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
const issuer = `http://127.0.0.1:${port}`;
const people = new Map<string, { email: string; name: string }>(DEMO_SSO.users.map((u) => [u.email, { email: u.email, name: u.name }]));

const provider = new Provider(issuer, {
  clients: [{
    client_id: DEMO_SSO.clientId, client_secret: DEMO_SSO.clientSecret, redirect_uris: [`${ringi}/api/sso/1/oidc/callback`],
    grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_post',
  }],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  conformIdTokenClaims: false,
  async findAccount(_ctx: unknown, id: string) {
    const person = people.get(id.trim().toLowerCase());
    return person ? { accountId: person.email, claims: async () => ({ sub: person.email, email: person.email, email_verified: true, name: person.name }) } : undefined;
  },
  features: { devInteractions: { enabled: true } },
  pkce: { required: () => true },
  cookies: { keys: [randomBytes(16).toString('hex')] },
});
// The demo company's id is whatever the database gave it: any Ringi SSO callback is allowed.
const clientClass = (provider as unknown as { Client: { prototype: { redirectUriAllowed(uri: string): boolean } } }).Client;
clientClass.prototype.redirectUriAllowed = (uri: string) => uri.startsWith(`${ringi}/api/sso/`) && uri.endsWith('/oidc/callback');

createServer(provider.callback()).listen(port, '127.0.0.1', () => {
  console.log(`demo IdP at ${issuer} for ${ringi}; people: ${[...people.keys()].join(', ')} (any password)`);
  console.log(`start Ringi with DEMO_IDP_URL=${issuer} SSO_ALLOW_PRIVATE=1`);
});
