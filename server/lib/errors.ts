/**
 * The error taxonomy of Ringi's HTTP API. Every non-2xx reply is `{ message, code, ...extra }`;
 * each code below is documented in server/README.md (a test checks it). Routes throw these
 * (`throw notFound(request.t('server.errors.notFound'))`); the error handler turns anything
 * else into one of them and hides the detail of 5xx errors. The codes, the reply's shape and a
 * violation are the wire's (src/wire/errors.ts).
 */
import { ApiErrorBody, ERROR_CODES, type ErrorCode, type Violation } from '../../src/wire/errors';

export { ERROR_CODES, type ErrorCode, type Violation };

/** An expected failure: becomes a reply with its status, code, message and extra fields. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(readonly code: ErrorCode, message: string, readonly extra: Record<string, unknown> = {}) {
    super(message);
    this.name = 'AppError';
    this.statusCode = ERROR_CODES[code];
  }
}

/** The code used for a status when only the status is known (framework and plugin errors). */
export function codeForStatus(status: number): ErrorCode {
  const byStatus: Record<number, ErrorCode> = {
    400: 'BAD_REQUEST', 401: 'UNAUTHORIZED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 408: 'REQUEST_TIMEOUT', 409: 'CONFLICT',
    413: 'PAYLOAD_TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE', 422: 'VALIDATION_FAILED', 429: 'RATE_LIMITED',
  };
  return byStatus[status] ?? (status >= 400 && status < 500 ? 'BAD_REQUEST' : 'INTERNAL');
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new AppError('BAD_REQUEST', message, extra);
export const unauthorized = (message: string) => new AppError('UNAUTHORIZED', message);
export const forbidden = (message: string) => new AppError('FORBIDDEN', message);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
/** A request that conflicts with the current state, e.g. an illegal workflow transition. */
export const conflict = (message: string, extra?: Record<string, unknown>) => new AppError('CONFLICT', message, extra);
export const tooLarge = (message: string) => new AppError('PAYLOAD_TOO_LARGE', message);
export const unsupportedMediaType = (message: string) => new AppError('UNSUPPORTED_MEDIA_TYPE', message);

/** 422 with every violation in order; `message` is the first one (what the user sees first). */
export function validationFailed(violations: Violation[]): AppError {
  return new AppError('VALIDATION_FAILED', violations[0]?.message ?? 'Validation failed', { violations });
}

/** The JSON schema of an error reply, for route `response` declarations and OpenAPI. */
export const errorResponseSchema = ApiErrorBody;
