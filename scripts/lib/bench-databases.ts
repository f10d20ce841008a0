import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { passwordVersion, signToken } from '../../server/auth/jwt';
import type { Config } from '../../server/config';
import { createPGlite, kyselyForPGlite, kyselyForPostgres, type DatabaseHandle } from '../../server/db/connect';
import type { Database } from '../../server/db/database';

/**
 * The database scaffold of the in-process benchmarks (bench:stats, bench:bulk): the app's config
 * for a run, a user's token without the deliberately slow login, and the fresh databases each
 * run measures (embedded PGlite, and PostgreSQL when DATABASE_URL is set).
 */

/** The app config of a benchmark run: silent, no mail interval, its files in `dataDir`. */
export function benchConfig(dataDir: string): Config {
  return {
    port: 0, host: '127.0.0.1', dataDir, jwtSecret: 'bench-secret-0123456789abcdef', mailFrom: 'Ringi <bench@ringi.test>', logLevel: 'silent',
    appUrl: 'http://ringi.test', staticDir: join(dataDir, 'no-dist'), loginRateLimit: 1000, mailIntervalMs: 0, trustProxy: false,
    databasePoolSize: 10, passwordHashConcurrency: 2, passwordHashQueue: 32, redisKeyPrefix: 'bench:',
  } as Config;
}

/** `email`'s bearer token, signed as /api/login_check would issue it (no scrypt check). */
export async function benchToken(db: Kysely<Database>, email: string, config: Config): Promise<string> {
  const user = await db.selectFrom('users').select(['id', passwordVersion.as('password_version')]).where('email', '=', email).executeTakeFirstOrThrow();
  return signToken(user.id, user.password_version, config.jwtSecret);
}

/** Measures one database: `fresh` is false for a reused PostgreSQL database (already seeded). */
export type MeasureDatabase = (kind: string, handle: DatabaseHandle, dataDir: string, fresh: boolean) => Promise<void>;

export interface BenchDatabases {
  /** Names the temporary folders and the PostgreSQL database (`<DATABASE_URL's name>_<name>_<pid>`). */
  name: string;
  /** Measure a fresh embedded database (default true). */
  embedded?: boolean;
  /** An existing PostgreSQL database to measure again instead of a fresh one (kept afterwards). */
  reuse?: string;
  /** Keep the fresh PostgreSQL database (its name is printed). */
  keep?: boolean;
  /** The variable that measures a kept database again (named beside it when kept). */
  reuseVariable?: string;
}

/**
 * Runs `measure` on a fresh embedded database and, when DATABASE_URL is set, on a fresh
 * PostgreSQL database created beside the one it names and dropped afterwards (unless kept or
 * reused). Each gets a temporary data folder, removed afterwards.
 */
export async function onBenchDatabases(options: BenchDatabases, measure: MeasureDatabase): Promise<void> {
  if (options.embedded !== false) {
    const dir = mkdtempSync(join(tmpdir(), `ringi-bench-${options.name}-`));
    const embedded = kyselyForPGlite(await createPGlite());
    try {
      await measure('embedded (PGlite)', embedded, dir, true);
    } finally {
      await embedded.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const base = new URL(url).pathname.slice(1).replace(/[^a-z0-9_]/gi, '') || `ringi_bench_${options.name}`;
  const name = options.reuse || `${base}_${options.name}_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  if (!options.reuse) await admin.query(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = kyselyForPostgres(target.toString());
  const dir = mkdtempSync(join(tmpdir(), `ringi-bench-${options.name}-pg-`));
  try {
    await measure('PostgreSQL', handle, dir, !options.reuse);
  } finally {
    await handle.close();
    // The pool's sockets close just after pool.end() resolves: wait until the server sees them gone.
    for (let i = 0; i < 100; i += 1) {
      if ((await admin.query('select 1 from pg_stat_activity where datname = $1', [name])).rowCount === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (options.keep || options.reuse) console.log(`kept database ${name}${options.reuseVariable ? ` (${options.reuseVariable}=${name} measures it again)` : ''}`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}
