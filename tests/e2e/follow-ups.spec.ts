import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { client } from './api-fixtures';
import { engineEn, expectAlert, submit } from './application-helpers';
import { openAs, readLocale, texts } from './helpers';
import { act, journeyOf, readJson, translate, type Action } from './module-journeys';
import { withoutJoiners } from '../../src/engine/i18n/keep-words';

type Json = Record<string, any>;
type Lang = 'ja' | 'en' | 'zh';

/** The follow-up the purchase definition names (read from the definition, not written here). */
const ENTRY = readJson<{ 'ui:module': { followUps: Array<{ module: string; link: string; fields: Record<string, string> }> } }>('uiSchemas/purchase.json')['ui:module'].followUps[0];
const REQUESTER = 'employee@example.com';

/** A purchase the employee filed and its approvers decided (each active step approved by its approver). */
async function decidedPurchase(request: APIRequestContext, goods: string): Promise<{ id: number; code: string }> {
  const [employee, approver, authorizer] = await Promise.all([REQUESTER, 'approver@example.com', 'authorizer@example.com'].map((who) => client(request, who)));
  const company = employee.profile.company.id as number;
  const department = employee.profile.department.id as number;
  const currency = ((await employee.get('/currencies', { itemsPerPage: 100 }))['hydra:member'] as Json[]).find((c) => c.code === 'CNY')!.id;
  const steps = (await employee.get('/master_processes', { module_code: 'purchase' }))['hydra:member'] as Json[];
  const approverOf: Record<string, number> = { 'p-manager': approver.id, 'p-authorizer': authorizer.id };
  const filed = await employee.post('/buffer/purchase', {
    send_notification_first_approval: true, save_approvers: false,
    approvals: steps.filter((s) => approverOf[s.process.code]).map((s) => ({ approver_id: approverOf[s.process.code], master_process_id: s.id })),
    currency_id: currency, company_id: company, department_id: department, total_estimated: 1000, user_finances: [],
    purchase_goods: [{ department_id: department, delivery_date: '2026-12-01', goods_name: goods, qty: 2, budget: 1000, arrange_by: 'me' }],
  }, 201);
  for (const user of [approver, authorizer]) {
    const view = await user.get(`/buffers/${filed.id}`);
    await user.post(`/approvals/${view.current_approval_id}/action`, { approve: true });
  }
  expect((await employee.get(`/buffers/${filed.id}`)).status).toBe(2);
  return { id: filed.id, code: filed.code };
}

/** A locator's text as read, without the word joiners the app puts between Chinese words (the server's titles have none). */
const plainText = async (locator: Locator) => withoutJoiners((await locator.textContent()) ?? '');

/** Nothing on the screen is wider than the phone. */
async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
}

/**
 * Follow-up documents (関連書類, issue #36 item 5) in real Chromium at 390×844, in ja, zh and en:
 * the employee's purchase is decided; Admin → Awaiting follow-up lists it, waiting for the follow-up
 * its definition names; its card opens the purchase, whose detail shows its application and
 * decision numbers (item 1) and prints its 稟議書 as a PDF (item 2), and offers "Create <follow-up>"; that
 * opens the follow-up's form with the carried-over fields filled and a note naming the purchase. In
 * en (last: each language files its own purchase) the follow-up is filed through the form: the
 * server keeps the link both ways, the purchase leaves the awaiting list, its detail lists the
 * follow-up, and the follow-up's detail shows the purchase with the difference of the amounts.
 * Screenshots kept as artifacts.
 */
