/**
 * The values at a data path of `data` (dotted names; each `[]` walks every item of an array):
 * `transaction_items[].total` → every item's total. Missing steps give no value.
 */
export function valuesAt(data: unknown, path: string): unknown[] {
  let current: unknown[] = [data];
  for (const part of path.split('.')) {
    const many = part.endsWith('[]');
    const name = many ? part.slice(0, -2) : part;
    const next: unknown[] = [];
    for (const value of current) {
      if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
      const field = (value as Record<string, unknown>)[name];
      if (many) { if (Array.isArray(field)) next.push(...field); }
      else if (field !== undefined && field !== null) next.push(field);
    }
    current = next;
  }
  return current;
}

/** The first non-empty text at any of the paths, in order. */
export function firstText(data: unknown, paths: readonly string[] | undefined): string {
  for (const path of paths ?? []) {
    for (const value of valuesAt(data, path)) {
      if ((typeof value === 'string' && value.trim()) || typeof value === 'number') return String(value).trim();
    }
  }
  return '';
}

/** The first finite number at the path, else null. */
export function firstNumber(data: unknown, path: string | undefined): number | null {
  if (!path) return null;
  for (const value of valuesAt(data, path)) {
    const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
    if (Number.isFinite(n)) return n;
  }
  return null;
}
