import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import { deputyInEffect } from '../repositories/deputy-repository';
import { deputyDay } from '../workflow/people/deputies';
import type { NotificationSource } from '../db/notifications';
import { DOCUMENT_CHANNEL, type DocumentNote } from '../lib/document-events';

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
  /** The signed-in session (`user_sessions`) the stream was opened with; null for a token without one. */
  sessionId: string | null;
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
  /**
   * Announces a request's timeline entries to every instance (this one included), after the request's
   * commit: one NOTIFY statement of its own, without waiting for its WAL flush (an announcement lost
   * in a crash costs a refresh, nothing stored). Notes that arrive while one is being sent go
   * together in the next.
   */
  announce(notes: DocumentNote[]): void;
  /** Stops listening and ends every stream (graceful shutdown is not held up by them). */
  close(): Promise<void>;
  /** Resolves once listening (or failed to: logged, streams still served). */
  readonly ready: Promise<void>;
}

/** Most notifications one announcing statement sends. */
const ANNOUNCE_BATCH = 100;

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
  /**
   * Of `candidates`, the streams whose session is still live (not ended, its user enabled and
   * unlocked: the auth door's rule), read from the database so a session ended through any
   * instance counts; the others are ended here (the client's reconnect then meets the 401).
   */
  const stillSignedIn = async (candidates: LiveStream[]): Promise<LiveStream[]> => {
    if (!candidates.length) return [];
    const sessions = [...new Set(candidates.map((c) => c.sessionId).filter((id): id is string => id !== null))];
    const users = [...new Set(candidates.map((c) => c.userId))];
    const [liveSessions, liveUsers] = await Promise.all([
      sessions.length ? db.selectFrom('user_sessions').select('id').where('id', 'in', sessions).where('ended_at', 'is', null).execute() : [],
      db.selectFrom('users').select('id').where('id', 'in', users).where('disabled', '=', false).where('locked_at', 'is', null).execute(),
    ]);
    const sessionOk = new Set(liveSessions.map((r) => r.id));
    const userOk = new Set(liveUsers.map((r) => r.id));
    const kept: LiveStream[] = [];
    for (const stream of candidates) {
      if (userOk.has(stream.userId) && (stream.sessionId === null || sessionOk.has(stream.sessionId))) kept.push(stream);
      else stream.close();
    }
    return kept;
  };
  let beating = false;
  const heartbeat = setInterval(() => {
    if (beating || closed) return;
    beating = true;
    // Each heartbeat first ends the streams of sessions ended since (DELETE /sessions/{id}, an
    // admin's end, deactivation, a sign-in setting change): on every instance within one beat.
    stillSignedIn(all())
      .then((kept) => { for (const stream of kept) stream.send(': heartbeat\n\n'); })
      .catch((error: unknown) => { if (!closed) log.warn({ err: error }, 'live events: could not check sessions'); })
      .finally(() => { beating = false; });
  }, heartbeatMs);
  heartbeat.unref();

  const unsent: string[] = [];
  let sending: Promise<void> | null = null;
  const send = async () => {
    while (unsent.length) {
      const batch = unsent.splice(0, ANNOUNCE_BATCH);
      try {
        await sql`select set_config('synchronous_commit', 'off', true), pg_notify(${DOCUMENT_CHANNEL}, payload)
          from json_array_elements_text(${JSON.stringify(batch)}::json) as payload`.execute(db);
      } catch (error) {
        if (!closed) log.warn({ err: error, documents: batch.length }, 'live events: could not announce');
      }
    }
    sending = null;
  };

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
      let event: { id?: unknown; kind?: unknown; step?: unknown; schema?: unknown };
      try {
        event = JSON.parse(payload);
      } catch {
        return;
      }
      if (event.schema !== options.schema || !Number.isInteger(event.id) || typeof event.kind !== 'string') return;
      const id = event.id as number;
      const step = Number.isInteger(event.step) ? (event.step as number) : null;
      const listening = [...streams.keys()];
      try {
        const rows = await concernedUsers(db, id, step, listening);
        if (!rows.length) return;
        const chunk = sseEvent('document', { id, kind: event.kind, urgent: rows[0].urgent } satisfies DocumentEvent);
        // A stream whose session has ended hears nothing more; it is ended instead.
        const concerned = [...new Set(rows.map((r) => r.user_id))].flatMap((userId) => streams.get(userId) ?? []);
        for (const stream of await stillSignedIn(concerned)) stream.send(chunk);
      } catch (error) {
        if (!closed) log.warn({ err: error, document: id }, 'live events: could not deliver');
      }
    },
    announce(notes) {
      for (const note of notes) unsent.push(JSON.stringify({ ...note, schema: options.schema }));
      sending ??= send();
    },
    async close() {
      closed = true;
      await sending;
      clearInterval(heartbeat);
      for (const stream of all()) stream.close();
      streams.clear();
      await ready;
      await stop?.().catch(() => undefined);
    },
  };
  return hub;
}

/**
 * Which of `listening` the document concerns, with its urgency: those who may see it (the
 * committed visibility rule, `buffer_viewers`), and the deputies in effect today for a candidate
 * of the step the entry is about or of the active step (their pending lists show it, or showed it
 * until this entry; never for their own document).
 */
async function concernedUsers(db: Kysely<Database>, id: number, step: number | null, listening: number[]): Promise<Array<{ user_id: number; urgent: boolean }>> {
  const { rows } = await sql<{ user_id: number; urgent: boolean }>`
    select v.user_id, b.urgent from buffer_viewers v join buffers b on b.id = v.buffer_id
     where v.buffer_id = ${id} and v.user_id in (${sql.join(listening)})
    union
    select d_d.deputy_id, b.urgent from approvals a join buffers b on b.id = a.buffer_id
      join approval_candidates c on c.approval_id = a.id
      join deputies d_d on d_d.principal_id = c.user_id
     where a.buffer_id = ${id} and (a.active or a.id = ${step}) and d_d.deputy_id in (${sql.join(listening)})
       and b.requester_id <> d_d.deputy_id and ${deputyInEffect('d_d', deputyDay(), sql<string>`b.module_code`)}`.execute(db);
  return rows;
}
