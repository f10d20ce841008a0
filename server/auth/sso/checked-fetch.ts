import { checkWebhookUrl, RefusedUrl } from '../../webhooks/public-address';

/**
 * A `fetch` for calls to an IdP (OIDC discovery, JWKS, token endpoint; SAML metadata): every URL
 * is checked first like a webhook's (https on public addresses after DNS resolution, unless
 * SSO_ALLOW_PRIVATE), redirects are not followed, and a call is cut after `timeoutMs`.
 */
export function checkedFetch(allowPrivate: boolean, timeoutMs = 10_000) {
  return async (input: string | URL | Request, init?: object): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input);
    try {
      await checkWebhookUrl(url, allowPrivate);
    } catch (error) {
      if (error instanceof RefusedUrl) throw new Error(`IdP URL refused: ${error.message}`);
      throw error;
    }
    return fetch(input, { ...(init as RequestInit), redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
  };
}
