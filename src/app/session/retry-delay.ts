/** Tries of something the app cannot start without wait 1 s, 2 s, 4 s … between them, at most this long. */
const RETRY_MAX_DELAY_MS = 15_000;

/** How long to wait before the next try after `failures` failed ones (1 s, 2 s, 4 s … at most 15 s). */
export function retryDelay(failures: number): number {
  return Math.min(RETRY_MAX_DELAY_MS, 1000 * 2 ** failures);
}
