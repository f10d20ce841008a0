import { sql, type Kysely } from 'kysely';
import type { Redis } from 'ioredis';
import type { Database } from '../../db/database';
import type { DependencyState } from '../../../src/wire/health';

/** How long a probe may take before its dependency counts as down (ms). */
const PROBE_TIMEOUT_MS = 2000;
/** How long a probe's answer is reused (ms): a load balancer polling every instance often costs one query per second. */
const PROBE_REUSE_MS = 1000;

/** Resolves `true` when `work` resolves within the timeout, `false` when it fails or takes longer. */
async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(false), ms); });
  try {
    return await Promise.race([work.then(() => true, () => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Probes the database (`select 1` through the app's own pool, so a full or broken pool shows) and
 * Redis (its connection state, then `PING`). Calls within a second share one probe.
 */
export function dependencyProbe(db: Kysely<Database>, redis: Redis | null): () => Promise<{ db: DependencyState; redis: DependencyState }> {
  let last: { at: number; result: Promise<{ db: DependencyState; redis: DependencyState }> } | undefined;
  const probe = async () => {
    const [database, shared] = await Promise.all([
      within(sql`select 1`.execute(db), PROBE_TIMEOUT_MS),
      redis ? redis.status === 'ready' && within(redis.ping(), PROBE_TIMEOUT_MS) : Promise.resolve(null),
    ]);
    return { db: database ? 'ok' as const : 'down' as const, redis: shared === null ? 'off' as const : shared ? 'ok' as const : 'down' as const };
  };
  return () => {
    const now = Date.now();
    if (!last || now - last.at > PROBE_REUSE_MS) last = { at: now, result: probe() };
    return last.result;
  };
}
