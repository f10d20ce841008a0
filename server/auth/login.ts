import type { Kysely, RawBuilder } from 'kysely';
import { sql } from 'kysely';
import type { Translate } from '../../src/engine';
import type { Database } from '../db/database';
import { AppError } from '../lib/errors';
import { mailLanguage } from '../mail/language';
import { serverTranslate } from '../lib/i18n';
import { passwordVersion, signToken } from './jwt';
import { startSession, type SessionOrigin } from '../repositories/session-repository';
import { mailResetLink } from './password-reset';
import { verifyAgainstDummy, verifyPassword } from './password';
import { recordAccess, type AccessLogEntry } from './access-log';

/** Consecutive failed logins after which an address locks. */
export const LOCK_THRESHOLD = 5;
/** Minutes a lock lasts unless `LOGIN_LOCK_MINUTES` says otherwise (a password reset lifts it at once). */
export const DEFAULT_LOCK_MINUTES = 15;

function loginError(t: Translate, locked: boolean, failed_attempt: number): AppError {
  return locked
    ? new AppError('ACCOUNT_LOCKED', t('server.auth.accountLocked'), { data: { locked: true, failed_attempt } })
    : new AppError('INVALID_CREDENTIALS', t('server.auth.invalidCredentials'), { data: { locked: false, failed_attempt } });
}

/** The lock of a row is in force: set, and younger than the lock time. */
const lockActive = (minutes: number) => sql<boolean>`coalesce(locked_at > now() - make_interval(mins => ${minutes}), false)`;

/**
 * The counter update of one more failed attempt, the same for a `users` row and a
 * `login_attempts` row (`table` qualifies the columns inside ON CONFLICT): an expired lock
 * starts a fresh count; a lock in force stays as it is; the fifth failure locks. One statement,
 * so parallel wrong guesses cannot skip the lock.
 */
function failedAttemptSet(table: 'users' | 'login_attempts', minutes: number) {
  const failed = sql.ref(`${table}.failed_attempts`);
  const locked = sql.ref(`${table}.locked_at`);
  const expired = sql`(${locked} is not null and ${locked} <= now() - make_interval(mins => ${minutes}))`;
  const count = sql<number>`case when ${expired} then 1 when ${locked} is not null then ${failed} else ${failed} + 1 end`;
  const lockedAt: RawBuilder<Date | null> = sql`case when ${expired} then null when ${locked} is not null then ${locked}
    when ${failed} + 1 >= ${LOCK_THRESHOLD} then now() else null end`;
  return { count, lockedAt };
}

/**
 * Counts a failed login of an address that is no enabled account, in `login_attempts`, exactly
 * as a real account's row counts it, and throws the same answer a real account would get.
 */
async function failUnknown(db: Kysely<Database>, t: Translate, email: string, minutes: number): Promise<never> {
  const row = await db.selectFrom('login_attempts').select(['failed_attempts', lockActive(minutes).as('lock_active')])
    .where('email', '=', email).executeTakeFirst();
  if (row?.lock_active) throw loginError(t, true, row.failed_attempts);
  const { count, lockedAt } = failedAttemptSet('login_attempts', minutes);
  const counted = await db.insertInto('login_attempts').values({ email, failed_attempts: 1 })
    .onConflict((oc) => oc.column('email').doUpdateSet({ failed_attempts: count, locked_at: lockedAt, updated_at: sql`now()` }))
    .returning(['failed_attempts', 'locked_at']).executeTakeFirstOrThrow();
  throw loginError(t, counted.locked_at !== null, counted.failed_attempts);
}

/** Whether the user's company requires SSO and the user is not its break-glass admin. */
async function ssoRequiredFor(db: Kysely<Database>, companyId: number, userId: number): Promise<boolean> {
  const row = await db.selectFrom('company_sign_in').select('company_id').where('company_id', '=', companyId)
    .where('sso_required', '=', true).where('method', '<>', 'password')
    .where((eb) => eb.or([eb('break_glass_user_id', 'is', null), eb('break_glass_user_id', '<>', userId)])).executeTakeFirst();
  return Boolean(row);
}

