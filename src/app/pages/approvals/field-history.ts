import type { LastHistory } from '../../../wire/workflow';

/**
 * What `GET /buffer/{id}/last-history` answers: the last edit per field (field, user, created_at,
 * old_value, value) and the same keyed by field; the wire shape, src/wire/workflow.ts.
 */
export type FieldHistory = LastHistory;

/** A stored value as history text: lists joined, objects left out, empty as a dash. */
export function historyValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.every((v) => typeof v !== 'object') ? value.join(', ') : String(value.length);
  if (typeof value === 'object') return '…';
  return String(value);
}
