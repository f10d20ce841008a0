import type { FastifyInstance } from 'fastify';
import type { Kysely, KyselyPlugin } from 'kysely';
import pg from 'pg';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp, syncPathsOnPublish } from '../../server/app';
import { passwordVersion, signToken } from '../../server/auth/jwt';
import type { Config } from '../../server/config';
import { createPGlite, kyselyForPGlite, kyselyForPostgres, type DatabaseHandle } from '../../server/db/connect';
import type { Database } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemoData } from '../../server/demo/seed';
import { openDefinitionStore } from '../../server/definitions/definition-store';
import { publishFileDefinitions } from '../../server/definitions/publish-file-definitions';

/** A built app on a fresh, migrated and seeded database of its own. */
export interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  config: Config;
  /** PostgreSQL connection string of this app's database (a second instance may open its own pool). */
  url?: string;
  /** Closes the app and drops/closes its database (and removes its data folder). */
  close(): Promise<void>;
  /**
   * A bearer token for a user. Without a password it is signed directly, exactly as
   * /api/login_check would issue it, skipping the deliberately slow scrypt check; with a
   * password it goes through POST /api/login_check.
   */
  login(email: string, password?: string): Promise<string>;
}

const root = resolve(import.meta.dirname, '../..');

/** Files whose change makes the cached seeded database stale. */
function schemaHash(): string {
  const hash = createHash('sha256');
  const migrations = join(root, 'server/db/migrations');
  const files = [
    ...readdirSync(migrations).sort().map((f) => join(migrations, f)),
    join(root, 'server/demo/seed.ts'), join(root, 'server/demo/seed-data.ts'), join(root, 'server/demo/demo-organisation.json'), join(root, 'server/definitions/publish-file-definitions.ts'), join(root, 'server/auth/password.ts'),
  ];
  for (const file of files) hash.update(file).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A dump of a migrated and seeded PGlite, made once and cached in the OS temp folder keyed by
 * the schema hash: restoring it (~0.4 s) is much cheaper than initdb + migrate + seed.
 */
async function seededDump(): Promise<Blob> {
  const file = join(tmpdir(), `ringi-test-db-${schemaHash()}.tar.gz`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const pglite = await createPGlite();
  const handle = kyselyForPGlite(pglite);
  await migrateToLatest(handle.db);
  await seedDemoData(handle.db);
  // The definition files published once into the cached dump; buildApp then finds nothing new.
  await publishFileDefinitions(await openDefinitionStore(handle.db, { onPublished: syncPathsOnPublish }), { error() {}, info() {} });
  const dump = await pglite.dumpDataDir('gzip');
  await handle.close();
  const bytes = Buffer.from(await dump.arrayBuffer());
  // Parallel test workers may both build it: write aside, then rename atomically.
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, file);
  return new Blob([bytes]);
}

/** The same server URL pointing at another database. */
function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Runs `work` with an admin connection to TEST_DATABASE_URL, under a lock shared by all test workers. */
async function withAdmin<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(727274)');
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** The migrated and seeded template database of this schema hash, built once (caller holds the lock). */
async function ensureTemplate(url: string, admin: pg.Client): Promise<string> {
  const template = `ringi_template_${schemaHash()}`;
  const exists = await admin.query('select 1 from pg_database where datname = $1', [template]);
  if (exists.rowCount === 0) {
    // Built under a temporary name and renamed, so a failed build never leaves a half template.
    const building = `${template}_building`;
    await admin.query(`drop database if exists ${building}`);
    await admin.query(`create database ${building}`);
    const handle = kyselyForPostgres(databaseUrl(url, building));
    try {
      await migrateToLatest(handle.db);
      await seedDemoData(handle.db);
    } finally {
      await handle.close();
    }
    await admin.query(`alter database ${building} rename to ${template}`);
  }
  return template;
}

/**
 * Builds the cached seeded database once, before the test workers start (Vitest's global setup),
 * so no test file pays for the build inside its setup timeout.
 */
export async function prepareTestDatabase(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) await withAdmin(url, (admin) => ensureTemplate(url, admin));
  else await seededDump();
}

