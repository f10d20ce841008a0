/**
 * Errors that mean a dependency (PostgreSQL) is out of reach rather than that the request was
 * wrong or the code broken: the error handler answers them 503 with `Retry-After`, so a client
 * and a load balancer wait and retry while the pool reconnects on its own.
 */

/** What the 503 of an unreachable database tells the client to wait, in seconds. */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 5;

/** Socket-level codes of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * SQLSTATEs of a server going away or refusing sessions: class 08 (connection exception), 57P01–
 * 57P03 (admin shutdown / `pg_terminate_backend`, crash shutdown, cannot connect now) and 53300
 * (too many connections).
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/** Messages node-postgres and its pool give a lost or never-made connection (they carry no code). */
const UNAVAILABLE_MESSAGE = /^(Connection terminated|Connection terminated unexpectedly|Connection terminated due to connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)$/;

/** True when `error` says the database cannot be reached now (see the module comment). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  // Node's net errors from a multi-address connect arrive as an AggregateError of the above.
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return false;
}
