import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { initialsOf } from '../../entities/initials-of';
import { startSession, type SessionOrigin } from '../../repositories/session-repository';
import { emailDomain, type SignInSettings } from './sign-in-settings';
import { issueTicket } from './sso-requests';
import { SsoRefused } from './sso-refusal';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What an IdP vouched for: the e-mail address and, when it sent one, the person's name. */
export interface IdpIdentity {
  email: string;
  name?: string | null;
}

/**
 * Links an identity the company's IdP vouched for to a Ringi user and starts their session
 * (issue #34 item 4): the user with that e-mail in that company, never anyone else. Refused: an
 * address outside the company's e-mail domains or a user of another company (`other_company`),
 * a deactivated user (`deactivated`), an unknown address while just-in-time creation is off
 * (`no_user`). With JIT on, an unknown address of the company's domains becomes a user of the
 * company with no password and no roles. Answers the one-time ticket the browser exchanges.
 */
export async function linkAndSignIn(db: Kysely<Database>, settings: SignInSettings, identity: IdpIdentity, origin: SessionOrigin): Promise<{ ticket: string; userId: number }> {
  const email = identity.email.trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 254) throw new SsoRefused('no_user', 'the IdP sent no usable e-mail address');
  const domain = emailDomain(email);
  if (!domain || !settings.email_domains.includes(domain)) throw new SsoRefused('other_company', `domain ${domain} is not the company's`);
  let user = await db.selectFrom('users').select(['id', 'company_id', 'disabled']).where(sql`lower(email)`, '=', email).executeTakeFirst();
  if (user && user.company_id !== settings.company_id) throw new SsoRefused('other_company', 'the address belongs to a user of another company');
  if (user?.disabled) throw new SsoRefused('deactivated', 'user deactivated');
  if (!user) {
    if (!settings.jit) throw new SsoRefused('no_user', 'unknown user and just-in-time creation is off');
    const name = (identity.name ?? '').trim().slice(0, 100) || email.slice(0, email.indexOf('@'));
    user = await db.insertInto('users')
      .values({ email, name, initial_name: initialsOf(name), company_id: settings.company_id, password_hash: `!${randomBytes(16).toString('hex')}` })
      .returning(['id', 'company_id', 'disabled']).executeTakeFirstOrThrow();
  }
  const sessionId = await startSession(db, user.id, origin);
  return { ticket: await issueTicket(db, user.id, sessionId), userId: user.id };
}
