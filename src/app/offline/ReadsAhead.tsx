import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DetailCard, RendererHostContext, useRendererHost, type RendererHost } from '../../renderer';
import type { CompiledModule } from '../../engine';
import type { ApiClient } from '../api';
import { sessionReader } from '../api/queries';
import { keepEveryRead } from './offline-copies';

/** A document's card to read ahead: its definition and data. */
export interface CardToRead {
  module: CompiledModule;
  data: Record<string, unknown>;
}

/** Reads one card ahead: resolves once every read its widgets made has answered. */
export type ReadCardAhead = (card: CardToRead) => Promise<void>;

/** Two quiet checks this far apart end a card (a widget may ask again once a first answer came). */
const QUIET_MS = 50;
/** A card whose reads do not end (a server that hangs) is left after this long; the next run tries again. */
const GIVE_UP_MS = 15_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function settled(client: QueryClient): Promise<void> {
  const started = Date.now();
  for (let quiet = 0; quiet < 2 && Date.now() - started < GIVE_UP_MS;) {
    await pause(QUIET_MS);
    quiet = client.isFetching() === 0 ? quiet + 1 : 0;
  }
}

/**
 * The names offline (issue #33 item 3): a pending document's detail card shows names and labels —
 * the requester's and approvers' names of its process card, its company, department, currency… —
 * that its widgets read by id. To keep them as of the last sync whatever widget shows them, each
 * pending document's card is rendered once, out of sight (a portal into an element that is not in
 * the page, so nothing reaches the screen or the accessibility tree), with a query cache of its own
 * (every read really goes out) while the offline copies keep every read (`keepEveryRead`). Reads
 * fail quietly (no toast). Answers `read`, the function that reads one card ahead, and the portal.
 */
export function useReadsAhead(api: ApiClient): { read: ReadCardAhead; portal: ReactNode } {
  const host = useRendererHost();
  const [card, setCard] = useState<{ card: CardToRead; done: () => void } | null>(null);
  const target = useMemo(() => document.createElement('div'), []);
  const client = useMemo(() => new QueryClient({ defaultOptions: { queries: { retry: false, networkMode: 'always', gcTime: 60_000 } } }), []);
  const quietHost = useMemo<RendererHost>(() => {
    const reader = sessionReader(api, true);
    return { ...host, api: { ...host.api, get: reader.get }, toast: () => undefined };
  }, [host, api]);
  // Gone (signed out): a card being read and any later one end at once, so the caller never waits for nothing.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      client.clear();
    };
  }, [client]);

  const read = useMemo<ReadCardAhead>(() => (next) => (mounted.current ? keepEveryRead(() => new Promise<void>((resolve) => {
    setCard({ card: next, done: resolve });
  })).then(() => setCard(null)) : Promise.resolve()), []);

  useEffect(() => {
    if (!card) return;
    let live = true;
    void settled(client).then(() => live && card.done());
    return () => {
      live = false;
      if (!mounted.current) card.done();
    };
  }, [card, client]);

  const portal = card ? createPortal(
    <QueryClientProvider client={client}>
      <RendererHostContext.Provider value={quietHost}>
        <DetailCard module={card.card.module} data={card.card.data} />
      </RendererHostContext.Provider>
    </QueryClientProvider>,
    target,
  ) : null;
  return { read, portal };
}
