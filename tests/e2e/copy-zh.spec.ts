import { expect, test } from '@playwright/test';
import { texts } from './helpers';

// Issue 31 item 15: Chinese screens keep a word whole at a line end with U+2060 joiners; what a
// reader copies has none (the copy handler installed at start-up rewrites the clipboard).
test('copying Chinese text from a screen gives the text without its word joiners', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('ringi.lang', 'zh'));
  await page.goto('/');
  const heading = page.locator('#root h2');
  // The app's page (not index.html's static first screen) shows its Chinese words joined.
  await expect(heading).toHaveText(/\u2060/);
  const { shown, copied } = await heading.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    document.getSelection()!.removeAllRanges();
    document.getSelection()!.addRange(range);
    const clipboardData = new DataTransfer();
    el.dispatchEvent(new ClipboardEvent('copy', { clipboardData, bubbles: true, cancelable: true }));
    return { shown: el.textContent ?? '', copied: clipboardData.getData('text/plain') };
  });
  expect(shown, 'the screen holds joiners (else this test proves nothing)').toContain('\u2060');
  expect(copied).toBe(texts.zh.login.heading.replaceAll('\u2060', ''));
});
