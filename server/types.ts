import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Lang, Translate } from '../src/engine';
import type { Config } from './config';
import type { Database } from './db/database';
import type { Mailer } from './mail/mailer';
import type { ExportRunner } from './statistics/export-jobs';

/** The signed-in user as the auth preHandler loads it (no password hash). */
export interface AuthUser {
  id: number;
  email: string;
  name: string;
  company_id: number | null;
  department_id: number | null;
  is_authorizer: boolean;
  is_company_authorizer: boolean;
  is_finance: boolean;
  is_treasury: boolean;
  is_legal: boolean;
  /** The user's company is a group company. */
  is_ringi_group_member: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    mailer: Mailer;
    /** The Redis client of shared rate limits (`REDIS_URL`), or null without one. */
    redis: Redis | null;
    /** Runs export jobs stored in the database (server/plugins/export-jobs.ts). */
    exportJobs: ExportRunner;
    /** preHandler: sets `request.user` from a valid bearer JWT or replies 401 UNAUTHORIZED. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** Every route as registered (method without HEAD, URL pattern), in registration order. */
    registeredRoutes: ReadonlyArray<{ method: string; url: string }>;
  }
  interface FastifyRequest {
    /** Set by `app.authenticate`; read only on authenticated routes. */
    user: AuthUser;
    /** The request's language (Accept-Language: en, ja or zh; default ja). */
    lang: Lang;
    /** Translates a `server.*` key into the request's language. */
    t: Translate;
  }
}
