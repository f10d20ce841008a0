/*
 * Ringi's service worker, hand-written (no build step): it is served as it is from public/.
 *
 * Push (issue 33 item 2): shows the pushes the server sends and opens the document when one is
 * tapped. The payload is the server's PushPayload: { event, document_id, code, title, url } — ids
 * and a title, never a document's data.
 *
 * The app shell offline (issue 33 item 3): the page ('/') and the built code and styles
 * (/assets/…, whose names carry their content's hash) are kept in one cache, SHELL_CACHE. The
 * app tells the worker which assets it loaded (message 'keep-shell', since this worker does not
 * know the build's file names); chunks fetched later through the worker are kept as they pass.
 * A page load tries the network first and falls back to the kept page; an asset is answered from
 * the cache first. The PDF viewer's CMaps (/assets/pdfjs-<version>/cmaps/…, versioned like the
 * assets) are kept the same way: the app names them all when it keeps a PDF for reading offline,
 * and those fetched online are kept as they pass. The API (/api/…) is never handled here: no user data is in this cache (the
 * app keeps the signed-in user's copies in IndexedDB and forgets them at sign-out).
 */
const SHELL_CACHE = 'ringi-shell-v1';
/** What is kept: the page, the built assets, and the PDF viewer's CMaps under the pdf.js version's folder. */
const KEPT_ASSET = /^\/assets\/([^/]+|pdfjs-[^/]+\/cmaps\/[^/]+\.bcmap)$/;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.add('/')).catch(() => undefined).then(() => self.skipWaiting()));
});
self.addEventListener('activate', (event) => event.waitUntil((async () => {
  for (const name of await caches.keys()) if (name.startsWith('ringi-shell-') && name !== SHELL_CACHE) await caches.delete(name);
  await self.clients.claim();
})()));

/** Keeps the assets the page names (same origin, under /assets/ only) and the page itself; an asset kept already is not read again. */
self.addEventListener('message', (event) => {
  const data = event.data || {};
  if (data.type !== 'keep-shell' || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((url) => typeof url === 'string' && (url === '/' || KEPT_ASSET.test(url)));
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => Promise.all(urls.map(async (url) => {
    if (url !== '/' && (await cache.match(url))) return;
    await cache.add(url).catch(() => undefined);
  }))));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith((async () => {
      try {
        const response = await fetch(request);
        // The page is the same for every app path: the newest one is kept (it names the newest assets).
        if (response.ok && (response.headers.get('content-type') || '').includes('text/html')) {
          const copy = response.clone();
          event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.put('/', copy)));
        }
        return response;
      } catch (error) {
        const kept = await caches.match('/', { cacheName: SHELL_CACHE });
        if (kept) return kept;
        throw error;
      }
    })());
    return;
  }
  if (KEPT_ASSET.test(url.pathname)) {
    event.respondWith((async () => {
      const cache = await caches.open(SHELL_CACHE);
      const kept = await cache.match(request);
      if (kept) return kept;
      const response = await fetch(request);
      if (response.ok) event.waitUntil(cache.put(request, response.clone()));
      return response;
    })());
  }
});

self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = {};
  }
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'Ringi';
  event.waitUntil(self.registration.showNotification(title, {
    body: typeof payload.code === 'string' ? payload.code : '',
    // One notification per document: a newer one replaces it on the device too.
    tag: payload.document_id ? `doc-${payload.document_id}` : undefined,
    icon: '/icon.svg',
    badge: '/icon.svg',
    data: { url: typeof payload.url === 'string' ? payload.url : '/' },
  }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data && event.notification.data.url ? event.notification.data.url : '/', self.location.origin);
  // Only Ringi's own addresses are opened from a notification.
  const url = target.origin === self.location.origin ? target.href : self.location.origin + '/';
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
    if (open) {
      await open.focus();
      return open.navigate(url);
    }
    return self.clients.openWindow(url);
  })());
});
