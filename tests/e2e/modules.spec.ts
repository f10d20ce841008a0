import { expect, test } from '@playwright/test';
import { appEn, openHome } from './application-helpers';
import { fileThroughForm, journeyOf, journeyPath, LAUNCHED, openLaunched, repoPath } from './module-journeys';
import { existsSync } from 'node:fs';

/**
 * Every module users file from Home, driven by data: the modules are the definitions with a
 * launcher (entity modules are filed from Admin and Statistic, admin.spec.ts / statistics.spec.ts),
 * and each one's script is its fixture `tests/e2e/journeys/<code>.json` (module-journeys.ts runs
 * it): from an empty form, Submit shows the spec's first message; doing what the message asks and
 * submitting again shows the next one; … until the submit succeeds with a code, which then
 * appears in View data. A new module needs its fixture and no change here.
 */

test('every module with a launcher has a journey fixture (or names the spec that covers it)', () => {
  expect(LAUNCHED.length).toBeGreaterThan(1);
  for (const code of LAUNCHED) {
    const journey = journeyOf(code);
    expect(journey, `add ${journeyPath(code)} for module "${code}"`).not.toBeNull();
    if (journey && 'coveredBy' in journey) expect(existsSync(repoPath(`tests/e2e/${journey.coveredBy}`)), `${journey.coveredBy} (covers ${code})`).toBe(true);
  }
});

test.describe('every module from empty to filed', () => {
  for (const code of LAUNCHED) {
    const journey = journeyOf(code);
    if (!journey || 'coveredBy' in journey) continue;
    test(`${code}: the spec's messages in order, then a code, then View data`, async ({ page, request }) => {
      await openHome(page, request);
      await openLaunched(page, code);
      const filed = await fileThroughForm(page, code);
      // Spec 000 §4: after the alert the page goes back; the document is in View data next time.
      await expect(page.getByTestId('application-page')).toHaveCount(0);
      await openLaunched(page, code);
      await page.getByRole('tab', { name: appEn.application.tabs.data }).click();
      await expect(page.getByTestId('view-data').getByRole('button', { name: new RegExp(filed) })).toBeVisible();
    });
  }
});
