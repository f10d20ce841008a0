import { sql, type Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import type { AccessEvent, SignInMethod } from '../../src/wire/access-log';

export type { AccessEvent, SignInMethod } from '../../src/wire/access-log';

/**
 * One access-log entry to record (issue #34 item 8; docs/IDENTITY.md "Access log"). Only `event`
 * is required; `success` defaults to true, `at` to the database's now, `companyId` to the
 * company of `userId` (at the time of recording).
 */
export interface AccessLogEntry {
  event: AccessEvent;
  /** Who did it (or, for a failed sign-in, whose account was tried); null when nobody is known. */
  userId?: number | null;
  /** The company the entry belongs to (its scope for `GET /access_log`). */
  companyId?: number | null;
  /** For `sign_in`: password, oidc, saml or scim-token. */
  method?: SignInMethod | null;
  /** For SSO sign-ins: the IdP (issuer or entity id), at most 200 characters kept. */
  idp?: string | null;
  success?: boolean;
  /** Why it failed (a short code such as `invalid_password`, `locked`, `state_mismatch`); at most 200 characters kept. */
  reason?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  at?: Date;
  /** Anything else worth keeping (the tried e-mail, the changed resource and its id, a file's name). */
  detail?: Record<string, unknown>;
}

/** Where a request came from, as the access log keeps it. */
export interface AccessOrigin {
  ip: string | null;
  userAgent: string | null;
}

/** The address and user agent of a request. */
export function accessOrigin(request: Pick<FastifyRequest, 'ip' | 'headers'>): AccessOrigin {
  const agent = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof agent === 'string' ? agent : null };
}

const cut = (value: string | null | undefined, max: number): string | null => (value == null ? null : value.slice(0, max));

/**
 * Records one access-log entry. Pass the transaction (`trx`) when the entry belongs to a change,
 * so both are kept or neither; an entry of something refused is recorded on its own. The
 * signature is stable: callers in sign-in (password, OIDC, SAML) and SCIM depend on it.
 */
export async function recordAccess(db: Kysely<Database>, entry: AccessLogEntry): Promise<void> {
  const userId = entry.userId ?? null;
  const companyId = entry.companyId !== undefined
    ? entry.companyId
    : userId === null ? null : sql<number | null>`(select company_id from users where id = ${userId})`;
  await db.insertInto('access_log').values({
    ...(entry.at ? { at: entry.at } : {}),
    event: entry.event,
    user_id: userId,
    company_id: companyId,
    method: entry.method ?? null,
    idp: cut(entry.idp, 200),
    success: entry.success ?? true,
    reason: cut(entry.reason, 200),
    ip: cut(entry.ip, 64),
    user_agent: cut(entry.userAgent, 300),
    detail: JSON.stringify(entry.detail ?? {}),
  }).execute();
}
