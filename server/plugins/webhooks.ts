import { globalPlugin } from '../lib/global-plugin';
import { createWebhookDispatcher } from '../webhooks/webhook-dispatcher';
import { secretsKey } from '../webhooks/webhook-secret';

/**
 * `app.webhooks`: the webhook outbox's dispatcher in this instance (server/webhooks/README.md).
 * It runs after a successful request that queued an event (server/plugins/outbox-kicks.ts: the
 * change and its events are committed by then), on the interval `WEBHOOK_INTERVAL_MS` (retries,
 * events of background jobs) and at start; it stops (after the attempt under way) when the app closes. Registered after the records plugin:
 * the secrets' key derives from the records key.
 */
export default globalPlugin(async (app) => {
  const key = secretsKey(app.recordsKey);
  const dispatcher = createWebhookDispatcher({
    db: app.db, key, log: app.log,
    allowPrivate: app.config.webhookAllowPrivate ?? false,
    retrySeconds: app.config.webhookRetrySeconds,
    timeoutMs: app.config.webhookTimeoutMs,
    intervalMs: app.config.webhookIntervalMs ?? app.config.mailIntervalMs,
  });
  app.decorate('webhooks', Object.assign(dispatcher, { secretsKey: key }));
  app.addHook('onReady', async () => { dispatcher.kick(); });
  app.addHook('onClose', async () => { await dispatcher.close(); });
});
