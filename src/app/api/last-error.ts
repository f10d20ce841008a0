import type { ApiError } from './api-error';

let last: { error: ApiError; at: Date } | null = null;

/**
 * Records an error the user was logged out for (spec 000 §8: "the error is recorded").
 * Kept in memory only, for support and tests; it also goes to the console.
 */
export function recordApiError(error: ApiError): void {
  last = { error, at: new Date() };
  console.warn(`[ringi] API ${error.status} ${error.code ?? ''}: ${error.message}`);
}

/** The last recorded API error, or null. */
export function getLastApiError(): { error: ApiError; at: Date } | null {
  return last;
}
