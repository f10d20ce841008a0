import type { FastifyPluginAsync } from 'fastify';

/** `GET /api/health`: liveness for load balancers and the e2e runner; needs no login. */
const health: FastifyPluginAsync = async (app) => {
  app.get('/health', {
    schema: { response: { 200: { type: 'object', properties: { status: { type: 'string', enum: ['ok'] } } } } },
  }, async () => ({ status: 'ok' }));
};

export default health;
