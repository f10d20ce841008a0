/**
 * An OpenID provider (the `oidc-provider` package) in a worker thread of its own, so that it has a
 * clock of its own: the SSO tests set it ahead of or behind Ringi's (clock skew) and rotate its
 * signing key (a new JWKS) while Ringi keeps running. Plain JavaScript: a worker is loaded by Node
 * itself, outside the test runner's TypeScript transform.
 *
 * workerData: { redirectUris: string[], idTokenSeconds: number }. Messages in: { type: 'clock',
 * offsetSeconds } and { type: 'rotate' }; every message is answered with { type: 'done', kid }.
 * The first message out is { type: 'ready', issuer, clientId, clientSecret, kid }.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import Provider from 'oidc-provider';

const realNow = Date.now;
let offsetMs = 0;
// The provider reads its time from Date.now (iat, exp, code and session lifetimes).
Date.now = () => realNow() + offsetMs;

const server = createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;
const clientId = 'ringi-worker-test';
const clientSecret = randomBytes(24).toString('base64url');
const cookieKey = randomBytes(16).toString('hex');

/** A fresh RS256 signing key as a private JWK with its own kid. */
function signingKey() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' };
}

/** A provider publishing (and signing with) only `key`: a rotation that drops the old key at once. */
function providerWith(key) {
  return new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: workerData.redirectUris, grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_post' }],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    async findAccount(_ctx, id) {
      return { accountId: id, claims: async () => ({ sub: id, email: id, email_verified: true, name: id }) };
    },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: [cookieKey] },
    jwks: { keys: [key] },
    ttl: { IdToken: workerData.idTokenSeconds, AccessToken: 600, AuthorizationCode: 600, Interaction: 600, Session: 3600, Grant: 3600 },
  });
}

let key = signingKey();
let handler = providerWith(key).callback();
server.on('request', (request, response) => handler(request, response));

parentPort.on('message', (message) => {
  if (message.type === 'clock') offsetMs = message.offsetSeconds * 1000;
  if (message.type === 'rotate') {
    key = signingKey();
    handler = providerWith(key).callback();
  }
  if (message.type === 'close') {
    server.closeAllConnections();
    server.close(() => process.exit(0));
    return;
  }
  parentPort.postMessage({ type: 'done', kid: key.kid });
});
parentPort.postMessage({ type: 'ready', issuer, clientId, clientSecret, kid: key.kid });
