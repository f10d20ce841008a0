import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type Dialect } from 'kysely';
import pg from 'pg';
import { join } from 'node:path';
import type { Database } from './database';
import { PGliteDialect } from './pglite-dialect';
import { bindCommitHooks, CommitHooks } from './commit-hooks';
import { bindNotificationSource, pgliteNotifications, postgresNotifications } from './notifications';
import { privateDir } from '../security/private-dir';
import { tightenTree } from '../security/tighten-tree';
import { isStalePlan, PER_CONNECTION, StatementNames } from './prepared-statements';

/**
 * Type parsers shared by both drivers: counts (int8) and numerics as numbers, `date` kept as
 * the `YYYY-MM-DD` string the API speaks (the default would shift it through a local Date).
 */
const PARSERS: Record<number, (value: string) => unknown> = {
  20: Number, // int8
  1700: Number, // numeric
  1082: (value) => value, // date
};

/** An open database: the Kysely instance and how to close what it runs on. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  /** `pglite` or `postgres`, for logs. */
  kind: 'pglite' | 'postgres';
  /** The connection string of a PostgreSQL database (another instance may open its own pool). */
  url?: string;
  close(): Promise<void>;
  /**
   * Opens the pool's connections ahead of traffic (PostgreSQL only): otherwise the first requests
   * after a start, and the first ones beyond the connections in use, each wait for a new session
   * (TCP, start-up, authentication) — a visible share of the list's p99 under load (issue #19).
   */
  warm?(): Promise<void>;
}

/** Kysely over a dialect whose commits run the database's commit hooks (server/db/commit-hooks.ts). */
function hookedKysely(dialect: Dialect): Kysely<Database> {
  const hooks = new CommitHooks();
  const db = new Kysely<Database>({ dialect: hooks.wrap(dialect) });
  bindCommitHooks(db, hooks);
  return db;
}

/** Kysely over an already created PGlite instance (tests restore one from a dump). */
export function kyselyForPGlite(pglite: PGlite): DatabaseHandle {
  const db = hookedKysely(new PGliteDialect(pglite));
  bindNotificationSource(db, pgliteNotifications(db, pglite));
  return { db, kind: 'pglite', close: () => db.destroy() };
}

/** How long opening one PostgreSQL session may take before it fails (→ 503 SERVICE_UNAVAILABLE). */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * node-postgres' client with a connect timeout of its own (see `kyselyForPostgres`) and, with
 * `names`, the statements Kysely sends as text run as prepared statements of the connection
 * (server/db/prepared-statements.ts). A prepared statement whose result columns another
 * instance's migration changed fails (PostgreSQL's "cached plan must not change result type"):
 * the connection drops all its prepared statements and sends the statement again — alone it then
 * succeeds; in a transaction the transaction fails once, as on any error.
 */
function clientClass(names: StatementNames | null): typeof pg.Client {
  class RingiClient extends pg.Client {
    private readonly prepared = new Set<string>();
    private stale = false;

    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    }

    // @ts-expect-error one signature for node-postgres' overloads: Kysely calls query(text, values) and reads the promise
    override query(...args: unknown[]): unknown {
      const [text, values] = args;
      const name = names && args.length === 2 && typeof text === 'string' && Array.isArray(values) ? names.nameOf(text) : null;
      if (!name || (!this.prepared.has(name) && this.prepared.size >= PER_CONNECTION)) return (super.query as (...a: unknown[]) => unknown)(...args);
      const run = async (retry: boolean): Promise<unknown> => {
        if (this.stale) {
          // Fails inside a transaction the stale statement aborted (stale stays set until after its rollback).
          await super.query('deallocate all');
          const connection = (this as unknown as { connection: { parsedStatements: object; submittedNamedStatements?: object } }).connection;
          connection.parsedStatements = {};
          if (connection.submittedNamedStatements) connection.submittedNamedStatements = {};
          this.prepared.clear();
          this.stale = false;
        }
        this.prepared.add(name);
        try {
          return await super.query({ text: text as string, values: values as unknown[], name });
        } catch (error) {
          if (!isStalePlan(error)) throw error;
          this.stale = true;
          // Nothing ran: sent again once (outside a transaction it then succeeds; inside one it fails as aborted).
          if (retry) return run(false);
          throw error;
        }
      };
      return run(true);
    }
  }
  return RingiClient as unknown as typeof pg.Client;
}

