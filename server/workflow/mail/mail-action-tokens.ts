import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database';

/** How long a mail link works (the migration's default `expires_at`; stated here for docs and tests). */
export const MAIL_ACTION_HOURS = 72;
/** Expired rows are kept this long (the page can still say "expired"), then purged when new ones are issued. */
const KEEP_EXPIRED_DAYS = 7;

/** The stored form of a mail link's token: its SHA-256 (hex). The token itself is only in the mail. */
export function hashMailActionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The link of a token in a mail: the web app's confirm page `/m/{token}`. */
export function mailActionLink(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/+$/, '')}/m/${token}`;
}

/**
 * The two tokens of one recipient's waiting mail for step `approvalId` — one proposing approve,
 * one reject — each 256 random bits (base64url), stored only hashed, bound to that step and that
 * user, expiring after 72 h — and `store`, the parts of a `with` clause that store them (and purge
 * tokens long expired): the mail's own statement runs them (`notifications.ts`), so a token
 * exists exactly when its mail does; its `created_at` is that transaction's time, the same as the
 * step's `activated_at` when the transaction activated it (the use-time check relies on that).
 */
export function newMailActionTokens(approvalId: number, userId: number): { approve: string; reject: string; store: RawBuilder<unknown>[] } {
  const approve = randomBytes(32).toString('base64url');
  const reject = randomBytes(32).toString('base64url');
  return {
    approve, reject,
    store: [
      sql`purged_tokens as (delete from mail_action_tokens where expires_at < now() - make_interval(days => ${KEEP_EXPIRED_DAYS}) returning id)`,
      sql`tokens as (insert into mail_action_tokens (token_hash, approval_id, user_id, approve)
        values (${hashMailActionToken(approve)}, ${approvalId}, ${userId}, true), (${hashMailActionToken(reject)}, ${approvalId}, ${userId}, false) returning id)`,
    ],
  };
}

/** A stored token with what its use-time check needs. */
export interface MailActionToken {
  id: number;
  approval_id: number;
  buffer_id: number;
  user_id: number;
  approve: boolean;
  expires_at: Date;
  used_at: Date | null;
  /** Past `expires_at` (judged by the database's clock). */
  expired: boolean;
  /**
   * The step became active again after the token was issued (sent or stepped back and returned
   * since): a link from an earlier activation no longer acts.
   */
  stale: boolean;
}

/** The stored token of a link, or null for an unknown (or purged) token. */
export async function findMailActionToken(db: Kysely<Database>, token: string): Promise<MailActionToken | null> {
  const row = await db.selectFrom('mail_action_tokens as t')
    .innerJoin('approvals', 'approvals.id', 't.approval_id')
    .select(['t.id', 't.approval_id', 'approvals.buffer_id', 't.user_id', 't.approve', 't.expires_at', 't.used_at',
      sql<boolean>`t.expires_at <= now()`.as('expired'),
      sql<boolean>`coalesce(approvals.activated_at > t.created_at, false)`.as('stale')])
    .where('t.token_hash', '=', hashMailActionToken(token))
    .executeTakeFirst();
  return row ?? null;
}
