import { sealPlainSsoSecrets, ssoSecretsKey } from '../auth/sso/secret-seal';
import { globalPlugin } from '../lib/global-plugin';

/**
 * `app.ssoSecretsKey` (server/auth/sso/secret-seal.ts): the key that seals OIDC client secrets
 * and SAML SP private keys at rest, derived from the records key (registered after the records
 * plugin). At start, secrets stored in plain text by an older version are sealed once.
 */
export default globalPlugin(async (app) => {
  const key = ssoSecretsKey(app.recordsKey);
  app.decorate('ssoSecretsKey', key);
  const sealed = await sealPlainSsoSecrets(app.db, key);
  if (sealed) app.log.info({ sealed }, 'SSO client secrets stored in plain text: sealed');
});
