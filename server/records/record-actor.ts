import { sql, type Kysely } from 'kysely';

/**
 * Names who changes documents in this transaction, and why (`submit`, `edit`, `approve`,
 * `reject`, `treasury`, `withdraw`, `invoice-files`), for the history entries the records
 * trigger writes (migration 0900). Transaction-local (`set_config(…, true)`): it ends with the
 * transaction and never leaks to another request on the pooled connection. A change made
 * without it is recorded with no actor, which `GET /records/verify` reports as unattributed.
 */
export async function recordActor(trx: Kysely<any>, userId: number, reason: string): Promise<void> {
  await sql`select set_config('ringi.actor', ${String(userId)}, true), set_config('ringi.reason', ${reason}, true)`.execute(trx);
}
