import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Translate } from '../../src/engine';
import type { Database } from '../db/database';
import { AppError } from '../lib/errors';
import { passwordVersion, signToken } from './jwt';
import { verifyAgainstDummy, verifyPassword } from './password';

/** Consecutive failed logins after which an account locks until its password is reset. */
export const LOCK_THRESHOLD = 5;

function loginError(t: Translate, locked: boolean, failed_attempt: number): AppError {
  return locked
    ? new AppError('ACCOUNT_LOCKED', t('server.auth.accountLocked'), { data: { locked: true, failed_attempt } })
    : new AppError('INVALID_CREDENTIALS', t('server.auth.invalidCredentials'), { data: { locked: false, failed_attempt } });
}

/**
 * Checks a login and returns a token, or throws INVALID_CREDENTIALS / ACCOUNT_LOCKED with
 * `data: { locked, failed_attempt }`. Every path verifies one scrypt hash, so timing does not
 * tell unknown, disabled and locked accounts apart from a wrong password.
 */
export async function login(db: Kysely<Database>, secret: string, t: Translate, username: string, password: string): Promise<string> {
  const user = await db.selectFrom('users')
    .select(['id', 'password_hash', 'failed_attempts', 'locked_at', 'disabled', passwordVersion.as('password_version')])
    .where(sql`lower(email)`, '=', username.trim().toLowerCase())
    .executeTakeFirst();
  if (!user || user.disabled) {
    await verifyAgainstDummy(password);
    throw loginError(t, false, 0);
  }
  const valid = await verifyPassword(password, user.password_hash);
  // A locked account stays locked even with the right password, until a reset.
  if (user.locked_at) throw loginError(t, true, user.failed_attempts);
  if (valid) {
    if (user.failed_attempts > 0) {
      await db.updateTable('users').set({ failed_attempts: 0 }).where('id', '=', user.id).execute();
    }
    return signToken(user.id, user.password_version, secret);
  }
  // One atomic update, so parallel wrong guesses cannot skip the lock.
  const counted = await db.updateTable('users')
    .set({
      failed_attempts: sql`failed_attempts + 1`,
      locked_at: sql`case when failed_attempts + 1 >= ${LOCK_THRESHOLD} then now() else locked_at end`,
    })
    .where('id', '=', user.id)
    .returning(['failed_attempts', 'locked_at'])
    .executeTakeFirstOrThrow();
  throw loginError(t, counted.locked_at !== null, counted.failed_attempts);
}
