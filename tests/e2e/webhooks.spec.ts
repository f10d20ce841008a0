import { expect, test } from '@playwright/test';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { filePayment } from './api-fixtures';
import { apiToken, fill, openWithToken, readLocale, texts } from './helpers';

// Issue 35 item 6 in a real browser, on a phone, in each language: the RH authorizer (a group
// admin) adds a webhook endpoint pointing at a loopback receiver (the journeys' server runs with
// WEBHOOK_ALLOW_PRIVATE=1), copies the secret shown once, a payment filed through the API reaches
// the receiver signed with that secret (checked here independently), the delivery log says
// "delivered", and the endpoint is deleted again.
test.use({ viewport: { width: 390, height: 844 } });

type Webhooks = Record<string, any>;

/** Standard Webhooks 1.0: one of the `v1,` signatures is HMAC-SHA256 of `id.timestamp.body` under the decoded secret. */
function signedWith(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`).digest('base64');
  return String(headers['webhook-signature']).split(' ').includes(`v1,${expected}`);
}

for (const lang of ['ja', 'en', 'zh'] as const) {
  test(`an authorizer adds a webhook, its receiver gets signed events, the log says delivered (${lang})`, async ({ page, request }) => {
    const t = texts[lang];
    const w = (readLocale<{ webhooks: Webhooks }>(lang, 'app')).webhooks;
    const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => { received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }); res.end('ok'); });
    });
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks/ringi-${lang}`;
    try {
      await page.goto('/');
      await page.evaluate((l) => localStorage.setItem('ringi.lang', l), lang);
      await openWithToken(page, await apiToken(request, 'authorizer@example.com'));
      await page.getByRole('navigation', { name: t.tabs.label }).getByRole('tab', { name: t.tabs.admin }).click();
      await page.getByRole('button', { name: new RegExp(`^${t.admin.webhooks}`) }).click();
      const screen = page.getByTestId('webhooks-page');
      await screen.getByTestId('webhook-add').click();
      const form = screen.getByRole('form', { name: w.addTitle });
      await form.getByPlaceholder('https://').fill(url);
      await form.getByRole('checkbox', { name: w.events.document_submitted }).check();
      await form.getByRole('button', { name: w.save, exact: true }).click();
      const secret = await screen.getByTestId('webhook-secret').getByRole('textbox').inputValue();
      expect(secret).toMatch(/^whsec_/);
      await expect(screen.getByTestId('webhook-secret')).toContainText(w.secretOnce);
      // Nothing is wider than the phone, the long URL included.
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
      await screen.getByRole('button', { name: w.secretDone }).click();

      const filed = await filePayment(request, `webhook journey ${lang}`);
      await expect.poll(() => received.length).toBeGreaterThan(0);
      const event = JSON.parse(received[0].body);
      expect([event.type, event.data.document_id, event.data.code]).toEqual(['document.submitted', filed.id, filed.code]);
      expect(signedWith(secret, received[0].headers, received[0].body)).toBe(true);

      const row = screen.getByTestId('webhook-row').filter({ hasText: url });
      await expect(row).toContainText(w.events.document_submitted);
      await row.getByRole('button', { name: fill(w.deliveriesLabel, { url }) }).click();
      const log = page.getByTestId('webhook-deliveries');
      await expect(log.getByTestId('delivery-row').first()).toContainText(w.outcome.delivered);
      await expect(log.getByTestId('delivery-row').first()).toContainText('HTTP 200');
      await page.goBack();

      await screen.getByTestId('webhook-row').filter({ hasText: url }).getByRole('button', { name: fill(w.deleteLabel, { url }) }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: t.common.ok }).click();
      await expect(screen.getByTestId('webhook-row').filter({ hasText: url })).toHaveCount(0);
    } finally {
      await new Promise<void>((done) => receiver.close(() => done()));
    }
  });
}
