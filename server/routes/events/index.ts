import type { FastifyPluginAsync } from 'fastify';
import { errorResponseSchema } from '../../lib/errors';
import { sseEvent, type LiveStream } from '../../live/live-hub';
import { doc } from '../route-schemas';

/**
 * A stream is ended after this long; the client opens a new one at once, so a re-passworded
 * user's stream never outlives the next check of their token. An ended session (signed out,
 * ended by an admin, deactivated) ends its streams sooner: at the next heartbeat or event
 * (server/live/live-hub.ts).
 */
export const STREAM_MAX_MS = 15 * 60 * 1000;

/** How long the browser waits before reconnecting a dropped stream (the SSE `retry` field). */
const RETRY_MS = 3000;

/**
 * `GET /api/events`: the signed-in user's live-event stream (server-sent events, issue #33 item 7;
 * server/live/README.md). Authenticated like every API route (bearer token: the web app reads it
 * with `fetch`, since `EventSource` cannot send one; no token ever goes into a URL).
 */
const events: FastifyPluginAsync = async (app) => {
  app.get('/events', {
    schema: {
      ...doc('Server-sent events (text/event-stream) for the signed-in user: `ready` once open; `document` {id, kind, urgent} when a document the user may see '
        + 'got a timeline entry (filed, approved, rejected, sent back, withdrawn, edited, … on any instance, by any path: the app, a mail action, a bulk approval), within a second of its commit; '
        + '`resync` when events may have been missed (read everything again). A comment line is sent as a heartbeat when idle. The server ends a stream after 15 minutes '
        + 'and when the instance shuts down (reconnect); a user holds at most LIVE_STREAMS_PER_USER streams per instance (the oldest is ended).'),
      produces: ['text/event-stream'],
      response: { 200: { type: 'string', description: 'text/event-stream' }, 401: errorResponseSchema },
    },
  }, async (request, reply) => {
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store, no-transform',
      'x-content-type-options': 'nosniff',
      // nginx and other proxies pass the stream on as it comes instead of buffering it.
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    raw.socket?.setNoDelay(true);
    let open = true;
    const stream: LiveStream = {
      userId: request.user.id,
      sessionId: request.sessionId ?? null,
      send: (chunk) => open && raw.write(chunk),
      close: () => {
        if (!open) return;
        open = false;
        raw.end();
      },
    };
    const remove = app.live.add(stream);
    const lifetime = setTimeout(() => stream.close(), STREAM_MAX_MS);
    lifetime.unref();
    raw.on('close', () => {
      open = false;
      clearTimeout(lifetime);
      remove();
    });
    raw.write(`retry: ${RETRY_MS}\n\n${sseEvent('ready', {})}`);
  });
};

export default events;
