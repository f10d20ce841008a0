import type { Kysely } from 'kysely';
import { passwordVersion } from '../auth/jwt';
import type { Database } from '../db/database';
import { verifyFileToken } from './file-url-token';

/**
 * The user a signed `?token=` file link stands for, or null: the token must be valid for this
 * file and unexpired, its user enabled and unlocked, and the link issued after the user's
 * password was last set — so a password reset revokes every link handed out before it, as it
 * ends every older session (docs/SECURITY.md "Files").
 */
export async function fileLinkReader(db: Kysely<Database>, secret: string, fileId: number, token: string): Promise<number | null> {
  const claim = verifyFileToken(secret, fileId, token);
  if (!claim) return null;
  const user = await db.selectFrom('users').select(['id', passwordVersion.as('password_version')])
    .where('id', '=', claim.userId).where('disabled', '=', false).where('locked_at', 'is', null).executeTakeFirst();
  if (!user || claim.issuedAt < user.password_version) return null;
  return user.id;
}
