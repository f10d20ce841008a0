/**
 * The app shell offline: registers Ringi's service worker (public/sw.js) and hands it the
 * addresses of the code and styles this page has loaded, so it keeps them in its shell cache
 * (the worker is hand-written and does not know the build's hashed file names). Chunks loaded
 * later go through the worker, which keeps them too. No user data goes there.
 */
export async function keepShellOffline(warm: () => Promise<unknown>): Promise<void> {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  await navigator.serviceWorker.ready;
  await warm().catch(() => undefined);
  const urls = performance.getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && /^\/assets\/[^/]+\.(js|css|woff2?)$/.test(url.pathname))
    .map((url) => url.pathname);
  (registration.active ?? navigator.serviceWorker.controller)?.postMessage({ type: 'keep-shell', urls: ['/', ...new Set(urls)] });
}

/**
 * Asks the service worker to keep more of the app's own files (the PDF viewer's worker and CMaps,
 * for a PDF kept offline) once it is active: it keeps those under /assets/ it does not hold yet.
 * Nothing without one (the answer then never settles: callers do not wait for it).
 */
export async function keepInShell(urls: string[]): Promise<void> {
  if (!('serviceWorker' in navigator) || !window.isSecureContext || !urls.length) return;
  const registration = await navigator.serviceWorker.ready;
  (registration.active ?? navigator.serviceWorker.controller)?.postMessage({ type: 'keep-shell', urls });
}