/**
 * Checks a login and returns a token, or throws INVALID_CREDENTIALS / ACCOUNT_LOCKED with
 * `data: { locked, failed_attempt }`. Unknown and disabled addresses count and lock exactly like
 * real ones (per address, in `login_attempts`), and every path verifies one scrypt hash, so
 * neither the answer nor its timing tells whether an account exists. A lock lifts after
 * `lockMinutes` (LOGIN_LOCK_MINUTES) or at a password reset. A right password of a company that
 * requires SSO is refused (403 FORBIDDEN, `data.sso_required`) unless it is the break-glass admin's. The failure that locks an account
 * queues a reset mail (link under `appUrl`) in the account's language; the caller kicks the mailer.
 */
export async function login(
  db: Kysely<Database>, secret: string, t: Translate, username: string, password: string, lockMinutes = DEFAULT_LOCK_MINUTES,
  appUrl = '', origin: SessionOrigin = { ip: null, userAgent: null },
): Promise<string> {
  const email = username.trim().toLowerCase();
  const user = await db.selectFrom('users')
    .select(['id', 'name', 'email', 'language', 'company_id', 'password_hash', 'failed_attempts', 'locked_at', 'disabled', passwordVersion.as('password_version'), lockActive(lockMinutes).as('lock_active')])
    .where(sql`lower(email)`, '=', email)
    .executeTakeFirst();
  // Every outcome is an access-log entry (docs/IDENTITY.md "Access log"): the answer stays the
  // same for unknown and real accounts; only the log, which admins read, tells them apart.
  const log = (entry: Partial<AccessLogEntry>) => recordAccess(db, {
    event: 'sign_in', method: 'password', ip: origin.ip, userAgent: origin.userAgent, ...entry,
  });
  if (!user || user.disabled) {
    await verifyAgainstDummy(password);
    return failUnknown(db, t, email, lockMinutes).catch(async (error: unknown) => {
      const locked = error instanceof AppError && error.code === 'ACCOUNT_LOCKED';
      await log({ userId: user?.id ?? null, success: false, reason: locked ? 'locked' : user ? 'disabled' : 'unknown_user', detail: { email } });
      throw error;
    });
  }
  const valid = await verifyPassword(password, user.password_hash);
  // A lock in force holds even with the right password, until it expires or the password is reset.
  if (user.lock_active) {
    await log({ userId: user.id, success: false, reason: 'locked', detail: { email } });
    throw loginError(t, true, user.failed_attempts);
  }
  if (valid) {
    // A company that requires SSO refuses the password of everyone but its break-glass admin
    // (issue #34 item 1); asked only after the password proved right, so it tells a guesser nothing.
    if (user.company_id !== null && await ssoRequiredFor(db, user.company_id, user.id)) {
      throw new AppError('FORBIDDEN', t('server.signIn.errors.ssoRequired'), { data: { sso_required: true } });
    }
    if (user.failed_attempts > 0 || user.locked_at) {
      await db.updateTable('users').set({ failed_attempts: 0, locked_at: null }).where('id', '=', user.id).execute();
    }
    await log({ userId: user.id });
    // A signed-in device the user sees and may end (GET/DELETE /sessions).
    return signToken(user.id, user.password_version, secret, await startSession(db, user.id, origin));
  }
  const { count, lockedAt } = failedAttemptSet('users', lockMinutes);
  const counted = await db.updateTable('users')
    .set({ failed_attempts: count, locked_at: lockedAt })
    .where('id', '=', user.id)
    .returning(['failed_attempts', 'locked_at', sql<boolean>`locked_at = now()`.as('locked_now')])
    .executeTakeFirstOrThrow();
  // The failure that locks the account mails a reset link at once (the lock dialog says to look
  // for it), in the account's own language; a parallel guess that found the lock set mails nothing.
  if (counted.locked_now) await mailResetLink(db, appUrl, serverTranslate(mailLanguage(user.language)), user, 'locked', { attempts: LOCK_THRESHOLD });
  await log({ userId: user.id, success: false, reason: 'invalid_password', detail: { email, failed_attempt: counted.failed_attempts, locked: counted.locked_at !== null } });
  throw loginError(t, counted.locked_at !== null, counted.failed_attempts);
}
