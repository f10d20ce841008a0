import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are credentials (signed file links, reset tokens) and never logged. */
const SECRET_PARAMS = /([?&](?:token|access_token)=)[^&#]*/gi;

/** Path segments that are credentials: the token of a mail link (`/m/{token}`, `/api/mail-actions/{token}`). */
const SECRET_SEGMENTS = /(\/(?:m|mail-actions)\/)[^/?#]+/g;

/** A URL as it may appear in the log: credential query values and path tokens replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]').replace(SECRET_SEGMENTS, '$1[redacted]');
}

/**
 * The request serializer of the app's logger (pino's default fields), with the URL redacted:
 * a signed file link's `?token=` works for minutes without the bearer header, so it must not
 * sit in log files that more people read than the files themselves (docs/SECURITY.md "Files").
 */
export function logRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
