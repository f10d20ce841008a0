import { expect, test } from '@playwright/test';
import { filePayment } from './api-fixtures';
import { apiToken, readLocale, TOKEN_KEY } from './helpers';

/**
 * Push in Chromium (issue 33 item 2). Headless Chromium cannot reach a real push service, so the
 * push is delivered to Ringi's service worker through DevTools (`ServiceWorker.deliverPushMessage`),
 * with the payload the server sends: the worker shows a notification named as the payload says,
 * tagged by document, linking to the document. A tapped push's address opens the document in
 * ja, en and zh. The app is installable: its manifest and icon are served.
 */
const LANGS = ['ja', 'en', 'zh'] as const;

test.use({ viewport: { width: 390, height: 844 } });

test('the service worker shows a pushed message as a notification that links to the document', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await page.goto('/');
  const manifest = await page.evaluate(async () => (await fetch('/manifest.webmanifest')).json());
  expect(manifest).toMatchObject({ name: 'Ringi', display: 'standalone', start_url: '/' });
  expect((await page.request.get('/icon.svg')).headers()['content-type']).toContain('image/svg+xml');
  // Registered the way the notifications page registers it (the app's CSP applies).
  const scope = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    await navigator.serviceWorker.ready;
    return registration.scope;
  });
  expect(scope).toBe(`${baseURL}/`);
  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  const registrationId = await new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r: { scopeURL: string; isDeleted: boolean }) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  const payload = { event: 'waiting', document_id: 42, code: 'PO-2026-0042', title: '承認待ち：購買申請', url: `${baseURL}/?document=42&code=PO-2026-0042` };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: `${baseURL}/`, registrationId, data: JSON.stringify(payload) });
  await expect.poll(async () => page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data?.url }));
  })).toEqual([{ title: payload.title, body: payload.code, tag: 'doc-42', url: payload.url }]);
});

for (const lang of LANGS) {
  test(`a tapped push's address opens the document, in ${lang}`, async ({ page, request }) => {
    const filed = await filePayment(request, `push link ${lang}`);
    const token = await apiToken(request, 'approver@example.com');
    await page.goto('/');
    await page.evaluate(([key, value, language]) => {
      localStorage.setItem(key, value);
      localStorage.setItem('ringi.lang', language);
    }, [TOKEN_KEY, token, lang] as const);
    await page.goto(`/?document=${filed.id}&code=${filed.code}`);
    await expect(page.getByTestId('page-title')).toHaveText(filed.code);
    await expect(page.getByText(`push link ${lang}`)).toBeVisible();
    expect(new URL(page.url()).search).toBe('');
    // Back leads to Home, as if the user had opened the document from there.
    const app = readLocale<{ toolbar: { back: string }; home: { title: string } }>(lang, 'app');
    await page.getByRole('button', { name: app.toolbar.back, exact: true }).click();
    await expect(page.getByTestId('page-title')).toHaveText(app.home.title);
    // Admin → Notifications says what this browser allows (headless Chromium: notifications not granted).
    const texts = readLocale<{ tabs: { admin: string }; admin: { notifications: string }; notifications: { thisDevice: string; iosNote: string } }>(lang, 'app');
    await page.getByRole('tab', { name: texts.tabs.admin }).click();
    await page.locator('[data-entry="notifications"]').click();
    await expect(page.getByText(texts.notifications.iosNote)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath(`notifications-${lang}.png`) });
  });
}
