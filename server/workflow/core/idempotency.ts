import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';

/** How long a stored answer is replayed; afterwards the key is forgotten and purged. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A request's `Idempotency-Key`, scoped to its user and route, with the hash of what it asks.
 * The route hooks that read it from a request are `server/routes/idempotency-hooks.ts`; here is
 * what the workflow's transactions do with it.
 */
export interface IdempotencyClaim {
  userId: number;
  key: string;
  hash: string;
}

/** The stored, unexpired answer of a claim (its request hash, status and body), if any. */
export async function storedAnswer(db: Kysely<Database>, claim: IdempotencyClaim) {
  return db.selectFrom('idempotency_keys').select(['request_hash', 'response_status', 'response_body'])
    .where('user_id', '=', claim.userId).where('key', '=', claim.key).where('expires_at', '>', new Date())
    .where('response_status', 'is not', null)
    .executeTakeFirst();
}

/**
 * Inside the transaction that does the work: purge expired keys (anyone's, which also frees this
 * one for reuse) and store the answer under the claim. A concurrent request with the same key
 * that committed first makes this insert fail (primary key), rolling the work back: the caller
 * then answers with `storedAnswerAfterConflict` (server/routes/idempotency-hooks.ts).
 */
export async function storeAnswer(trx: Kysely<Database>, claim: IdempotencyClaim, status: number, body: unknown): Promise<void> {
  await trx.deleteFrom('idempotency_keys').where('expires_at', '<=', new Date()).execute();
  await trx.insertInto('idempotency_keys').values({
    user_id: claim.userId, key: claim.key, request_hash: claim.hash, response_status: status,
    response_body: JSON.stringify(body), expires_at: new Date(Date.now() + IDEMPOTENCY_TTL_MS),
  }).execute();
}
