import { expect, test } from '@playwright/test';
import { client, filePayment } from './api-fixtures';
import { apiToken, fill, openWithToken, texts } from './helpers';

// Issue 33 item 4 in a real browser, on a phone, in each language: the approver picks two of
// three waiting documents on the pending list's bulk screen and approves them at once; each is
// decided on its own, the third still waits.
test.use({ viewport: { width: 390, height: 844 } });

for (const lang of ['ja', 'en', 'zh'] as const) {
  test(`approving two of three waiting documents at once (${lang})`, async ({ page, request }) => {
    const t = texts[lang];
    const docs = [];
    for (let i = 0; i < 3; i += 1) docs.push(await filePayment(request, `bulk ${lang} ${i}`));
    const approver = await client(request, 'approver@example.com');
    const waiting = await Promise.all(docs.map(async (d) => (await approver.get(`/buffers/${d.id}`)).current_approval_id as number));

    await page.goto('/');
    await page.evaluate((l) => localStorage.setItem('ringi.lang', l), lang);
    await openWithToken(page, await apiToken(request, 'approver@example.com'));
    await page.getByTestId('home').locator('[data-shortcut="pending"]').click();
    await page.getByRole('button', { name: t.approvals.bulk.start }).last().click();
    for (const step of waiting.slice(0, 2)) await page.locator(`li[data-step="${step}"]`).getByRole('checkbox').check();
    await page.getByRole('button', { name: fill(t.approvals.bulk.approve, { count: 2 }) }).click();
    await page.getByRole('dialog').or(page.getByRole('alertdialog')).getByRole('button', { name: t.common.ok }).click();

    const results = page.getByTestId('bulk-results');
    await expect(results.getByRole('status')).toHaveText(fill(t.approvals.bulk.summary, { done: 2, skipped: 0, failed: 0 }));
    await expect(results.locator('[data-result="done"]')).toHaveCount(2);
    const after = await Promise.all(docs.map(async (d) => (await approver.get(`/buffers/${d.id}`)).current_approval_id as number));
    expect(after[0]).not.toBe(waiting[0]);
    expect(after[1]).not.toBe(waiting[1]);
    expect(after[2], 'the document not ticked still waits at its step').toBe(waiting[2]);
  });
}
