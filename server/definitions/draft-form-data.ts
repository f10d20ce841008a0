import type { Kysely } from 'kysely';
import { computeFormData, type CompiledModule } from '../../src/engine';
import type { Database } from '../db/database';

/**
 * A form's data as the form would compute it (totals, copied codes), for the answers about a form
 * still being filled — the route preview, the budget check: the data as sent when it cannot be
 * computed yet (a half-filled form is no error there; filing judges it).
 */
export async function draftFormData(db: Kysely<Database>, module: CompiledModule, data: Record<string, unknown>): Promise<Record<string, unknown>> {
  const currencies = await db.selectFrom('currencies').select(['id', 'code']).execute();
  try {
    return computeFormData(module, data, { currencies });
  } catch {
    return data;
  }
}
