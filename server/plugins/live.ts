import { sql } from 'kysely';
import { notificationSource } from '../db/notifications';
import { globalPlugin } from '../lib/global-plugin';
import { createLiveHub } from '../live/live-hub';

/**
 * `app.live`: this instance's live-event hub (server/live/README.md), listening to the database's
 * document notifications. Its streams are ended in `preClose`, before the server waits for open
 * connections, so a graceful shutdown is never held up by a client's open stream.
 */
export default globalPlugin(async (app) => {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(app.db);
  const hub = createLiveHub({
    db: app.db, source: notificationSource(app.db), schema: rows[0].schema,
    heartbeatMs: app.config.liveHeartbeatMs ?? 25_000, perUser: app.config.liveStreamsPerUser ?? 5, log: app.log,
  });
  await hub.ready;
  app.decorate('live', hub);
  app.addHook('preClose', async () => { await hub.close(); });
});
