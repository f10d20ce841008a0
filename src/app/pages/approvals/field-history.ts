import type { RendererHost } from '../../../renderer';
import type { Collection, NamedUser } from './types';

/** One edit of a field (`GET /buffer/{id}/last-history`). */
export interface FieldHistoryEntry {
  field: string;
  user: NamedUser | null;
  created_at: string;
  old_value?: unknown;
  value: unknown;
}

/** The last edit per field; a failed load is an empty history (spec 000 §8). */
export async function loadFieldHistory(host: RendererHost, bufferId: number): Promise<FieldHistoryEntry[]> {
  try {
    const reply = await host.api.get<Collection<FieldHistoryEntry>>(`/buffer/${bufferId}/last-history`);
    return Array.isArray(reply['hydra:member']) ? reply['hydra:member'] : [];
  } catch {
    return [];
  }
}

/** A stored value as history text: lists joined, objects left out, empty as a dash. */
export function historyValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.every((v) => typeof v !== 'object') ? value.join(', ') : String(value.length);
  if (typeof value === 'object') return '…';
  return String(value);
}
