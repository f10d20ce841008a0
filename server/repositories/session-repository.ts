import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, SessionEndReason } from '../db/database';

/**
 * Signed-in devices (`user_sessions`, migration 1111): a row per sign-in, its id in the token's
 * `sid`. Ending one sets `ended_at` (the row stays, for the user's own history); the auth door
 * refuses an ended session's token on its next request.
 */

/** Where a sign-in came from. */
export interface SessionOrigin {
  ip: string | null;
  userAgent: string | null;
}

/** How long a session lives at most: its token's lifetime (12 h, auth/jwt.ts). */
export const SESSION_HOURS = 12;

/** Starts a session for `userId`; returns its id (128 random bits, base64url). */
export async function startSession(db: Kysely<Database>, userId: number, origin: SessionOrigin): Promise<string> {
  const id = randomBytes(16).toString('base64url');
  await db.insertInto('user_sessions').values({
    id, user_id: userId, ip: origin.ip?.slice(0, 64) ?? null, user_agent: origin.userAgent?.slice(0, 300) ?? null,
  }).execute();
  return id;
}

/** The user's live sessions (not ended, not older than a token lives), last used first. */
export function liveSessions(db: Kysely<Database>, userId: number) {
  return db.selectFrom('user_sessions').select(['id', 'created_at', 'last_used_at', 'ip', 'user_agent'])
    .where('user_id', '=', userId).where('ended_at', 'is', null)
    .where('created_at', '>', new Date(Date.now() - SESSION_HOURS * 3_600_000))
    .orderBy('last_used_at', 'desc').orderBy('id').execute();
}

/** Ends one live session of `userId`; false when there is none with that id. */
export async function endSession(db: Kysely<Database>, userId: number, id: string, reason: SessionEndReason, by: number | null): Promise<boolean> {
  const done = await db.updateTable('user_sessions').set({ ended_at: new Date(), end_reason: reason, ended_by: by })
    .where('id', '=', id).where('user_id', '=', userId).where('ended_at', 'is', null).executeTakeFirst();
  return done.numUpdatedRows === 1n;
}

/** Ends every live session of `userId`; returns how many. */
export async function endAllSessions(db: Kysely<Database>, userId: number, reason: SessionEndReason, by: number | null): Promise<number> {
  const done = await db.updateTable('user_sessions').set({ ended_at: new Date(), end_reason: reason, ended_by: by })
    .where('user_id', '=', userId).where('ended_at', 'is', null).executeTakeFirst();
  return Number(done.numUpdatedRows);
}

/** Notes a use of a session, at most once a minute (a page load sends many requests). */
export async function touchSession(db: Kysely<Database>, id: string, lastUsed: Date): Promise<void> {
  if (Date.now() - lastUsed.getTime() < 60_000) return;
  await db.updateTable('user_sessions').set({ last_used_at: new Date() }).where('id', '=', id).execute();
}
