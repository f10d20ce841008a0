/**
 * `npm run seed:documents -- [--count 100000] [--seed 14] [--end YYYY-MM-DD] [--years 2]`:
 * migrates the configured database (DATABASE_URL, or PGlite in DATA_DIR), seeds the demo data
 * when empty, then adds generated documents (scripts/lib/seed-documents.ts) and prints a summary.
 */
import { ConfigError, loadConfig } from '../server/config';
import { openDatabase } from '../server/db/connect';
import { commitHooks } from '../server/db/commit-hooks';
import { historySealer, sealKey } from '../server/records/record-seal';
import { migrateToLatest } from '../server/db/migrate';
import { seedDemoData } from '../server/demo/seed';
import { FileStorage } from '../server/files/file-storage';
import { cliArgs } from './lib/cli-args';
import { seedDocuments } from './lib/seed-documents';

const args = cliArgs(process.argv.slice(2));
const num = (name: string) => {
  const raw = args[name];
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (raw === true || !Number.isFinite(value) || value < 0) throw new ConfigError(`--${name} needs a non-negative number`);
  return value;
};

try {
  const options = { count: num('count'), seed: num('seed'), years: num('years'), end: typeof args.end === 'string' ? args.end : undefined };
  const config = loadConfig();
  const handle = await openDatabase(config);
  // The generated history is sealed with the server's records key, as the server seals what it writes.
  commitHooks(handle.db)?.add(historySealer(sealKey(config.recordsKey!)));
  try {
    await migrateToLatest(handle.db);
    await seedDemoData(handle.db);
    const result = await seedDocuments(handle.db, { ...options, storage: new FileStorage(config.dataDir, handle.db), log: (line) => console.log(line) });
    console.log(`Added ${result.documents} documents, ${result.approvals} approval steps, ${result.logs} timeline entries, ${result.files} files in ${(result.ms / 1000).toFixed(1)} s (${handle.kind}).`);
    console.log(`By status (0 on process, 2 completed, 3 rejected, 10 withdrawn): ${JSON.stringify(result.byStatus)}`);
    console.log(`By module: ${JSON.stringify(result.byModule)}`);
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? `Error: ${error.message}` : error);
  process.exitCode = 1;
}
