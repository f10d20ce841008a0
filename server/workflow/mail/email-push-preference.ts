import type { Kysely, QueryCreator } from 'kysely';
import type { Database, Timestamp } from '../../db/database';

/** The workflow's own table (migration 0100), added to the Kysely types where it is used. */
export interface EmailPushPreferenceTable {
  user_id: number;
  is_notified: boolean;
  updated_at: Timestamp;
}

type WithPreferences = Database & { email_push_preferences: EmailPushPreferenceTable };

const withPreferences = (db: Kysely<Database>): Kysely<WithPreferences> => db.withTables<{ email_push_preferences: EmailPushPreferenceTable }>();

/**
 * Remembers an approver's last choice of notifying the next approver: the write, built on `q` so a
 * transition sends it as a data-modifying part of its log entry's `WITH` (`writeApprovalLog`'s `also`).
 * A choice equal to the remembered one writes nothing (most decisions repeat it: no new row version).
 */
export function rememberEmailPush(q: QueryCreator<Database>, userId: number, isNotified: boolean) {
  return (q as unknown as QueryCreator<WithPreferences>).insertInto('email_push_preferences')
    .values({ user_id: userId, is_notified: isNotified, updated_at: new Date() })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ is_notified: isNotified, updated_at: new Date() })
      .where('email_push_preferences.is_notified', '!=', isNotified));
}

/** The approver's remembered choice, or undefined when they never chose. */
export async function rememberedEmailPush(db: Kysely<Database>, userId: number): Promise<boolean | undefined> {
  const row = await withPreferences(db).selectFrom('email_push_preferences').select('is_notified')
    .where('user_id', '=', userId).executeTakeFirst();
  return row?.is_notified;
}
