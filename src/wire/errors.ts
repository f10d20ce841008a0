/**
 * The error reply of the Ringi API (docs/ARCHITECTURE.md "HTTP API"), written once: every route's
 * error response schema (and /api/docs) and both sides' types come from here.
 */
import { Type, type Static } from '@sinclair/typebox';

import { open, stringEnum } from './common';

/**
 * The error codes and their HTTP status. Every non-2xx reply is `{ message, code, ...extra }`;
 * each code is documented in server/README.md (a test checks it).
 */
export const ERROR_CODES = {
  BAD_REQUEST: 400,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_LOCKED: 401,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  ILLEGAL_TRANSITION: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RANGE_NOT_SATISFIABLE: 416,
  VALIDATION_FAILED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

/** One failed rule or checker problem: where (a property path or JSON pointer) and the message. */
export const Violation = Type.Object({ propertyPath: Type.String(), message: Type.String() });
export type Violation = Static<typeof Violation>;

/**
 * An error reply: the message, the code, and extras some codes carry — `violations` (422, in rule
 * order, each with whatever else its rule says), `data` (a failed login's `locked`, `failed_attempt`).
 */
export const ApiErrorBody = open({
  message: Type.String(),
  code: stringEnum(Object.keys(ERROR_CODES) as ErrorCode[]),
  violations: Type.Optional(Type.Array(open(Violation.properties))),
  data: Type.Optional(open({ locked: Type.Optional(Type.Boolean()), failed_attempt: Type.Optional(Type.Integer()) })),
});
export type ApiErrorBody = Static<typeof ApiErrorBody>;
