/**
 * The shape of the assembled app (Fastify declaration merging): what plugins decorate the app and
 * each request with. Part of the composition layer; lower layers import `AuthUser` from lib/auth-user.
 */
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Lang, Translate } from '../src/engine';
import type { Config } from './config';
import type { AuthUser } from './lib/auth-user';
import type { DefinitionSet, DefinitionStore } from './definitions/definition-store';
import type { Database } from './db/database';
import type { Mailer } from './mail/mailer';
import type { ExportRunner } from './statistics/export-jobs';
import type { ReminderRunner } from './workflow/mail/reminders';
import type { AccessLogPurger } from './auth/access-log-purge';
import type { RecordsAnchorRunner } from './records/records-anchor-job';
import type { WebhookDispatcher } from './webhooks/webhook-dispatcher';
import type { PushSender } from './push/push-sender';
import type { VapidKeys } from './push/vapid';
import type { Outbox } from './lib/outbox-kicks';
import type { DocumentNotes } from './lib/document-events';
import type { LiveHub } from './live/live-hub';

export type { AuthUser };

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    mailer: Mailer;
    /** The Redis client of shared rate limits (`REDIS_URL`), or null without one. */
    redis: Redis | null;
    /** The definition set in force now (server/plugins/definitions.ts); a request reads `request.definitions`. */
    definitions: DefinitionSet;
    /** Refreshes, publishes and enable/disable go through the app's one store. */
    definitionStore: DefinitionStore;
    /** Runs export jobs stored in the database (server/plugins/export-jobs.ts). */
    exportJobs: ExportRunner;
    /** Reminds and escalates waiting steps (server/plugins/reminders.ts). */
    reminders: ReminderRunner;
    /** Deletes access-log entries past the group's retention (server/plugins/access-log.ts). */
    accessLogPurge: AccessLogPurger;
    /** The key of the records' history seals (server/plugins/records-integrity.ts); never stored in the database. */
    recordsKey: Buffer;
    /** Writes the daily anchor of the records store (server/plugins/records-integrity.ts). */
    recordsAnchor: RecordsAnchorRunner;
    /** Seals OIDC client secrets and SAML SP private keys at rest (server/plugins/sso-keys.ts); derived from the records key. */
    ssoSecretsKey: Buffer;
    /** Delivers the webhook outbox (server/plugins/webhooks.ts); `secretsKey` encrypts the endpoints' signing secrets. */
    webhooks: WebhookDispatcher & { secretsKey: Buffer };
    /** Web Push (server/plugins/push.ts): the outbox's sender, the instances' VAPID keys and the allowed push services. */
    push: PushSender & { keys(): Promise<VapidKeys>; allowedOrigins: readonly string[] };
    /** This instance's live-event streams (server/plugins/live.ts, `GET /api/events`). */
    live: LiveHub;
    /** preHandler: sets `request.user` from a valid bearer JWT or replies 401 UNAUTHORIZED. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** Every route as registered (method without HEAD, URL pattern), in registration order. */
    registeredRoutes: ReadonlyArray<{ method: string; url: string; stream: boolean }>;
  }
  interface FastifyRequest {
    /** Set by `app.authenticate`; read only on authenticated routes. */
    user: AuthUser;
    /** The signed-in device of the request's token (`user_sessions.id`), or null for a token without one. */
    sessionId: string | null;
    /** The request's language (Accept-Language: en, ja or zh; default ja). */
    lang: Lang;
    /** The definition set this request runs with, from its start to its end. */
    definitions: DefinitionSet;
    /** The definitions' revision as the sign-in check read it with the user (and when), or null before it. */
    definitionsRead: { revision: number; at: number } | null;
    /** Translates a `server.*` key into the request's language. */
    t: Translate;
    /** The outboxes the request queued into (server/plugins/outbox-kicks.ts); null before its handler. */
    queuedOutboxes: Set<Outbox> | null;
    /** The timeline entries the request wrote, announced after its response (server/plugins/outbox-kicks.ts); null before its handler. */
    documentNotes: DocumentNotes | null;
  }
}