/** Where a pool reports a connection it lost outside any query (see `kyselyForPostgres`). */
export type ConnectionErrorListener = (error: Error) => void;

/** The default report of a lost connection: one JSON line on stderr, like the app's log. */
const logConnectionError: ConnectionErrorListener = (error) => {
  process.stderr.write(`${JSON.stringify({ level: 40, time: Date.now(), msg: 'database connection lost', err: { message: error.message, code: (error as { code?: string }).code } })}\n`);
};

/**
 * Kysely over a PostgreSQL server through a pool of `poolSize` connections (`DATABASE_POOL_SIZE`,
 * default 10); `searchPath` confines it to one schema (tests). With several instances the
 * server's `max_connections` must cover instances × pool size.
 *
 * A connection the server ends (a restart, a failover, `pg_terminate_backend`, an idle reaper)
 * makes node-postgres emit `error` on the idle client's pool, or on a checked-out client between
 * two queries of a transaction. Unhandled, either event kills the process; here both are reported
 * to `onConnectionError` and the pool drops the broken client and opens a new one on next use.
 */
export function kyselyForPostgres(
  connectionString: string, searchPath?: string, poolSize = 10, onConnectionError: ConnectionErrorListener = logConnectionError, prepare = true,
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    // A server that does not answer (a blackholed host, a failover under way) fails a request after
    // 5 s (→ 503) instead of holding it. Set on the client, not the pool: the pool's own option
    // would also time out requests waiting for a free connection under load (503s at a busy
    // moment); keep-alive finds connections a dead peer left open.
    Client: clientClass(prepare ? new StatementNames() : null),
    keepAlive: true,
    // Idle connections are kept a minute (node-postgres closes them after 10 s by default), so a
    // burst after a quiet spell finds them open instead of paying for new sessions.
    idleTimeoutMillis: 60_000,
    options: searchPath ? `-c search_path=${searchPath}` : undefined,
    types: { getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      PARSERS[oid] ?? pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser },
  });
  // A listener of our own on every client for its whole life (the pool's idle listener is removed
  // while the client is checked out); it reports each loss once. The pool re-emits an idle
  // client's error as its own, which then needs a listener too, but nothing more to report.
  pool.on('connect', (client) => { client.on('error', (error) => onConnectionError(error)); });
  pool.on('error', () => {});
  const db = hookedKysely(new PostgresDialect({ pool }));
  bindNotificationSource(db, postgresNotifications(connectionString, onConnectionError));
  const warm = async () => {
    // Concurrent checkouts make the pool open that many sessions; each is released at once.
    const clients = await Promise.all(Array.from({ length: poolSize }, () => pool.connect()));
    for (const client of clients) client.release();
  };
  return { db, kind: 'postgres', url: connectionString, close: () => db.destroy(), warm };
}

/**
 * Creates a PGlite with Ringi's type parsers, in `dataDir` or in memory, with `pg_trgm` loaded
 * (the vendor search's trigram index, migration 0620). PGlite (its JS and WASM, tens of MB) is
 * imported here, on first use, so an instance on PostgreSQL never loads it.
 */
export async function createPGlite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<PGlite> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  return PGlite.create({ ...options, parsers: PARSERS, extensions: { pg_trgm }, startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS] });
}

/**
 * PGlite keeps PostgreSQL's buffers inside the server's own process (its WASM heap, which never
 * shrinks). Its default of 128 MB shared buffers put an embedded instance holding 100k documents at
 * ~410 MB RSS after a load run; 16 MB keeps it under 300 MB (285 MB), and the data folder's files are still
 * cached by the operating system (docs/PERFORMANCE.md, "Load figures").
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

/** Opens the configured database: PostgreSQL when a URL is given, else PGlite in `<dataDir>/pgdata`. */
export async function openDatabase(config: { databaseUrl?: string; dataDir: string; databasePoolSize?: number; databasePrepare?: boolean }): Promise<DatabaseHandle> {
  if (config.databaseUrl) return kyselyForPostgres(config.databaseUrl, undefined, config.databasePoolSize, undefined, config.databasePrepare ?? true);
  privateDir(config.dataDir);
  const dir = privateDir(join(config.dataDir, 'pgdata'));
  const handle = kyselyForPGlite(await createPGlite({ dataDir: dir }));
  tightenTree(dir);
  return { ...handle, close: async () => { await handle.close(); tightenTree(dir); } };
}
