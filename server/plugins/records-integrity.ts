import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { recordsKey } from '../config';
import { commitHooks } from '../db/commit-hooks';
import { globalPlugin } from '../lib/global-plugin';
import { adoptLegacyEntries, historySealer, sealKey } from '../records/record-seal';
import { createRecordsAnchorRunner } from '../records/records-anchor-job';

/** Written to the data folder once entries from before sealing were adopted: later `legacy` marks are never sealed. */
const ADOPTED_MARK = 'records-legacy-adopted';

/**
 * The records' integrity (issue #30 item 7; docs/COMPLIANCE.md): `app.recordsKey` (the HMAC
 * key, `RECORDS_KEY` or `<dataDir>/records-key`), the commit hook that seals every history entry
 * the app's transactions write, the one-time adoption of entries written before sealing, and
 * `app.recordsAnchor`, the daily anchor of the whole store (`RECORDS_ANCHOR_HOURS`).
 */
export default globalPlugin(async (app) => {
  const key = sealKey(app.config.recordsKey ?? recordsKey({}, app.config.dataDir));
  app.decorate('recordsKey', key);
  const hooks = commitHooks(app.db);
  if (hooks) {
    const remove = hooks.add(historySealer(key));
    app.addHook('onClose', async () => { remove(); });
  } else {
    app.log.warn('the database was not opened by server/db/connect.ts: history entries are not sealed');
  }
  const mark = join(app.config.dataDir, ADOPTED_MARK);
  if (!existsSync(mark)) {
    const adopted = await adoptLegacyEntries(app.db, key);
    if (adopted) app.log.info({ adopted }, 'records history written before sealing: sealed once');
    writeFileSync(mark, `${new Date().toISOString()} ${adopted}\n`, { mode: 0o600 });
  }
  const anchor = createRecordsAnchorRunner({
    db: app.db, key, dataDir: app.config.dataDir, contacts: app.config.recordsContact, log: app.log, kickMail: () => app.mailer.kick(),
  }, app.config.recordsAnchorHours ?? 0);
  app.decorate('recordsAnchor', anchor);
  app.addHook('onClose', async () => { await anchor.close(); });
});
