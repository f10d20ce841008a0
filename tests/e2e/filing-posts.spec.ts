import { expect, test } from '@playwright/test';
import { client } from './api-fixtures';
import { fillDebt, openDebt, submitDebt } from './debt-form';
import { openAs, readLocale, texts } from './helpers';
import { readJson } from './module-journeys';
import { withoutJoiners } from '../../src/engine/i18n/keep-words';

const LANGS = ['ja', 'en', 'zh'] as const;
type Lang = (typeof LANGS)[number];
type Json = Record<string, any>;

/** The demo user with posts in two departments of two companies (兼務). */
const USER = 'approver2@example.com';

/** A post as the form's choice names it (the locale's own words around the server's names). */
function postLabel(post: Json, lang: Lang): string {
  const words = texts[lang].application.fileAs as Json;
  const where = words.post.replace('{{company}}', post.company_name).replace('{{department}}', post.department_name);
  const label = post.positions.length ? words.withPositions.replace('{{post}}', where).replace('{{positions}}', post.positions.join(words.separator)) : where;
  return post.main ? words.main.replace('{{post}}', label) : label;
}

/**
 * Filing as one of my posts (兼務, issue #36 item 6) in real Chromium at 390×844, in ja, en and zh:
 * approver2@ (main department in one company, a concurrent post in another) opens the debt form and
 * finds "File as" with both posts, the main one chosen. Choosing the concurrent post, the process
 * card shows that department's manager (as the server's preview for that post names them); back on
 * the main post, the main department's manager. In en the document is filed as the concurrent
 * post: its manager step waits for that department's head.
 * Someone with one post (employee@) sees no choice. Screenshots kept as artifacts.
 */
for (const lang of LANGS) {
  test(`files a document as one of two posts (${lang})`, async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const user = await client(request, USER);
    const headers = { ...user.headers, 'accept-language': lang };
    const posts = (await (await request.get('/api/posts/mine', { headers })).json())['hydra:member'] as Json[];
    expect(posts).toHaveLength(2);
    /** The server's route for a post: the manager step's approver names, and the finance step's candidates. */
    const routeOf = async (post: Json) => {
      const reply = await request.post('/api/master_processes/resolve', { headers, data: { module_code: 'collection-debt', data: {}, filed_as_department_id: post.department_id } });
      expect(reply.status()).toBe(200);
      return (await reply.json()).steps as Json[];
    };
    const [mainRoute, otherRoute] = await Promise.all(posts.map(routeOf));
    const managerOf = (route: Json[]) => route.find((s) => s.code === 'p-manager')!.approvers.map((a: Json) => a.name as string);
    expect(managerOf(mainRoute)).not.toEqual(managerOf(otherRoute));

    // Remembered approvers fill an editable step before the route does: a filing that remembers
    // none for the manager step (only the finance step's person) lets the card show each post's route.
    const currency = ((await user.get('/currencies', { itemsPerPage: 100 }))['hydra:member'] as Json[]).find((c) => c.code === 'CNY')!.id;
    const financeStep = mainRoute.find((s) => s.code === 'p-finance')!;
    await user.post('/buffer/collection-debt', {
      customer_name: `Remember no manager ${lang}`, currency_id: currency, amount: 1, payment_date: '2026-12-24', send_notification_first_approval: true,
      save_approvers: true, approvals: [{ master_process_id: financeStep.id, approver_id: financeStep.candidates[0].id }],
    }, 201);
    await openAs(page, request, USER, lang);
    await openDebt(page, lang);
    const choice = page.getByRole('combobox', { name: texts[lang].application.fileAs.label });
    await expect(choice).toBeVisible();
    // (Compared without the word joiners the app puts into Chinese text, names included.)
    await expect.poll(async () => (await choice.locator('option').allTextContents()).map(withoutJoiners)).toEqual(posts.map((p) => withoutJoiners(postLabel(p, lang))));
    await expect(choice).toHaveValue(String(posts[0].department_id));
    // (Found by the approver's name: zh step names are shown with word joiners.)
    const card = (name: string) => page.getByRole('group').filter({ hasText: name }).first();
    await expect(card(managerOf(mainRoute)[0])).toBeVisible();

    await choice.selectOption(String(posts[1].department_id));
    await expect(card(managerOf(otherRoute)[0])).toBeVisible();
    await expect(page.getByRole('group').filter({ hasText: managerOf(mainRoute)[0] })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath(`file-as-${lang}.png`) });

    if (lang === 'en') {
      const engine = readLocale<Json>(lang, 'engine');
      const customer = `Post ${Date.now()}`;
      await fillDebt(page, lang, customer);
      // Steps the route leaves open get their approver as a user would: the plus, then the first candidate the server offers.
      const steps = readJson<{ steps: Array<{ code: string; names: { en: string } }> }>('processes/collection-debt.json').steps;
      for (const step of steps) {
        const group = page.getByRole('group', { name: step.names.en, exact: true });
        if (!(await group.count()) || !(await group.getByText(engine.widgets.process.noApprover).count())) continue;
        const offered = otherRoute.find((s) => s.code === step.code);
        if (!offered?.candidates?.length || offered.optional) continue;
        await group.getByRole('button', { name: engine.widgets.process.addApprover.replace('{{step}}', step.names.en) }).click();
        await page.getByRole('button', { name: new RegExp(`^${offered.candidates[0].name}`) }).first().click();
        await expect(group.getByText(engine.widgets.process.noApprover)).toHaveCount(0);
      }
      const code = await submitDebt(page, lang);
      const mine = (await user.get('/my-buffers', { search: code }))['hydra:member'] as Json[];
      expect(mine.map((m) => m.code)).toEqual([code]);
      // Its manager step waits for the concurrent post's head (the server's own preview for that post).
      const doc = await user.get(`/buffers/${mine[0].id}`);
      const managerStep = (doc.approvals as Json[]).find((step) => step.master_process.process.code === 'p-manager')!;
      expect(managerStep.prospective_approvers.map((a: Json) => a.name)).toEqual(managerOf(otherRoute));
    }

    // Someone with one post: no choice.
    await openAs(page, request, 'employee@example.com', lang);
    await openDebt(page, lang);
    await expect(page.getByTestId('file-as')).toHaveCount(0);
  });
}
