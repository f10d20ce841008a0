import type { FastifyPluginAsync } from 'fastify';
import { DEPENDENCY_RETRY_AFTER_SECONDS } from '../../lib/dependency-unavailable';
import { dependencyProbe } from './dependency-probe';

const state = { type: 'string', enum: ['ok', 'down', 'off'] } as const;
const body = {
  type: 'object',
  properties: { status: { type: 'string', enum: ['ok', 'degraded', 'unavailable'] }, db: state, redis: state },
} as const;
/** A 503 is either the probe's answer or the error handler's `{ message, code }`. */
const unavailable = { ...body, properties: { ...body.properties, message: { type: 'string' }, code: { type: 'string' }, retryAfter: { type: 'number' } } } as const;

/**
 * `GET /api/health`, public, for load balancers and the e2e runner. `status` is `ok` when every
 * configured dependency answers (200); `degraded` (200) when Redis is down, since the instance
 * still serves with per-instance rate limits; `unavailable` (503 with `Retry-After`) when the
 * database is down, so a load balancer takes the instance out until it answers again.
 */
const health: FastifyPluginAsync = async (app) => {
  const probe = dependencyProbe(app.db, app.redis);
  app.get('/health', { schema: { response: { 200: body, 503: unavailable } } }, async (_request, reply) => {
    const dependencies = await probe();
    if (dependencies.db === 'down') {
      reply.status(503).header('retry-after', String(DEPENDENCY_RETRY_AFTER_SECONDS));
      return { status: 'unavailable', ...dependencies };
    }
    return { status: dependencies.redis === 'down' ? 'degraded' : 'ok', ...dependencies };
  });
};

export default health;
