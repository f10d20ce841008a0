import type { CompiledModule, SubmitPayload } from '../../../engine';
import { ApiError, type ApiClient } from '../../api';

import type { Filed } from '../../../wire/workflow';

/** What `POST /api/buffer/{code}` answers (the wire schema the server answers with). */
export type { Filed } from '../../../wire/workflow';

function newKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Submits a module's payload with an `Idempotency-Key`: one key per submit attempt, reused
 * when the same payload is sent again after a failure whose outcome is unknown (network error,
 * timeout, 5xx), so a retry cannot file the document twice. A definite answer (filed, or
 * refused with 4xx) ends the attempt.
 */
export function createSubmitter(api: ApiClient, module: CompiledModule) {
  let attempt: { body: string; key: string } | null = null;
  const path = module.meta.submitPath ?? `/buffer/${module.code}`;
  return async function submit(payload: SubmitPayload): Promise<Filed> {
    const body = JSON.stringify(payload);
    if (!attempt || attempt.body !== body) attempt = { body, key: newKey() };
    try {
      const filed = (await api.post<Filed>(path, payload, { headers: { 'Idempotency-Key': attempt.key }, ringiSilent: true })).data;
      attempt = null;
      return filed;
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) attempt = null;
      throw error;
    }
  };
}
