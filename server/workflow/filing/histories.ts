import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { FieldChange, LastChange, LastHistory } from '../../../src/wire/workflow';

/** Stores one buffer_histories row per changed field (`data` = `{field, old_value, value}`). */
export async function recordHistories(db: Kysely<Database>, documentId: number, userId: number, changes: FieldChange[]): Promise<void> {
  if (changes.length === 0) return;
  const now = new Date();
  await db.insertInto('buffer_histories')
    .values(changes.map((change) => ({ buffer_id: documentId, user_id: userId, data: JSON.stringify(change), created_at: now })))
    .execute();
}

/**
 * Per field the last change (who, when, old and new value), in field order of first change,
 * plus `merged_info`: the same last changes keyed by field, for a detail card to mark edits (the
 * wire shape, src/wire/workflow.ts).
 */
export async function lastHistory(db: Kysely<Database>, documentId: number): Promise<LastHistory> {
  const rows = await db.selectFrom('buffer_histories')
    .innerJoin('users', 'users.id', 'buffer_histories.user_id')
    .select(['buffer_histories.id', 'buffer_histories.data', 'buffer_histories.created_at', 'users.id as user_id', 'users.name as user_name'])
    .where('buffer_histories.buffer_id', '=', documentId)
    .orderBy('buffer_histories.created_at').orderBy('buffer_histories.id')
    .execute();
  const last = new Map<string, LastChange>();
  for (const row of rows) {
    const change = row.data as unknown as FieldChange;
    if (!change || typeof change.field !== 'string') continue;
    last.set(change.field, {
      field: change.field, old_value: change.old_value ?? null, value: change.value ?? null,
      user: { id: row.user_id, name: row.user_name }, created_at: new Date(row.created_at).toISOString(),
    });
  }
  const members = [...last.values()];
  return { 'hydra:member': members, 'hydra:totalItems': members.length, merged_info: Object.fromEntries(last) };
}
