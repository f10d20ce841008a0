import { expect, test } from '@playwright/test';
import { client } from './api-fixtures';
import { fillDebt, openDebt, submitDebt } from './debt-form';
import { fill, openAs, readLocale, texts } from './helpers';

const LANGS = ['ja', 'en', 'zh'] as const;
type Json = Record<string, any>;

// A (the principal), B (whom A allows), C (whom nobody allowed). Users of their own: other journeys share this server.
const A = 'employee@example.com';
const B = 'legal@example.com';
const C = 'treasury@example.com';

const today = () => {
  const now = new Date();
  return `${now.getFullYear()}/${String(now.getMonth() + 1).padStart(2, '0')}/${String(now.getDate()).padStart(2, '0')}`;
};

/**
 * Filing for someone (代理申請, issue #36 item 3) in real Chromium at 390×844, in ja, en and zh:
 * A allows B for the debt module on Admin → File for me; B opens the debt form, chooses A under
 * "File for" and files; the document is A's (A's initiated list, A as requester) and its timeline
 * says it was filed by B for A. C, whom nobody allowed, sees no "File for" choice, and C's forged
 * `filed_for` through the API is refused with 403 and a message naming A. Screenshots of the
 * permission screen and of the form's choice are kept as artifacts to look at.
 */
for (const lang of LANGS) {
  test(`A allows B, B files for A through the form, C cannot (${lang})`, async ({ page, request }) => {
    const app = texts[lang];
    const screenTexts = app.proxyFilers as Json;
    const deputyTexts = app.deputies as Json;
    const debt = readLocale<Json>(lang, 'collection-debt');
    const [a, b, c] = await Promise.all([A, B, C].map((email) => client(request, email)));
    try {
      // A allows B for the debt module, today only, on the principal's screen.
      await openAs(page, request, A, lang, '/admin');
      await page.locator('[data-entry="proxyFilers"]').click();
      const screen = page.getByTestId('proxy-filers');
      await expect(screen).toBeVisible();
      await screen.getByTestId('deputy-add').click();
      await screen.getByTestId('deputy-pick').click();
      await page.getByRole('searchbox').last().fill(b.profile.name.split(' ')[0]);
      await page.getByRole('button', { name: b.profile.name }).click();
      await expect(screen.getByTestId('deputy-pick')).toContainText(b.profile.name);
      const [from, to] = await screen.getByPlaceholder('YYYY/MM/DD').all();
      await from.fill(today());
      await to.fill(today());
      await screen.getByRole('checkbox', { name: debt.title, exact: true }).check();
      await page.screenshot({ path: test.info().outputPath(`proxy-filers-form-${lang}.png`) });
      await screen.getByRole('button', { name: deputyTexts.save }).click();
      await expect(page.getByTestId('toast-success').filter({ hasText: screenTexts.saved })).toBeVisible();
      const row = screen.getByTestId('deputy-row').filter({ hasText: b.profile.name });
      await expect(row).toContainText(deputyTexts.state.active);
      await expect(row).toContainText(debt.title);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: test.info().outputPath(`proxy-filers-${lang}.png`) });

      // B files for A through the form.
      await openAs(page, request, B, lang);
      await openDebt(page, lang);
      const choice = page.getByRole('combobox', { name: app.application.fileFor.label });
      await expect(choice).toBeVisible();
      await choice.selectOption({ label: a.profile.name });
      await expect(page.getByTestId('file-for-note')).toContainText(a.profile.name);
      // The process card shows A's route (asked with filed_for): the first step's approver as A's own preview names them.
      const own = await request.post('/api/master_processes/resolve', { headers: { ...a.headers, 'accept-language': lang }, data: { module_code: 'collection-debt', data: {} } });
      const first = ((await own.json()).steps as Json[]).find((step) => step.approvers.length > 0)!;
      // (Found by the approver's name: zh step names are shown with word joiners.)
      await expect(page.getByRole('group').filter({ hasText: first.approvers[0].name }).first()).toBeVisible();
      const customer = `Proxy ${lang} ${Date.now()}`;
      await fillDebt(page, lang, customer);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: test.info().outputPath(`file-for-${lang}.png`) });
      const code = await submitDebt(page, lang);

      // The document is A's: in A's own list, A the requester, B who filed it.
      const mine = (await a.get('/my-buffers', { search: code }))['hydra:member'] as Json[];
      expect(mine.map((m) => m.code)).toEqual([code]);
      const doc = await a.get(`/buffers/${mine[0].id}`);
      expect(doc.requester.id).toBe(a.id);
      expect(doc.approval_logs.find((l: Json) => l.action === 'submit')).toMatchObject({ user: { id: b.id }, on_behalf_of: { id: a.id } });
      await openAs(page, request, A, lang);
      await page.getByTestId('home').locator('[data-shortcut="initiated"]').click();
      await page.getByTestId('approval-list-page').last().getByTestId('approval-list-initiated').locator(`[data-code="${code}"]`).click();
      await expect(page.getByTestId('page-title')).toHaveText(code);
      await expect(page.getByTestId('filed-by')).toHaveText(fill(app.approvals.timeline.filedBy, { filer: b.profile.name, principal: a.profile.name }));

      // C, whom nobody allowed: no choice on the form, and a forged filed_for is refused.
      await openAs(page, request, C, lang);
      await openDebt(page, lang);
      await expect(page.getByTestId('file-for')).toHaveCount(0);
      const before = ((await a.get('/my-buffers', { itemsPerPage: 100 }))['hydra:totalItems']) as number;
      const forged = await request.post('/api/buffer/collection-debt', {
        headers: { ...c.headers, 'accept-language': lang },
        data: { customer_name: 'Forged', amount: 5, payment_date: '2026-12-24', currency_id: 1, send_notification_first_approval: true, save_approvers: false, approvals: [], filed_for: a.id },
      });
      expect(forged.status(), await forged.text()).toBe(403);
      expect((await forged.json()).message).toContain(a.profile.name);
      expect(((await a.get('/my-buffers', { itemsPerPage: 100 }))['hydra:totalItems']) as number).toBe(before);
    } finally {
      for (const permission of (await a.get('/proxy_filers'))['hydra:member'] as Json[]) {
        await request.delete(`/api/proxy_filers/${permission.id}`, { headers: a.headers });
      }
    }
  });
}
