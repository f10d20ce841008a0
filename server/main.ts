/**
 * Starts Ringi: reads the config, opens and migrates the database, seeds demo data into an
 * empty one, serves the API and web app, and closes everything on SIGINT/SIGTERM.
 */
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { seedDemoData } from './demo/seed';
import { seedDemoDocuments } from './demo/demo-documents';
import { ensureSsoDemo } from './demo/demo-sso';

async function main(): Promise<void> {
  // Whatever Ringi creates under DATA_DIR is for the service account only (docs/SECURITY.md).
  process.umask(0o077);
  const config = loadConfig();
  const handle = await openDatabase(config);
  await migrateToLatest(handle.db);
  const seeded = await seedDemoData(handle.db);
  const app = await buildApp({ config, db: handle.db });
  // The SSO demo company (README "Single sign-on demo"), only when a demo IdP is named.
  if (config.demoIdpUrl) await ensureSsoDemo(handle.db, config.demoIdpUrl, app.ssoSecretsKey);
  if (seeded) {
    // Filed through the app's own API before it listens: the first screen shows a working company.
    const documents = config.demoDocuments === false ? null : await seedDemoDocuments(app);
    app.log.info({ documents: documents?.documents ?? 0, ms: documents?.ms }, 'empty database: demo data seeded (every demo password is ringi-demo)');
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
    } finally {
      await handle.close();
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  await handle.warm?.();
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ database: handle.kind, dataDir: config.dataDir }, 'Ringi is ready');
  app.mailer.kick();
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
  else console.error(error);
  process.exit(1);
});
