/*
 * Ringi's service worker (issue 33 item 2): shows the pushes the server sends and opens the
 * document when one is tapped. It handles no fetches: every request still goes to the network
 * as before (offline reading is another step). The payload is the server's PushPayload:
 * { event, document_id, code, title, url } — ids and a title, never a document's data.
 */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

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
