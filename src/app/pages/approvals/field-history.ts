import type { NamedUser } from './types';

/** One edit of a field (`GET /buffer/{id}/last-history`). */
export interface FieldHistoryEntry {
  field: string;
  user: NamedUser | null;
  created_at: string;
  old_value?: unknown;
  value: unknown;
}

/** A stored value as history text: lists joined, objects left out, empty as a dash. */
export function historyValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.every((v) => typeof v !== 'object') ? value.join(', ') : String(value.length);
  if (typeof value === 'object') return '…';
  return String(value);
}
