import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Redis } from 'ioredis';

/**
 * How long a Redis command may take before it counts as failed (ms). Rate-limit counters are a
 * single round trip on loopback or in a data centre; anything slower means Redis is in trouble.
 */
const COMMAND_TIMEOUT_MS = 500;
/** How long one connection attempt may take (ms). */
const CONNECT_TIMEOUT_MS = 1000;

/**
 * A Redis client that never makes a request wait for Redis: no offline queue (a command while
 * disconnected fails at once), one retry at most, a command timeout, and reconnection in the
 * background forever (back-off up to 2 s). Callers fall back to per-instance state on failure
 * (`FallbackRateLimitStore`). Connection errors are logged once per outage, not per retry.
 */
export function createRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (!down) log.warn({ err: { message: error.message, code: (error as { code?: string }).code } }, 'redis unreachable: rate limits are per instance until it returns');
    down = true;
  });
  redis.on('ready', () => {
    if (down) log.info('redis reachable again: rate limits are shared again');
    down = false;
  });
  return redis;
}

type StoreCallback = (error: Error | null, result: { current: number; ttl: number } | null) => void;

/** The store interface of @fastify/rate-limit (its RedisStore and LocalStore). */
interface RateLimitStore {
  incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
  read?(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): RateLimitStore;
}

/**
 * A rate-limit store that counts in Redis while Redis answers, and in this process's memory when
 * it does not (not connected, or a command failed or timed out): a login is then limited per
 * instance instead of answering 500 or hanging. Counts made in memory during an outage are not
 * carried over to Redis; the window is a minute, so the gap is bounded.
 */
export class FallbackRateLimitStore implements RateLimitStore {
  constructor(private readonly redis: Redis, private readonly shared: RateLimitStore, private readonly local: RateLimitStore) {}

  incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
    this.call('incr', key, callback, timeWindow, max);
  }

  read(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
    this.call('read', key, callback, timeWindow, max);
  }

  child(routeOptions: unknown): RateLimitStore {
    return new FallbackRateLimitStore(this.redis, this.shared.child(routeOptions), this.local.child(routeOptions));
  }

  private call(method: 'incr' | 'read', key: string, callback: StoreCallback, timeWindow: number, max: number): void {
    const local = () => this.local[method]!(key, callback, timeWindow, max);
    if (this.redis.status !== 'ready') return local();
    this.shared[method]!(key, (error, result) => (error ? local() : callback(null, result)), timeWindow, max);
  }
}

type StoreClass = new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => RateLimitStore;
// The plugin's own two stores (CommonJS, not in its typings): the fallback composes them.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreClass;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreClass;

/** The `store` option of @fastify/rate-limit: counters in `redis` under `nameSpace`, memory as fallback. */
export function fallbackStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  return class {
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      return new FallbackRateLimitStore(redis, new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff));
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