/**
 * A fresh database on TEST_DATABASE_URL, copied from a migrated and seeded template database
 * (made once per schema hash, like the PGlite dump), and dropped again on close.
 */
async function postgresDatabase(url: string): Promise<DatabaseHandle> {
  const name = `ringi_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(url, async (admin) => {
    const template = await ensureTemplate(url, admin);
    await admin.query(`create database ${name} template ${template}`);
  });
  const handle = kyselyForPostgres(databaseUrl(url, name));
  return {
    ...handle,
    async close() {
      await handle.close();
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      // The pool's sockets close just after pool.end() resolves: wait for the server to see them
      // gone, so dropping does not kill a session whose client would report it as an error.
      for (let i = 0; i < 100; i += 1) {
        const sessions = await admin.query('select 1 from pg_stat_activity where datname = $1', [name]);
        if (sessions.rowCount === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Opens a fresh seeded database: PGlite restored from the cached dump, or PostgreSQL. */
export async function freshDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return postgresDatabase(url);
  return kyselyForPGlite(await createPGlite({ loadDataDir: await seededDump() }));
}

/**
 * Builds the app on a fresh database; `overrides` change the test config (e.g. a low rate limit);
 * `plugins` see every statement the app runs (e.g. to count a request's statements).
 */
/** A second app instance beside a test app (see `secondInstance`). */
export interface SecondInstance {
  app: FastifyInstance;
  /** Closes the app, its own pool and its data folder (the shared database stays the first app's). */
  close(): Promise<void>;
}

/**
 * A second instance beside `t`, as production runs several: its own connection pool (on
 * PostgreSQL) and data folder, sharing what instances share (the database, Redis under the same
 * key prefix, the secrets).
 */
export async function secondInstance(t: TestApp): Promise<SecondInstance> {
  const handle = t.url ? kyselyForPostgres(t.url) : undefined;
  const dir = mkdtempSync(join(tmpdir(), 'ringi-test-b-'));
  const app = await buildApp({ config: { ...t.config, dataDir: dir }, db: handle?.db ?? t.db });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await handle?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function buildTestApp(overrides: Partial<Config> = {}, plugins: KyselyPlugin[] = []): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ringi-test-'));
  const config: Config = {
    port: 0, host: '127.0.0.1', dataDir, jwtSecret: 'test-secret-0123456789abcdef',
    mailFrom: 'Ringi <no-reply@ringi.test>', logLevel: 'silent', appUrl: 'http://ringi.test',
    staticDir: join(dataDir, 'no-dist'), loginRateLimit: 1000, mailIntervalMs: 0, trustProxy: false,
    databasePoolSize: 10, databasePrepare: true, passwordHashConcurrency: 2, passwordHashQueue: 32,
    // With TEST_REDIS_URL every app keeps its shared state under its own prefix (parallel runs).
    redisUrl: process.env.TEST_REDIS_URL || undefined, redisKeyPrefix: `ringi-test-${randomBytes(6).toString('hex')}:`,
    ...overrides,
  };
  const handle = await freshDatabase();
  const db = plugins.reduce((withPlugins, plugin) => withPlugins.withPlugin(plugin), handle.db);
  const app = await buildApp({ config, db });
  await app.ready();
  return {
    app, db: handle.db, config, url: handle.url,
    async close() {
      await app.close();
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
    async login(email, password) {
      if (password === undefined) {
        const user = await handle.db.selectFrom('users').select(['id', passwordVersion.as('password_version')])
          .where('email', '=', email).where('disabled', '=', false).where('locked_at', 'is', null).executeTakeFirst();
        if (!user) throw new Error(`no enabled, unlocked user ${email}`);
        return signToken(user.id, user.password_version, config.jwtSecret);
      }
      const response = await app.inject({ method: 'POST', url: '/api/login_check', payload: { username: email, password } });
      if (response.statusCode !== 200) throw new Error(`login of ${email} failed: ${response.statusCode} ${response.body}`);
      return response.json().token as string;
    },
  };
}
