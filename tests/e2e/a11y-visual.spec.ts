import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { openAs, qualitySize, screens, top, type Lang } from './quality-screens';

// Named to run first (workers: 1, files in name order): the screens show the freshly seeded
// data, before other journeys file documents.
// Every screen at 390×844 in each language (size: QUALITY_SIZE=full or CI=true for all three
// languages and every module form; see README "Quality suites"):
// - accessibility: axe-core, zero serious or critical violations (runs under the app's CSP);
// - no badge, button or label text broken inside a word;
// - visual regression against the committed baselines (`npm run test:visual:update` refreshes them).
const { languages, modules } = qualitySize();

/** Texts of badges, buttons and labels whose words are split over two lines (a CJK run counts as one word). */
async function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    const roots = document.querySelectorAll('.fui-Badge, button, label, [role="tab"]');
    for (const root of roots) {
      const style = getComputedStyle(root as Element);
      if (style.visibility === 'hidden' || (root as HTMLElement).offsetParent === null) continue;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index ?? 0);
          range.setEnd(node, (match.index ?? 0) + match[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  });
}

for (const lang of languages) {
  test.describe(`quality (${lang})`, () => {
    test(`every screen: axe, no word broken in a badge/button/label, visual baseline`, async ({ page, request }) => {
      test.setTimeout(600_000);
      // The live-events stream stays open, so the network would never be idle (the screens wait
      // for that): answered empty here, the app retries it now and then, as after a lost connection.
      await page.route('**/api/events', (route) => route.fulfill({ status: 204 }));
      // QUALITY_SCREENS=item-,detail visits only the screens whose names start so (new baselines).
      const only = process.env.QUALITY_SCREENS?.split(',').filter(Boolean);
      const list = (await screens(page, request, lang as Lang, modules)).filter((s) => !only || only.some((prefix) => s.name.startsWith(prefix)));
      for (const screen of list) {
        await test.step(screen.name, async () => {
          await screen.prepare?.();
          await openAs(page, request, screen.user, lang as Lang);
          await screen.open(page);
          const axe = await new AxeBuilder({ page }).analyze();
          const severe = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
          expect.soft(severe, `${screen.name} axe`).toEqual([]);
          expect.soft(await brokenWords(page), `${screen.name} broken words`).toEqual([]);
          await expect.soft(page).toHaveScreenshot(`${screen.name}-${lang}.png`, {
            maxDiffPixelRatio: 0.01,
            animations: 'disabled',
            // Document codes, dates and counts differ per run: masked — on the visible page only
            // (the pages it covers stay mounted, and a mask would paint over their hidden cards).
            mask: [top(page).locator('[data-code], [data-testid="pending-badge"], [data-testid="circulated-badge"], time'), ...(screen.mask ?? []).map((selector) => page.locator(selector))],
          });
          if (screen.cleanup) {
            // Closed first, so nothing the page still saves comes after the cleanup.
            await page.goto('about:blank');
            await screen.cleanup();
          }
        });
      }
    });
  });
}
