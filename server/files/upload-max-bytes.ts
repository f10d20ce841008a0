/** Uploads above this are refused with 413 unless `UPLOAD_MAX_BYTES` says otherwise. */
export const DEFAULT_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

/**
 * The upload size limit from `UPLOAD_MAX_BYTES` (bytes, 1 KiB … 1 GiB). Read here rather than
 * in `server/config.ts` because only the files area uses it; a bad value stops the start.
 */
export function uploadMaxBytes(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.UPLOAD_MAX_BYTES;
  if (raw === undefined || raw === '') return DEFAULT_UPLOAD_MAX_BYTES;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1024 || value > 1024 * 1024 * 1024) {
    throw new Error(`UPLOAD_MAX_BYTES must be an integer between 1024 and 1073741824, got "${raw}"`);
  }
  return value;
}
