import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/database';
import { AppError } from './lib/errors';
import { createValidatorCompiler } from './lib/validator-compiler';
import authPlugin from './plugins/auth';
import contextPlugin from './plugins/context';
import errorHandler from './plugins/error-handler';
import mailPlugin from './plugins/mail';
import routes from './plugins/routes';
import securityPlugin from './plugins/security';
import staticPlugin from './plugins/static';
import './types';

/** What `buildApp` needs; the caller owns (opens, migrates and closes) the database. */
export interface BuildAppOptions {
  config: Config;
  db: Kysely<Database>;
}

/** JSON bodies above 1 MiB are refused with 413 (uploads go through multipart, with own limits). */
export const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * Builds Ringi's HTTP app: plugins (context, security headers, errors, auth, mail, rate limits),
 * every route area under /api, and the web app with its SPA fallback. Does not listen.
 */
export async function buildApp({ config, db }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
  });
  app.setValidatorCompiler(createValidatorCompiler());
  await app.register(contextPlugin, { config, db });
  await app.register(errorHandler);
  await app.register(securityPlugin);
  // Only routes that opt in (`config.rateLimit`) are limited, e.g. login per client IP.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (request, context) =>
      new AppError('RATE_LIMITED', request.t('server.errors.rateLimited', { after: context.after })),
  });
  await app.register(authPlugin);
  await app.register(mailPlugin);
  await app.register(routes);
  await app.register(staticPlugin);
  return app;
}
