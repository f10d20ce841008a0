import { expect, test } from '@playwright/test';
import { client, filePayment } from './api-fixtures';
import { apiToken, mailedText, openWithToken, texts } from './helpers';

// Issue 33 item 1 in a real browser, on a phone, in each language: the Approve link of a
// "waiting for your approval" mail opens a confirm page that changes nothing however often it is
// opened (a mail scanner's GETs), and only its button decides — once, as the approver it names.
test.use({ viewport: { width: 390, height: 844 } });

for (const lang of ['ja', 'en', 'zh'] as const) {
  test(`deciding from the mail: scanner opens change nothing, the button approves once (${lang})`, async ({ page, request }) => {
    const doc = await filePayment(request, `mail decision ${lang}`);
    const mail = await mailedText('approver@example.com', doc.code);
    const links = [...mail.matchAll(/https?:\/\/\S+\/m\/([A-Za-z0-9_-]+)/g)].map((m) => m[1]);
    expect(links.length, 'the mail carries Approve and Reject links').toBe(2);

    const approver = await client(request, 'approver@example.com');
    const before = await approver.get(`/buffers/${doc.id}`);
    // A scanner opens every link, the page and its data, more than once: nothing is decided.
    for (const token of links) {
      for (let i = 0; i < 2; i += 1) {
        expect((await request.get(`/m/${token}`)).status()).toBe(200);
        await approver.get(`/mail-actions/${token}`);
      }
    }
    expect((await approver.get(`/buffers/${doc.id}`)).current_approval_id).toBe(before.current_approval_id);

    const approveToken = (await Promise.all(links.map(async (token) => [token, (await approver.get(`/mail-actions/${token}`)).approve] as const)))
      .find(([, approve]) => approve)![0];
    await page.goto('/');
    await page.evaluate((l) => localStorage.setItem('ringi.lang', l), lang);
    await openWithToken(page, await apiToken(request, 'approver@example.com'), `/m/${approveToken}`);
    const confirm = page.getByTestId('mail-action');
    await expect(confirm.getByRole('heading')).toHaveText(texts[lang].mailAction.approveTitle);
    await expect(confirm).toContainText(doc.code);
    await confirm.getByRole('button', { name: texts[lang].mailAction.approve, exact: true }).click();
    await expect(confirm.getByRole('status')).toHaveText(texts[lang].mailAction.approved);

    const after = await approver.get(`/buffers/${doc.id}`);
    expect(after.current_approval_id, 'the step moved on').not.toBe(before.current_approval_id);
    // The link is spent: opened again, it says so and offers no button.
    await page.reload();
    await expect(confirm.getByRole('status')).toBeVisible();
    await expect(confirm.getByRole('button', { name: texts[lang].mailAction.approve, exact: true })).toHaveCount(0);
  });
}
