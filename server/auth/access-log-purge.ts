import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { purgeAccessLog } from '../repositories/access-log-repository';
import { claimJobLease, releaseJobLease } from '../workflow/mail/reminders';

/** The purge's lease name in `job_leases` (the reminders' lease table). */
export const ACCESS_LOG_PURGE_JOB = 'access-log-purge';
/** How long an instance holds the purge (batched deletes; far longer than a purge takes). */
export const ACCESS_LOG_PURGE_LEASE_SECONDS = 600;

/** The purge job of an app (`app.accessLogPurge`). */
export interface AccessLogPurger {
  /** Claims the purge (unless another instance holds it) and runs it: the entries deleted, or null when not claimed. */
  run(): Promise<number | null>;
  /** Stops the interval and waits for the purge under way. */
  close(): Promise<void>;
}

/**
 * Deletes access-log entries past the group's retention as a lease-claimed job, like the
 * reminder scan: on the interval `ACCESS_LOG_PURGE_INTERVAL_MS` (0 = only when asked) each
 * instance tries, one at a time holds the lease in `job_leases` and purges; the others skip.
 */
export function createAccessLogPurger(deps: { db: Kysely<Database>; log: FastifyBaseLogger }, intervalMs: number): AccessLogPurger {
  const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let chain: Promise<unknown> = Promise.resolve();

  async function once(): Promise<number | null> {
    const claim = await claimJobLease(deps.db, ACCESS_LOG_PURGE_JOB, holder, ACCESS_LOG_PURGE_LEASE_SECONDS);
    if (claim === undefined) return null;
    try {
      const purged = await purgeAccessLog(deps.db);
      if (purged) deps.log.info({ purged }, 'access log purged past its retention');
      return purged;
    } finally {
      await releaseJobLease(deps.db, ACCESS_LOG_PURGE_JOB, claim);
    }
  }

  const purger: AccessLogPurger = {
    run() {
      const next = chain.then(once);
      chain = next.catch(() => undefined);
      return next;
    },
    async close() {
      if (timer) clearInterval(timer);
      await chain;
    },
  };
  const timer = intervalMs > 0
    ? setInterval(() => { purger.run().catch((err: unknown) => deps.log.error({ err }, 'access log purge failed')); }, intervalMs).unref()
    : undefined;
  return purger;
}
