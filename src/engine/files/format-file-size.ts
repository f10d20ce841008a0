/**
 * A file size in 1024-based units (spec 000 §9): `512 B`, `1.5 KB`, `20 MB`; empty for a value
 * that is not a size. The server's `size_string` and the uploader's rows use this one function.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number(value.toFixed(value < 10 ? 2 : 1))} ${units[unit]}`;
}
