import type { SsoRefusal } from '../../../src/wire/sign-in';

/**
 * An SSO sign-in refused for a reason the refusal page names (`/?sso_error=<reason>`): thrown by
 * the OIDC and SAML steps and by linking, turned into that redirect by the routes. `detail` is
 * for the server's log only (it may name IdP internals); the browser gets the reason.
 */
export class SsoRefused extends Error {
  constructor(readonly reason: SsoRefusal, readonly detail: string = reason) {
    super(`SSO sign-in refused: ${reason} (${detail})`);
    this.name = 'SsoRefused';
  }
}
