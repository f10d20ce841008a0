import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { SsoRefused } from './sso-refusal';

/** Minutes an IdP has to send the person back (after that the sign-in starts again). */
export const SSO_REQUEST_MINUTES = 10;
/** Seconds a callback's ticket stays exchangeable. */
export const SSO_TICKET_SECONDS = 60;

/** Remembers a sign-in sent to an IdP (`id` = OIDC state or SAML request id) for any instance to take back. */
export async function saveSsoRequest(db: Kysely<Database>, row: { id: string; company_id: number; protocol: 'oidc' | 'saml'; nonce?: string; code_verifier?: string }): Promise<void> {
  await db.insertInto('sso_requests').values({ ...row, nonce: row.nonce ?? null, code_verifier: row.code_verifier ?? null }).execute();
  // Old rows go as new ones come (no job needed): a day's worth is kept for nothing.
  await db.deleteFrom('sso_requests').where('created_at', '<', new Date(Date.now() - 24 * 3_600_000)).execute();
}

/**
 * Takes a sign-in request back, once: marks it used in the same statement that finds it, so two
 * instances (or a replayed callback) cannot both take it. Unknown, used or older than
 * SSO_REQUEST_MINUTES: refused with `state`.
 */
export async function takeSsoRequest(db: Kysely<Database>, id: string, protocol: 'oidc' | 'saml') {
  const row = await db.updateTable('sso_requests').set({ used_at: new Date() })
    .where('id', '=', id).where('protocol', '=', protocol).where('used_at', 'is', null)
    .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${SSO_REQUEST_MINUTES})`)
    .returning(['company_id', 'nonce', 'code_verifier']).executeTakeFirst();
  if (!row) throw new SsoRefused('state', 'unknown, used or expired state');
  return row;
}

/**
 * When a SAML request id of ours, sent for `companyId`, unused and recent, was sent (node-saml's
 * InResponseTo check, any instance); null otherwise — also for a request sent for another company.
 */
export async function peekSsoRequest(db: Kysely<Database>, id: string, companyId: number): Promise<string | null> {
  const row = await db.selectFrom('sso_requests').select('created_at').where('id', '=', id).where('company_id', '=', companyId)
    .where('protocol', '=', 'saml').where('used_at', 'is', null)
    .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${SSO_REQUEST_MINUTES})`).executeTakeFirst();
  return row ? new Date(row.created_at).toISOString() : null;
}

const hash = (ticket: string) => createHash('sha256').update(ticket).digest('base64url');

/** A one-time ticket for a signed-in SSO session; the browser exchanges it for its token. */
export async function issueTicket(db: Kysely<Database>, userId: number, sessionId: string): Promise<string> {
  const ticket = randomBytes(24).toString('base64url');
  await db.insertInto('sso_tickets').values({ id: hash(ticket), user_id: userId, session_id: sessionId }).execute();
  await db.deleteFrom('sso_tickets').where('created_at', '<', new Date(Date.now() - 24 * 3_600_000)).execute();
  return ticket;
}

/** Takes a ticket once (unused and younger than SSO_TICKET_SECONDS); null otherwise. */
export async function takeTicket(db: Kysely<Database>, ticket: string) {
  return (await db.updateTable('sso_tickets').set({ used_at: new Date() })
    .where('id', '=', hash(ticket)).where('used_at', 'is', null)
    .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${SSO_TICKET_SECONDS})`)
    .returning(['user_id', 'session_id']).executeTakeFirst()) ?? null;
}
