/**
 * `npm run seed`: migrates the configured database (DATABASE_URL or PGlite in DATA_DIR) and
 * seeds the demo data if it is empty: the organisation, then (unless DEMO_DOCUMENTS=0) the
 * demo's working month of documents, filed through the app's own API. Running it again changes
 * nothing (documents are filed only into a database that has none).
 */
import { buildApp } from '../server/app';
import { ConfigError, loadConfig } from '../server/config';
import { openDatabase } from '../server/db/connect';
import { seedDemoDocuments } from '../server/demo/demo-documents';
import { migrateToLatest } from '../server/db/migrate';
import { seedDemoData } from '../server/demo/seed';

try {
  const config = loadConfig();
  const handle = await openDatabase(config);
  try {
    await migrateToLatest(handle.db);
    const seeded = await seedDemoData(handle.db);
    console.log(seeded ? 'Demo data seeded (password of every demo user: ringi-demo).' : 'Database already has data; nothing seeded.');
    if (config.demoDocuments !== false) {
      const app = await buildApp({ config: { ...config, logLevel: 'warn' }, db: handle.db });
      try {
        const documents = await seedDemoDocuments(app);
        if (documents) console.log(`Demo documents filed: ${documents.documents} documents and ${documents.requests} admin requests in ${(documents.ms / 1000).toFixed(1)} s.`);
      } finally {
        await app.close();
      }
    }
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exitCode = 1;
}
