import type { FastifyPluginAsync } from 'fastify';
import { DEPENDENCY_RETRY_AFTER_SECONDS } from '../../lib/dependency-unavailable';
import { Health, HealthUnavailable } from '../../../src/wire/health';
import { dependencyProbe } from './dependency-probe';

/**
 * `GET /api/health`, public, for load balancers and the e2e runner. `status` is `ok` when every
 * configured dependency answers (200); `degraded` (200) when Redis is down, since the instance
 * still serves with per-instance rate limits; `unavailable` (503 with `Retry-After`) when the
 * database is down, so a load balancer takes the instance out until it answers again.
 */
const health: FastifyPluginAsync = async (app) => {
  const probe = dependencyProbe(app.db, app.redis);
  app.get('/health', { schema: { response: { 200: Health, 503: HealthUnavailable } } }, async (_request, reply): Promise<Health> => {
    const dependencies = await probe();
    if (dependencies.db === 'down') {
      reply.status(503).header('retry-after', String(DEPENDENCY_RETRY_AFTER_SECONDS));
      return { status: 'unavailable', ...dependencies };
    }
    return { status: dependencies.redis === 'down' ? 'degraded' : 'ok', ...dependencies };
  });
};

export default health;
