/**
 * The push services' origins a subscription's endpoint may be on (issue 33 item 2): the server
 * sends to that URL, so an arbitrary one would let anyone make it call any address. Entries are
 * origins; `https://*.example.com` allows any subdomain (not the bare domain).
 */
export const DEFAULT_PUSH_ORIGINS = [
  'https://fcm.googleapis.com', // Chrome, Edge on Android, Samsung Internet
  'https://updates.push.services.mozilla.com', // Firefox
  'https://web.push.apple.com', // Safari, iOS and iPadOS Home Screen apps
  'https://*.push.apple.com',
  'https://*.notify.windows.com', // Edge on Windows
];

/** Whether `endpoint` is a URL on one of `origins` (no credentials, no other port than the origin's). */
export function allowedPushEndpoint(endpoint: string, origins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return origins.some((origin) => {
    const wildcard = /^(https?):\/\/\*\.(.+)$/.exec(origin);
    if (!wildcard) return url.origin === origin;
    const [, scheme, domain] = wildcard;
    return url.protocol === `${scheme}:` && url.port === '' && url.hostname.endsWith(`.${domain}`);
  });
}
