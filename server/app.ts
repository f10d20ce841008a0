import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { CompiledModule } from '../src/engine';
import type { Config } from './config';
import type { Database } from './db/database';
import { passwordLimiter } from './auth/password';
import { AppError } from './lib/errors';
import { createValidatorCompiler } from './lib/validator-compiler';
import { createRedis, fallbackStore } from './lib/redis-client';
import authPlugin from './plugins/auth';
import compressionPlugin from './plugins/compression';
import contextPlugin from './plugins/context';
import definitionsPlugin from './plugins/definitions';
import { openDefinitionStore } from './definitions/definition-store';
import { syncStatisticPaths } from './statistics/statistic-paths';
import { syncRecordPaths } from './records/record-paths';
import { publishFileDefinitions } from './definitions/publish-file-definitions';
import errorHandler from './plugins/error-handler';
import exposure from './plugins/exposure';
import inputGuard from './plugins/input-guard';
import { logRequest } from './security/log-request';
import mailPlugin from './plugins/mail';
import exportJobsPlugin from './plugins/export-jobs';
import remindersPlugin from './plugins/reminders';
import accessLogPlugin from './plugins/access-log';
import livePlugin from './plugins/live';
import recordsIntegrityPlugin from './plugins/records-integrity';
import webhooksPlugin from './plugins/webhooks';
import ssoKeysPlugin from './plugins/sso-keys';
import pushPlugin from './plugins/push';
import outboxKicksPlugin from './plugins/outbox-kicks';
import routes from './plugins/routes';
import scimPlugin, { SCIM_PREFIX } from './plugins/scim';
import securityPlugin from './plugins/security';
import staticPlugin from './plugins/static';
import { registerAdminEntities } from './entities';
import './types';

/** What `buildApp` needs; the caller owns (opens, migrates and closes) the database. */
export interface BuildAppOptions {
  config: Config;
  db: Kysely<Database>;
  /** Where the log goes (default stdout); tests read it to prove what is never logged. */
  logStream?: { write(line: string): void };
}

/**
 * What follows a publish inside its transaction: the searched statistics columns and the records'
 * paths follow the new definitions (wired here so the definitions layer imports neither).
 */
export async function syncPathsOnPublish(trx: Kysely<Database>, modules: Record<string, CompiledModule>): Promise<void> {
  await syncStatisticPaths(trx, modules);
  await syncRecordPaths(trx, modules);
}

/** JSON bodies above 1 MiB are refused with 413 (uploads go through multipart, with own limits). */
export const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * Builds Ringi's HTTP app: plugins (context, security headers, errors, auth, mail, rate limits),
 * every route area under /api, and the web app with its SPA fallback. Does not listen.
 */
export async function buildApp({ config, db, logStream }: BuildAppOptions): Promise<FastifyInstance> {
  registerAdminEntities();
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Credentials never reach the log (the multipart plugin logs its busboy options, headers included, at trace).
      redact: ['req.headers.authorization', 'req.headers.cookie', 'busboyOptions.headers.authorization', 'busboyOptions.headers.cookie'],
      serializers: { req: logRequest as never },
      ...(logStream ? { stream: logStream } : {}),
    },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    // Registering the routes compiles every route's schemas: a few seconds idle, but over Fastify's
    // 10 s default on a 2-core machine at load 20 ("Plugin did not start in time: 'routes'").
    pluginTimeout: 60_000,
  });
  app.setValidatorCompiler(createValidatorCompiler());
  // Outside any plugin (no plugin start timeout): the checker's first run compiles its meta-schemas.
  const store = await openDefinitionStore(db, { onPublished: syncPathsOnPublish });
  await publishFileDefinitions(store, app.log);
  const live = await store.refresh();
  // Statistics rows follow the live definitions' paths (a no-op unless they changed).
  await syncStatisticPaths(db, live.modules);
  // … and so do the electronic records' fields (they read the statistics' file rows).
  await syncRecordPaths(db, live.modules);
  await app.register(contextPlugin, { config, db });
  await app.register(definitionsPlugin, { store });
  await app.register(errorHandler);
  await app.register(compressionPlugin);
  await app.register(securityPlugin);
  passwordLimiter.configure({ concurrency: config.passwordHashConcurrency, maxQueue: config.passwordHashQueue });
  // With REDIS_URL the counters live in Redis, so a client meets the same limit on every instance;
  // while Redis is unreachable they fall back to this instance's memory (never a 500 or a hang).
  const redis = config.redisUrl ? createRedis(config.redisUrl, app.log) : undefined;
  app.decorate('redis', redis ?? null);
  if (redis) app.addHook('onClose', async () => {
    if (redis.status === 'ready') await redis.quit().catch(() => undefined);
    redis.disconnect();
  });
  await app.register(inputGuard);
  // Only routes that opt in (`config.rateLimit`) are limited, e.g. login per client IP.
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: fallbackStore(redis, `${config.redisKeyPrefix}rate-limit:`) } : {}),
    errorResponseBuilder: (request, context) =>
      new AppError('RATE_LIMITED', request.t('server.errors.rateLimited', { after: context.after })),
  });
  await app.register(authPlugin);
  await app.register(exposure);
  await app.register(mailPlugin);
  await app.register(exportJobsPlugin);
  await app.register(remindersPlugin);
  await app.register(accessLogPlugin);
  await app.register(livePlugin);
  await app.register(recordsIntegrityPlugin);
  await app.register(webhooksPlugin);
  await app.register(ssoKeysPlugin);
  await app.register(pushPlugin);
  await app.register(outboxKicksPlugin);
  await app.register(routes);
  // SCIM provisioning: outside /api, with its own company tokens, media type and error shape.
  await app.register(scimPlugin, { prefix: SCIM_PREFIX });
  await app.register(staticPlugin);
  return app;
}
