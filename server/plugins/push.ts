import { globalPlugin } from '../lib/global-plugin';
import { DEFAULT_PUSH_ORIGINS } from '../push/push-origins';
import { createPushSender } from '../push/push-sender';
import { vapidKeys, type VapidKeys } from '../push/vapid';

/**
 * `app.push`: Web Push (server/push/README.md) — the instances' VAPID keys (`app.push.keys()`, made
 * or read once) and the push outbox's sender, run after a successful request that queued a push
 * (server/plugins/outbox-kicks.ts), on the mail interval and at start, stopped when the app
 * closes. Registered after the webhooks plugin, whose secrets key seals the VAPID private key.
 */
export default globalPlugin(async (app) => {
  let keys: Promise<VapidKeys> | undefined;
  const loadKeys = () => {
    keys ??= vapidKeys(app.db, app.webhooks.secretsKey, app.config.vapidKeys).catch((error) => {
      keys = undefined;
      throw error;
    });
    return keys;
  };
  const allowedOrigins = app.config.pushAllowedOrigins ?? DEFAULT_PUSH_ORIGINS;
  const address = /<([^>]+)>|(\S+@\S+)/.exec(app.config.mailFrom);
  const subject = app.config.vapidSubject ?? `mailto:${address?.[1] ?? address?.[2] ?? 'ringi@localhost'}`;
  const sender = createPushSender({ db: app.db, log: app.log, vapid: loadKeys, subject, allowedOrigins, intervalMs: app.config.mailIntervalMs });
  app.decorate('push', Object.assign(sender, { keys: loadKeys, allowedOrigins }));
  app.addHook('onReady', async () => { sender.kick(); });
  app.addHook('onClose', async () => { await sender.close(); });
});
