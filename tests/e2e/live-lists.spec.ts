import { expect, test } from '@playwright/test';
import { client, filePayment } from './api-fixtures';
import { apiToken, openWithToken, texts } from './helpers';

// Issue 33 items 7 and 8 in a real browser, on a phone, in each language: the approver's pending
// list shows the urgent payment first with its 至急 / Urgent / 紧急 badge; a payment approved
// through the API by another session of the approver (another device) leaves the open list
// without a reload (the list hears of it on GET /api/events and reads itself again).
test.use({ viewport: { width: 390, height: 844 } });

for (const lang of ['ja', 'en', 'zh'] as const) {
  test(`the pending list follows a decision taken elsewhere, urgent first (${lang})`, async ({ page, request }) => {
    const t = texts[lang];
    const plain = await filePayment(request, `live ${lang} plain`);
    const urgent = await filePayment(request, `live ${lang} urgent`, [], { urgent: true });

    await page.goto('/');
    await page.evaluate((l) => localStorage.setItem('ringi.lang', l), lang);
    await openWithToken(page, await apiToken(request, 'approver@example.com'));
    // Wait until the session's event stream is open before anything is decided elsewhere.
    const stream = page.waitForResponse((response) => response.url().endsWith('/api/events') && response.status() === 200);
    await page.getByTestId('home').locator('[data-shortcut="pending"]').click();
    await stream;

    // The list page is pushed over Home (whose own tab list stays underneath, hidden): the cards shown.
    const cards = page.locator('[data-code]').filter({ visible: true });
    const plainCard = cards.and(page.locator(`[data-code="${plain.code}"]`));
    const urgentCard = cards.and(page.locator(`[data-code="${urgent.code}"]`));
    await expect(plainCard.first()).toBeVisible();
    // Urgent first: the newest urgent document leads the list, with its badge; the plain one has none.
    await expect(cards.first()).toHaveAttribute('data-code', urgent.code);
    await expect(urgentCard.first().locator('[data-urgent="true"]')).toHaveText(t.approvals.urgent);
    await expect(plainCard.first().locator('[data-urgent]')).toHaveCount(0);

    // Another session of the approver (another device) approves the plain payment through the API.
    const elsewhere = await client(request, 'approver@example.com');
    const waiting = (await elsewhere.get(`/buffers/${plain.id}`)).current_approval_id as number;
    await elsewhere.post(`/approvals/${waiting}/action`, { approve: true });

    // The open list drops it without a reload; the urgent one still waits at the top.
    await expect(plainCard).toHaveCount(0);
    await expect(cards.first()).toHaveAttribute('data-code', urgent.code);
  });
}