for (const lang of ['ja', 'zh', 'en'] as const satisfies readonly Lang[]) {
  test(`a decided purchase is followed up from its detail page (${lang})`, async ({ page, request }) => {
    const app = readLocale<Json>(lang, 'app');
    const followUpTitle = readLocale<Json>(lang, ENTRY.module).title as string;
    const purchase = await decidedPurchase(request, `Projector ${lang} ${Date.now() % 100000}`);
    const employee = await client(request, REQUESTER);

    await openAs(page, request, REQUESTER, lang);
    await page.getByRole('navigation', { name: texts[lang].tabs.label }).getByRole('tab', { name: texts[lang].tabs.admin }).click();
    await page.getByRole('button', { name: new RegExp(`^${app.admin.followUps}`) }).click();
    const pending = page.getByTestId('follow-ups-pending');
    const card = pending.locator(`[data-pending-origin="${purchase.code}"]`);
    await expect(card).toBeVisible();
    await expect.poll(() => plainText(card)).toContain(withoutJoiners(app.followUps.pending.waitingFor.replace('{{titles}}', followUpTitle)));
    await fitsThePhone(page);
    await page.screenshot({ path: test.info().outputPath(`follow-ups-pending-${lang}.png`) });

    await card.click();
    // Its two numbers (申請番号 at filing, 決裁番号 at the final approval) as the server gave them, and its 稟議書 as a PDF.
    const numbered = await employee.get(`/buffers/${purchase.id}`);
    expect(numbered.application_number).toBeTruthy();
    expect(numbered.decision_number).toBeTruthy();
    const main = page.getByRole('main');
    await expect.poll(() => plainText(main)).toContain(withoutJoiners(app.approvals.applicationNumber.replace('{{number}}', numbered.application_number)));
    await expect.poll(() => plainText(main)).toContain(withoutJoiners(app.approvals.decisionNumber.replace('{{number}}', numbered.decision_number)));
    const download = page.waitForEvent('download');
    await page.locator('[data-action="print-ringi"]').click();
    const sheet = await download;
    expect(sheet.suggestedFilename()).toBe(`ringi-${purchase.code}.pdf`);
    expect(readFileSync(await sheet.path()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const followUps = page.getByTestId('follow-ups');
    await expect.poll(() => plainText(followUps)).toContain(withoutJoiners(app.followUps.title));
    const create = followUps.locator(`[data-follow-up-offer="${ENTRY.module}"]`);
    await expect.poll(() => plainText(create)).toBe(withoutJoiners(app.followUps.create.replace('{{title}}', followUpTitle)));
    await create.scrollIntoViewIfNeeded();
    await fitsThePhone(page);
    await page.screenshot({ path: test.info().outputPath(`follow-up-offer-${lang}.png`) });
    await create.click();

    const note = page.getByTestId('follow-up-note');
    await expect.poll(() => plainText(note)).toBe(withoutJoiners(app.followUps.formNote.replace('{{code}}', purchase.code)));
    await expect(note).toHaveAttribute('data-follow-up-of', purchase.code);
    await fitsThePhone(page);
    await page.screenshot({ path: test.info().outputPath(`follow-up-form-${lang}.png`) });
    if (lang !== 'en') return;

    // Filed through the form as the follow-up module's journey does, without choosing again what was carried over.
    const journey = journeyOf(ENTRY.module);
    if (!journey || 'coveredBy' in journey) throw new Error(`no journey steps for ${ENTRY.module}`);
    const carriedLabels = new Set(Object.keys(ENTRY.fields).map((field) => readLocale<Json>('en', ENTRY.module)[field]?.label as string | undefined).filter(Boolean));
    for (const step of journey.steps) {
      await submit(page);
      await expectAlert(page, translate(step.message));
      for (const action of step.then as Action[]) if (!('pick' in action && carriedLabels.has(action.pick))) await act(page, action, ENTRY.module);
    }
    await submit(page);
    const code = await expectAlert(page, engineEn.renderer.submitted, /^[A-Z][A-Z0-9]{1,7}-\d{4}-\d{6}$/);
    // Back on the purchase's page, which lists its follow-up.
    await expect(page.getByTestId('follow-up-list').locator(`[data-follow-up-link="${code}"]`)).toBeVisible();

    // The server kept the link both ways; the purchase waits for nothing any more.
    const filed = ((await employee.get('/my-buffers', { search: code }))['hydra:member'] as Json[]).find((d) => d.code === code)!;
    const view = await employee.get(`/buffers/${filed.id}/follow_ups`);
    expect(view.origin).toMatchObject({ id: purchase.id, code: purchase.code });
    expect((await employee.get(`/buffers/${purchase.id}/follow_ups`)).follow_ups.map((l: Json) => l.code)).toEqual([code]);
    expect(((await employee.get('/follow_ups/pending', { itemsPerPage: 50 }))['hydra:member'] as Json[]).map((p) => p.code)).not.toContain(purchase.code);

    // The follow-up's detail (its link, as a push opens it) names the purchase with the difference of the amounts.
    await page.goto(`/?document=${filed.id}&code=${encodeURIComponent(code)}`);
    const origin = page.getByTestId('follow-up-origin');
    await expect(origin).toContainText(purchase.code);
    await expect(page.getByTestId('follow-up-difference')).toHaveAttribute('data-difference', String(view.difference.difference));
    await page.getByTestId('follow-ups').scrollIntoViewIfNeeded();
    await fitsThePhone(page);
    await page.screenshot({ path: test.info().outputPath(`follow-up-filed-${lang}.png`) });
    // Its origin link opens the purchase, whose card now lists the follow-up.
    await origin.getByRole('button', { name: purchase.code }).click();
    await expect(page.getByTestId('follow-up-list').locator(`[data-follow-up-link="${code}"]`)).toBeVisible();
  });
}
