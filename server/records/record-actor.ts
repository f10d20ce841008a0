import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * Names who changes documents in this transaction, and why (`submit`, `edit`, `approve`,
 * `reject`, `treasury`, `withdraw`, `invoice-files`), for the history entries the records
 * trigger writes (migration 0900) — and, when a deputy acts, the principal they act for
 * (`onBehalfOf`, migration 0945: the history says "deputy on behalf of principal" as the
 * timeline does). Transaction-local (`set_config(…, true)`): it ends with the transaction and
 * never leaks to another request on the pooled connection. A change made without it is recorded
 * with no actor, which `GET /records/verify` reports as unattributed.
 */
export async function recordActor(trx: Kysely<any>, userId: number, reason: string, onBehalfOf: number | null = null): Promise<void> {
  await sql`select ${settings(userId, reason, onBehalfOf)}`.execute(trx);
}

function settings(userId: number, reason: string, onBehalfOf: number | null) {
  return sql`set_config('ringi.actor', ${String(userId)}, true), set_config('ringi.reason', ${reason}, true),
    set_config('ringi.on_behalf_of', ${onBehalfOf === null ? '' : String(onBehalfOf)}, true)`;
}

/**
 * `recordActor` as a condition of the transaction's first write (one round trip fewer): always
 * true, it names the actor when the write first tests a row — before that row is changed and
 * before any trigger of the statement fires. An uncorrelated subquery, so it runs once. A write
 * that matches no row may leave the actor unset: it changed nothing to attribute.
 */
export function actorNamed(userId: number, reason: string, onBehalfOf: number | null = null): RawBuilder<boolean> {
  return sql<boolean>`(select true from (select ${settings(userId, reason, onBehalfOf)}) as actor)`;
}
