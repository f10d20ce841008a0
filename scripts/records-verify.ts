/**
 * `npm run records:verify -- [--files sample|all|none] [--company ID] [--anchor]`: checks the
 * electronic records of the configured database (DATABASE_URL, or PGlite in DATA_DIR) with the
 * records key (RECORDS_KEY or DATA_DIR/records-key) exactly as `GET /records/verify` does, with
 * progress on stderr: every entry's hash, link and seal, every document against its last entry,
 * every record against the document's data and history, the stored bytes of all files (default
 * here; `sample` reads 20), and the last anchor of the whole store. `--anchor` writes a new
 * anchor afterwards (as the daily job does, without the mail). Prints the report as JSON; exits
 * 1 when anything is broken or unattributed (docs/COMPLIANCE.md).
 */
import { sql, type SqlBool } from 'kysely';
import { ConfigError, loadConfig } from '../server/config';
import { openDatabase } from '../server/db/connect';
import { openDefinitionStore } from '../server/definitions/definition-store';
import { FileStorage } from '../server/files/file-storage';
import { sealKey } from '../server/records/record-seal';
import { verifyRecords } from '../server/records/record-verify';
import { writeAnchor } from '../server/records/records-anchor';
import { VERIFY_FILES, type VerifyFiles } from '../src/wire/records';
import { cliArgs } from './lib/cli-args';

const args = cliArgs(process.argv.slice(2));
try {
  const files = (typeof args.files === 'string' ? args.files : 'all') as VerifyFiles;
  if (!VERIFY_FILES.includes(files)) throw new ConfigError(`--files must be one of ${VERIFY_FILES.join(', ')}`);
  const company = typeof args.company === 'string' ? Number(args.company) : undefined;
  if (company !== undefined && !Number.isInteger(company)) throw new ConfigError('--company needs a company id');
  const config = loadConfig();
  const handle = await openDatabase(config);
  try {
    const key = sealKey(config.recordsKey!);
    const store = await openDefinitionStore(handle.db);
    const live = await store.refresh();
    let last = '';
    const report = await verifyRecords(handle.db, {
      documents: company === undefined ? sql<SqlBool>`true`
        : sql<SqlBool>`exists (select 1 from buffer_stats s where s.buffer_id = b.id and s.company_keys && ${`{${company}}`}::text[])`,
      key, files, storage: new FileStorage(config.dataDir, handle.db), anchorDir: company === undefined ? config.dataDir : undefined,
      modules: live.modules, limit: 10_000,
      onProgress: ({ phase, done, total }) => {
        const line = `${phase} ${done} / ${total}`;
        if (line !== last && (done === total || done % 1000 === 0 || phase === 'files' && done % 50 === 0)) process.stderr.write(`${line}\n`);
        last = line;
      },
    });
    console.log(JSON.stringify(report, null, 2));
    if (args.anchor) {
      const anchor = await writeAnchor(handle.db, key, config.dataDir);
      process.stderr.write(`anchor written: ${anchor.file} (${anchor.documents} documents, SHA-256 ${anchor.digest})\n`);
    }
    if (!report.ok) process.exitCode = 1;
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? `Error: ${error.message}` : error);
  process.exitCode = 2;
}
