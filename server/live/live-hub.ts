import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { NotificationSource } from '../db/notifications';

/** The channel the database announces document changes on (migration 1101). */
export const DOCUMENT_CHANNEL = 'ringi_documents';

/**
 * What a stream is told about a document (`event: document`): its id, what happened (the timeline
 * entry's action: `approve`, `reject`, `submit`, …) and whether it is urgent (as its pushes are sent
 * with `Urgency: high`). Nothing else: the client reads what it needs with its own rights.
 */
export interface DocumentEvent {
  id: number;
  kind: string;
  urgent: boolean;
}

/** One open stream of a signed-in user, as the hub drives it. */
export interface LiveStream {
  userId: number;
  /** Writes one server-sent event (or comment); false when the stream is gone. */
  send(chunk: string): boolean;
  /** Ends the stream (the client reconnects). */
  close(): void;
}

/** A server-sent event: `event: <name>` and one `data:` line of JSON. */
export function sseEvent(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

export interface LiveHubOptions {
  db: Kysely<Database>;
  /** Where this instance hears the database's notifications; none = this instance only hears nothing (streams still open). */
  source?: NotificationSource;
  /** The schema this instance's tables are in (notifications are database-wide). */
  schema: string;
  heartbeatMs: number;
  perUser: number;
  log: { warn(object: unknown, message?: string): void };
}

export interface LiveHub {
  /** Adds a stream; a user over the cap loses their oldest stream. Returns how to remove it. */
  add(stream: LiveStream): () => void;
  /** Open streams (all users). */
  readonly size: number;
  /** Hands a notification payload to the concerned streams (the listener calls it; tests too). */
  deliver(payload: string): Promise<void>;
  /** Stops listening and ends every stream (graceful shutdown is not held up by them). */
  close(): Promise<void>;
  /** Resolves once listening (or failed to: logged, streams still served). */
  readonly ready: Promise<void>;
}

/**
 * The instance's live-event hub (issue #33 item 7). It listens on `DOCUMENT_CHANNEL`; for each
 * notification of its schema it asks the committed visibility rule (`buffer_viewers`) which of
 * the users with an open stream here may see the document, and sends the event to those streams
 * only — a user not concerned hears nothing, not even the id. Streams get a heartbeat comment
 * every `heartbeatMs` of silence (proxies close idle connections); after the listening connection
 * was lost and opened again every stream is told `resync` (events in between are lost).
 */
export function createLiveHub(options: LiveHubOptions): LiveHub {
  const { db, heartbeatMs, perUser, log } = options;
  const streams = new Map<number, LiveStream[]>();
  let closed = false;
  let stop: (() => Promise<void>) | undefined;

  const all = () => [...streams.values()].flat();
  const heartbeat = setInterval(() => {
    for (const stream of all()) stream.send(': heartbeat\n\n');
  }, heartbeatMs);
  heartbeat.unref();

  const ready = (async () => {
    if (!options.source) return;
    try {
      stop = await options.source.listen(DOCUMENT_CHANNEL, (payload) => void hub.deliver(payload), () => {
        for (const stream of all()) stream.send(sseEvent('resync', {}));
      });
      if (closed) await stop();
    } catch (error) {
      log.warn({ err: error }, 'live events: not listening to the database');
    }
  })();

  const hub: LiveHub = {
    ready,
    get size() { return all().length; },
    add(stream) {
      const own = streams.get(stream.userId) ?? [];
      // Over the cap the oldest goes (a tab left open elsewhere), never the one just opened.
      while (own.length >= perUser) own.shift()!.close();
      own.push(stream);
      streams.set(stream.userId, own);
      return () => {
        const left = (streams.get(stream.userId) ?? []).filter((s) => s !== stream);
        if (left.length) streams.set(stream.userId, left);
        else streams.delete(stream.userId);
      };
    },
    async deliver(payload) {
      if (closed || streams.size === 0) return;
      let event: { id?: unknown; kind?: unknown; schema?: unknown };
      try {
        event = JSON.parse(payload);
      } catch {
        return;
      }
      if (event.schema !== options.schema || !Number.isInteger(event.id) || typeof event.kind !== 'string') return;
      const id = event.id as number;
      const listening = [...streams.keys()];
      try {
        const rows = await db.selectFrom('buffer_viewers')
          .innerJoin('buffers', 'buffers.id', 'buffer_viewers.buffer_id')
          .select(['buffer_viewers.user_id', 'buffers.urgent'])
          .where('buffer_viewers.buffer_id', '=', id).where('buffer_viewers.user_id', 'in', listening)
          .execute();
        const chunk = rows.length ? sseEvent('document', { id, kind: event.kind, urgent: rows[0].urgent } satisfies DocumentEvent) : '';
        for (const row of rows) for (const stream of streams.get(row.user_id) ?? []) stream.send(chunk);
      } catch (error) {
        if (!closed) log.warn({ err: error, document: id }, 'live events: could not deliver');
      }
    },
    async close() {
      closed = true;
      clearInterval(heartbeat);
      for (const stream of all()) stream.close();
      streams.clear();
      await ready;
      await stop?.().catch(() => undefined);
    },
  };
  return hub;
}
