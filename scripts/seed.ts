/**
 * `npm run seed`: migrates the configured database (DATABASE_URL or PGlite in DATA_DIR) and
 * seeds the demo data if it is empty. Running it again changes nothing.
 */
import { ConfigError, loadConfig } from '../server/config';
import { openDatabase } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { seedDemoData } from '../server/db/seed';

try {
  const config = loadConfig();
  const handle = await openDatabase(config);
  try {
    await migrateToLatest(handle.db);
    const seeded = await seedDemoData(handle.db);
    console.log(seeded ? 'Demo data seeded (password of every demo user: ringi-demo).' : 'Database already has data; nothing seeded.');
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exitCode = 1;
}
