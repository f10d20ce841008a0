import type { ApiTransport, TransportReply, TransportRequest } from './http-transport';
import { readToken } from './token-store';

/** What the offline module (loaded after sign-in, or when a read gets no reply) does with the API's traffic. */
export interface OfflineHooks {
  /** A reply came: keep a copy when it is one the user's store keeps. */
  replied(request: TransportRequest, reply: TransportReply): void;
  /** No reply came: the kept copy of this read, if any. */
  copyFor(request: TransportRequest): Promise<TransportReply | undefined>;
}

let hooks: OfflineHooks | null = null;

// The offline module tells the service worker which chunks this page loaded from the resource
// timings; the browser's default buffer (250) fills up before the chunks loaded after sign-in.
if (typeof performance !== 'undefined') performance.setResourceTimingBufferSize?.(3000);

/** Loads the offline module (it installs its hooks). The offline module calls it once online, so the file this import names is kept for a reload offline. */
export const loadOfflineCopies = () => import('../offline/offline-copies');

/** Installed by src/app/offline/offline-copies.ts when it loads. */
export function installOfflineHooks(installed: OfflineHooks): void {
  hooks = installed;
}

/**
 * The API client's transport with offline copies (issue #33 item 3): each reply is shown to the
 * offline module once it is loaded (it keeps the signed-in user's copies), and a read that got no
 * reply while a session token is stored is answered from its copy when there is one. Writes never
 * are. Only this wrapper is in the first screen's download; the store's code is loaded on demand.
 */
export function withOfflineCopies(transport: ApiTransport): ApiTransport {
  return async (request) => {
    try {
      const reply = await transport(request);
      hooks?.replied(request, reply);
      return reply;
    } catch (error) {
      if (request.method !== 'GET' || readToken() === null) throw error;
      const offline = hooks ?? (await loadOfflineCopies().then(() => hooks, () => null));
      const copy = await offline?.copyFor(request).catch(() => undefined);
      if (!copy) throw error;
      return copy;
    }
  };
}
