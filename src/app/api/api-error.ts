import type { ApiErrorBody as ErrorReply } from '../../wire/errors';

/**
 * The error body every non-2xx reply of the Ringi API carries (docs/ARCHITECTURE.md "HTTP API";
 * the wire shape, src/wire/errors.ts). Every field may be missing here: a reply that failed before
 * the API (a proxy, no reply at all) has none.
 */
export type ApiErrorBody = Partial<ErrorReply> & { [extra: string]: unknown };

/**
 * A failed API call as callers see it: HTTP status (0 when no reply came), the server's
 * message and code, and the whole body for extras such as `data.failed_attempt`.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly body: ApiErrorBody;

  constructor(status: number, message: string, body: ApiErrorBody = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.body = body;
  }
}
