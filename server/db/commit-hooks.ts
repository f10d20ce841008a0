import type { DatabaseConnection, Dialect, Driver, Kysely, TransactionSettings } from 'kysely';

/**
 * Work that must happen inside every transaction the application commits, as its last
 * statements before COMMIT, on the transaction's own connection (e.g. sealing the history
 * entries the transaction wrote, server/records/record-seal.ts). A hook that throws makes the
 * commit fail: Kysely then rolls the transaction back, so nothing it wrote is left half done.
 */
export type CommitHook = (connection: DatabaseConnection) => Promise<void>;

/** The hooks of one database (its Kysely instance), filled by the app's plugins. */
export class CommitHooks {
  readonly #hooks = new Set<CommitHook>();

  /** Adds a hook; the returned function removes it again (when the app closes). */
  add(hook: CommitHook): () => void {
    this.#hooks.add(hook);
    return () => { this.#hooks.delete(hook); };
  }

  /** Runs every hook, one after another, on the connection about to commit. */
  async run(connection: DatabaseConnection): Promise<void> {
    for (const hook of this.#hooks) await hook(connection);
  }

  /** The dialect whose driver runs these hooks before each COMMIT (savepoints and the rest unchanged). */
  wrap(dialect: Dialect): Dialect {
    return {
      createAdapter: () => dialect.createAdapter(),
      createIntrospector: (db) => dialect.createIntrospector(db),
      createQueryCompiler: () => dialect.createQueryCompiler(),
      createDriver: () => hookedDriver(dialect.createDriver(), this),
    };
  }
}

function hookedDriver(driver: Driver, hooks: CommitHooks): Driver {
  const hooked: Driver = {
    init: () => driver.init(),
    acquireConnection: () => driver.acquireConnection(),
    beginTransaction: (connection: DatabaseConnection, settings: TransactionSettings) => driver.beginTransaction(connection, settings),
    async commitTransaction(connection: DatabaseConnection) {
      await hooks.run(connection);
      await driver.commitTransaction(connection);
    },
    rollbackTransaction: (connection: DatabaseConnection) => driver.rollbackTransaction(connection),
    releaseConnection: (connection: DatabaseConnection) => driver.releaseConnection(connection),
    destroy: () => driver.destroy(),
  };
  if (driver.savepoint) hooked.savepoint = driver.savepoint.bind(driver);
  if (driver.rollbackToSavepoint) hooked.rollbackToSavepoint = driver.rollbackToSavepoint.bind(driver);
  if (driver.releaseSavepoint) hooked.releaseSavepoint = driver.releaseSavepoint.bind(driver);
  return hooked;
}

/**
 * The commit hooks of each database opened by server/db/connect.ts. Keyed by the Kysely
 * instance the app is handed (`buildApp({ db })`), so the plugin that needs a hook finds the
 * database's own set without every caller of `buildApp` passing it along.
 */
const byDatabase = new WeakMap<Kysely<any>, CommitHooks>();

/** Remembers the hooks of a database (connect.ts, once per Kysely instance it creates). */
export function bindCommitHooks(db: Kysely<any>, hooks: CommitHooks): void {
  byDatabase.set(db, hooks);
}

/** The commit hooks of a database opened by connect.ts; undefined for any other. */
export function commitHooks(db: Kysely<any>): CommitHooks | undefined {
  return byDatabase.get(db);
}
