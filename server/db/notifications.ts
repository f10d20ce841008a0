import type { PGlite } from '@electric-sql/pglite';
import type { Kysely } from 'kysely';
import pg from 'pg';

/** Called with each payload of a channel's notifications. */
export type NotificationHandler = (payload: string) => void;

/**
 * Where an app instance hears its database's `NOTIFY`s (delivered on commit, to every listening
 * session: every instance). `listen` resolves once listening and gives back how to stop;
 * `onResumed` is told after a lost listening connection was opened again (notifications sent
 * meanwhile are lost: listeners treat everything as changed).
 */
export interface NotificationSource {
  listen(channel: string, handler: NotificationHandler, onResumed?: () => void): Promise<() => Promise<void>>;
}

const byDatabase = new WeakMap<Kysely<any>, NotificationSource>();

/** Remembers how to listen on a database (server/db/connect.ts, once per Kysely instance). */
export function bindNotificationSource(db: Kysely<any>, source: NotificationSource): void {
  byDatabase.set(db, source);
}

/** How to listen on a database opened by connect.ts; undefined for any other. */
export function notificationSource(db: Kysely<any>): NotificationSource | undefined {
  return byDatabase.get(db);
}

/**
 * PGlite's own LISTEN (it delivers on commit like PostgreSQL). Its one connection is taken
 * through the dialect's mutex (`db.connection()`), so the LISTEN never runs inside another
 * caller's open transaction. Several apps on one PGlite (tests) each add a handler of their own.
 */
export function pgliteNotifications(db: Kysely<any>, pglite: PGlite): NotificationSource {
  return {
    async listen(channel, handler) {
      const stop = await db.connection().execute(() => pglite.listen(channel, handler));
      return async () => {
        if (pglite.closed) return;
        await db.connection().execute(() => stop());
      };
    },
  };
}

/** How long to wait before listening again after the listening connection was lost. */
const RELISTEN_MS = 1000;

/**
 * PostgreSQL: one dedicated session per listener (a pooled connection would be handed to other
 * queries), `LISTEN <channel>`. A lost session (restart, failover, idle reaper) is opened again
 * after a second, then `onResumed` runs. Stopping ends the session and any retry.
 */
export function postgresNotifications(connectionString: string, onError: (error: Error) => void): NotificationSource {
  return {
    async listen(channel, handler, onResumed) {
      let stopped = false;
      let client: pg.Client | undefined;
      let retry: NodeJS.Timeout | undefined;
      const open = async (resumed: boolean): Promise<void> => {
        const next = new pg.Client({ connectionString, connectionTimeoutMillis: 5000, keepAlive: true });
        next.on('notification', (message) => {
          if (message.channel === channel && message.payload !== undefined) handler(message.payload);
        });
        const lost = (error?: Error) => {
          if (error) onError(error);
          if (stopped || client !== next) return;
          client = undefined;
          next.end().catch(() => undefined);
          retry = setTimeout(() => void open(true).catch(() => undefined), RELISTEN_MS);
        };
        next.on('error', lost);
        next.on('end', () => lost());
        client = next;
        try {
          await next.connect();
          await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        } catch (error) {
          lost(error as Error);
          if (!resumed) throw error;
          return;
        }
        if (resumed && !stopped) onResumed?.();
      };
      await open(false);
      return async () => {
        stopped = true;
        clearTimeout(retry);
        const current = client;
        client = undefined;
        await current?.end().catch(() => undefined);
      };
    },
  };
}
