import { globalPlugin } from '../lib/global-plugin';
import { createReminderRunner } from '../workflow/mail/reminders';

/**
 * `app.reminders`: the reminder and escalation scan (server/workflow/mail/reminders.ts), run on the
 * interval `REMINDER_INTERVAL_MS` as a lease-claimed job; stopped (after the scan under way) when
 * the app closes.
 */
export default globalPlugin(async (app) => {
  const runner = createReminderRunner({
    db: app.db, definitions: () => app.definitions, appUrl: app.config.appUrl, log: app.log, kickMail: () => app.mailer.kick(),
  }, app.config.reminderIntervalMs ?? 0);
  app.decorate('reminders', runner);
  app.addHook('onClose', async () => { await runner.close(); });
});
