/**
 * How a route under `/api` may be reached without a bearer token. Every route not listed here
 * needs one: `plugins/auth.ts` authenticates all of `/api` in one place (docs/SECURITY.md).
 * - `public`: anyone (signing in — by password or SSO round trips —, password reset, liveness, the API description);
 * - `signed-link`: a `?token=` file link (images and new windows cannot send the header) checked
 *   by the route itself; without `token` the bearer header is required like everywhere else.
 */
export const PUBLIC_ROUTES: Readonly<Record<string, 'public' | 'signed-link'>> = {
  'POST /api/login_check': 'public',
  'POST /api/forget_password': 'public',
  'POST /api/reset_password': 'public',
  'GET /api/health': 'public',
  'POST /api/sign_in/discover': 'public',
  'GET /api/sso/:id/start': 'public',
  'GET /api/sso/:id/oidc/callback': 'public',
  'POST /api/sso/:id/saml/acs': 'public',
  'GET /api/sso/:id/saml/metadata': 'public',
  'POST /api/sso/exchange': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/openapi.json': 'public',
  'GET /api/docs/viewer/:file': 'public',
  'GET /api/files/:id': 'signed-link',
  'GET /api/files/:id/meta': 'signed-link',
  'GET /api/files/:id/preview': 'signed-link',
  'GET /api/statistic_files/:id': 'signed-link',
};

/** The access rule of a route by method and URL pattern (`HEAD` is its `GET`); `bearer` when not listed. */
export function routeAccess(method: string, url: string): 'public' | 'signed-link' | 'bearer' {
  return PUBLIC_ROUTES[`${method === 'HEAD' ? 'GET' : method} ${url}`] ?? 'bearer';
}
