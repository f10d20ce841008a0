import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';

/**
 * A company's SCIM bearer tokens (migration 1110). A token is 32 random bytes (base64url) with a
 * `ringi_scim_` prefix (so a leaked one is recognisable in a scanner); only its SHA-256 is stored,
 * so the token is shown once, at creation, and a database copy holds nothing usable.
 */

const TOKEN_PREFIX = 'ringi_scim_';

/** The stored form of a token. */
export const scimTokenDigest = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates a token for `companyId` and returns its id and the token (the only time it exists in clear). */
export async function insertScimToken(db: Kysely<Database>, companyId: number, name: string, createdBy: number) {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await db.insertInto('scim_tokens')
    .values({ company_id: companyId, name, token_hash: scimTokenDigest(token), created_by: createdBy })
    .returning(['id', 'company_id', 'name', 'created_at']).executeTakeFirstOrThrow();
  return { ...row, token };
}

/** The live tokens of `companyIds` (null: every company), newest first. */
export async function liveScimTokens(db: Kysely<Database>, companyIds: number[] | null) {
  if (companyIds !== null && companyIds.length === 0) return [];
  let query = db.selectFrom('scim_tokens')
    .innerJoin('companies', 'companies.id', 'scim_tokens.company_id')
    .innerJoin('users', 'users.id', 'scim_tokens.created_by')
    .select(['scim_tokens.id', 'scim_tokens.name', 'scim_tokens.created_at', 'scim_tokens.last_used_at',
      'companies.id as company_id', 'companies.name as company_name', 'users.id as creator_id', 'users.name as creator_name'])
    .where('scim_tokens.revoked_at', 'is', null);
  if (companyIds !== null) query = query.where('scim_tokens.company_id', 'in', companyIds);
  return query.orderBy('scim_tokens.id', 'desc').execute();
}

/** The company of a live token, or null. */
export async function scimTokenCompany(db: Kysely<Database>, id: number): Promise<number | null> {
  const row = await db.selectFrom('scim_tokens').select('company_id').where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
  return row?.company_id ?? null;
}

/** Revokes a live token; false when there was none. */
export async function revokeScimToken(db: Kysely<Database>, id: number, by: number): Promise<boolean> {
  const done = await db.updateTable('scim_tokens').set({ revoked_at: new Date(), revoked_by: by })
    .where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
  return done.numUpdatedRows === 1n;
}

/**
 * The company a presented bearer token provisions, or null (unknown or revoked). Notes the use
 * (`last_used_at`, at most once a minute: a provisioning cycle sends many requests).
 */
export async function companyOfScimToken(db: Kysely<Database>, token: string): Promise<{ tokenId: number; companyId: number; touched: boolean } | null> {
  const row = await db.selectFrom('scim_tokens').select(['id', 'company_id', 'last_used_at'])
    .where('token_hash', '=', scimTokenDigest(token)).where('revoked_at', 'is', null).executeTakeFirst();
  if (!row) return null;
  // `touched`: the first use in a minute (last use noted now; the access log's sign-in entry is written then, not per request).
  const touched = !row.last_used_at || Date.now() - new Date(row.last_used_at).getTime() > 60_000;
  if (touched) await db.updateTable('scim_tokens').set({ last_used_at: new Date() }).where('id', '=', row.id).execute();
  return { tokenId: row.id, companyId: row.company_id, touched };
}
