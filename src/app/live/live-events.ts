/**
 * The web app's side of live lists (issue #33 item 7; server/live/README.md): one stream of
 * server-sent events from `GET /api/events`, read with `fetch` (an `EventSource` cannot send the
 * bearer token, and a token never goes into a URL). Framework-free: the hook
 * (`use-live-updates.ts`) wires it to the query cache.
 */

/** A document a user may see got a timeline entry (`kind`: `approve`, `reject`, `submit`, …). */
export interface LiveDocumentEvent {
  id: number;
  kind: string;
  urgent: boolean;
}

export interface LiveEventsOptions {
  /** `fetch` (tests hand in their own network). */
  fetch: typeof globalThis.fetch;
  /** The current login token; null stops the stream (signed out). */
  token(): string | null;
  onDocument(event: LiveDocumentEvent): void;
  /** Events may have been missed (a reconnect, or the server said `resync`): read everything again. */
  onResync(): void;
  /** The server refused the token (401): the stream stops. */
  onUnauthorized?(): void;
  /** Waits before a reconnect (tests make it immediate). Default: `setTimeout`. */
  wait?(ms: number, signal: AbortSignal): Promise<void>;
}

/** The first reconnect waits this long; each failure in a row doubles it up to `MAX_RETRY_MS`. */
export const FIRST_RETRY_MS = 1000;
export const MAX_RETRY_MS = 30_000;

/** One server-sent event block (`event:` and `data:` lines); comments and unknown blocks give null. */
export function parseEventBlock(block: string): { event: string; data: string } | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return data.length ? { event, data: data.join('\n') } : null;
}

const defaultWait = (ms: number, signal: AbortSignal) => new Promise<void>((resolve) => {
  const timer = setTimeout(resolve, ms);
  signal.addEventListener('abort', () => { clearTimeout(timer); resolve(); }, { once: true });
});

/**
 * Opens the stream and keeps it open: on an end or a network failure it reconnects after a
 * growing pause (a stream that reached `ready` resets the pause) and, since events may have been
 * missed meanwhile, calls `onResync` once it is back. Stops on 401, without a token, or when the
 * returned function is called.
 */
export function startLiveEvents(options: LiveEventsOptions): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  const wait = options.wait ?? defaultWait;

  async function once(resumed: boolean): Promise<'again' | 'stop' | 'failed'> {
    const token = options.token();
    if (!token) return 'stop';
    let response: Response;
    try {
      response = await options.fetch('/api/events', { headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` }, signal, cache: 'no-store' });
    } catch {
      return 'failed';
    }
    if (response.status === 401) {
      options.onUnauthorized?.();
      return 'stop';
    }
    if (!response.ok || !response.body) return 'failed';
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    let ready = false;
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value.replace(/\r\n?/g, '\n');
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const parsed = parseEventBlock(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (!parsed) continue;
          if (parsed.event === 'ready') {
            ready = true;
            if (resumed) options.onResync();
          } else if (parsed.event === 'resync') {
            options.onResync();
          } else if (parsed.event === 'document') {
            try {
              const event = JSON.parse(parsed.data) as LiveDocumentEvent;
              if (Number.isInteger(event.id)) options.onDocument(event);
            } catch {
              // Not an event this app understands: ignored.
            }
          }
        }
      }
    } catch {
      // The connection broke (or was stopped): reconnect below unless stopped.
    }
    return ready ? 'again' : 'failed';
  }

  void (async () => {
    let pause = FIRST_RETRY_MS;
    let resumed = false;
    while (!signal.aborted) {
      const outcome = await once(resumed);
      if (outcome === 'stop' || signal.aborted) return;
      resumed = true;
      if (outcome === 'again') pause = FIRST_RETRY_MS;
      // A little randomness, so a restarted instance is not met by every client at once.
      await wait(pause / 2 + Math.random() * pause / 2, signal);
      if (outcome === 'failed') pause = Math.min(pause * 2, MAX_RETRY_MS);
    }
  })();
  return () => controller.abort();
}
