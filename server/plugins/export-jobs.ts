import { globalPlugin } from '../lib/global-plugin';
import { createExportRunner } from '../statistics/export-jobs';

/**
 * `app.exportJobs`: runs export jobs from the database. When the app is ready it resumes what a
 * stopped instance left (queued, or running under a lease that ran out); then it looks again on
 * an interval, and stops (after the job under way) when the app closes.
 */
export default globalPlugin(async (app) => {
  const runner = createExportRunner(app, app.config.exportIntervalMs ?? app.config.mailIntervalMs);
  app.decorate('exportJobs', runner);
  app.addHook('onReady', async () => { runner.kick(); });
  app.addHook('onClose', async () => { await runner.close(); });
});
