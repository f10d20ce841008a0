import { expect, test, type Page } from '@playwright/test';
import { appEn, engineEn, moduleTexts, openHome, openModule, pick } from './application-helpers';

const purchase = moduleTexts('purchase');
const debt = moduleTexts('collection-debt');
// A user of its own: drafts are per user, and other journeys share this server.
const USER = 'approver@example.com';

async function openDebt(page: Page): Promise<void> {
  await page.getByTestId('launchers').getByRole('button', { name: appEn.launchers.collection, exact: true }).click();
  await page.getByTestId('collection-index').getByRole('button', { name: debt.title }).click();
  await expect(page.getByRole('button', { name: engineEn.renderer.submit, exact: true })).toBeEnabled();
}

async function back(page: Page): Promise<void> {
  await page.getByRole('button', { name: appEn.toolbar.back }).click();
}

test.describe('drafts (spec 000 §4)', () => {
  test('a form left without submitting is restored on the next open (company and department)', async ({ page, request }) => {
    await openHome(page, request, USER);
    await openModule(page, purchase.title);
    await pick(page, purchase.company_id.label, 'Ringi Trading');
    await pick(page, purchase.department_id.label, 'Trading');
    await back(page);
    await expect(page.getByTestId('launchers')).toBeVisible();
    await openModule(page, purchase.title);
    await expect(page.getByRole('button', { name: purchase.company_id.label, exact: true })).toContainText('Ringi Trading');
    await expect(page.getByRole('button', { name: purchase.department_id.label, exact: true })).toContainText('Trading');
  });

  test('a draft survives a full reload of the page', async ({ page, request }) => {
    await openHome(page, request, USER);
    await openDebt(page);
    await page.getByRole('textbox', { name: debt.customer_name.label, exact: true }).fill('ACME Reloaded');
    await page.getByRole('textbox', { name: debt.situation.label, exact: true }).fill('Promised next week');
    // Reload at once: the pagehide save (keepalive) must carry the draft, not the 1 s debounce.
    await page.reload();
    await expect(page.getByTestId('launchers').getByRole('button').first()).toBeVisible();
    await openDebt(page);
    await expect(page.getByRole('textbox', { name: debt.customer_name.label, exact: true })).toHaveValue('ACME Reloaded');
    await expect(page.getByRole('textbox', { name: debt.situation.label, exact: true })).toHaveValue('Promised next week');
  });

  test('a reload finds the latest draft even while the save made as the page went away never arrives, and sends it again', async ({ page, request }) => {
    // Once held, a draft save is sent but never arrives (as on a slow network, or a keepalive
    // request the server has not answered when the reloaded page asks for the draft).
    await page.addInitScript(() => {
      const send = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        const held = (window as { holdDraftSaves?: boolean }).holdDraftSaves && init?.method === 'POST' && url.includes('/buffer_temporaries');
        return held ? new Promise<Response>(() => undefined) : send(input, init);
      };
    });
    const token = await openHome(page, request, USER);
    await openDebt(page);
    const name = page.getByRole('textbox', { name: debt.customer_name.label, exact: true });
    await name.fill('Saved first');
    const serverDraft = async () => {
      const reply = await request.get('/api/buffer_temporaries', { params: { module_code: 'collection-debt' }, headers: { authorization: `Bearer ${token}` } });
      return reply.status() === 200 ? ((await reply.json()) as { data: { customer_name?: string } }).data.customer_name : null;
    };
    await expect.poll(serverDraft).toBe('Saved first');
    await page.evaluate(() => {
      (window as { holdDraftSaves?: boolean }).holdDraftSaves = true;
    });
    await name.fill('Typed last');
    await page.reload();
    await expect(page.getByTestId('launchers').getByRole('button').first()).toBeVisible();
    await openDebt(page);
    await expect(name).toHaveValue('Typed last');
    // The held save never arrives (a browser can lose a request made as its page goes away): the
    // form's opening sent the tab's copy again.
    await expect.poll(serverDraft).toBe('Typed last');
  });

  test('the tab\'s last save is on the server once the form opens again, and a draft saved since on another device wins over it', async ({ page, request }) => {
    const token = await openHome(page, request, USER);
    await openDebt(page);
    const name = page.getByRole('textbox', { name: debt.customer_name.label, exact: true });
    await name.fill('Typed in the tab');
    // Left at once: the save made as the page goes away (keepalive), and the tab's copy of it.
    await page.reload();
    await expect(page.getByTestId('launchers').getByRole('button').first()).toBeVisible();
    // Opened again: the save landed, or the copy is sent again (a browser can lose the keepalive).
    await openDebt(page);
    await expect(name).toHaveValue('Typed in the tab');
    const auth = { authorization: `Bearer ${token}` };
    await expect.poll(async () => ((await (await request.get('/api/buffer_temporaries', { params: { module_code: 'collection-debt' }, headers: auth })).json()) as { data: { customer_name?: string } }).data.customer_name).toBe('Typed in the tab');
    // The same user goes on on the phone, which saves its own draft.
    const phone = await request.post('/api/buffer_temporaries', { headers: auth, data: { module_code: 'collection-debt', data: { customer_name: 'Typed on the phone' } } });
    expect(phone.status()).toBe(200);
    // Back in the tab, the form opens with the phone's draft.
    await page.reload();
    await openDebt(page);
    await expect(name).toHaveValue('Typed on the phone');
  });

  test('a confirmed reset clears the form and its draft; a cancelled one keeps both', async ({ page, request }) => {
    await openHome(page, request, USER);
    await openDebt(page);
    const name = page.getByRole('textbox', { name: debt.customer_name.label, exact: true });
    await name.fill('To be reset');
    // Make sure a draft is on the server before the reset.
    await page.reload();
    await expect(page.getByTestId('launchers').getByRole('button').first()).toBeVisible();
    await openDebt(page);
    await expect(name).toHaveValue('To be reset');
    const reset = page.getByRole('button', { name: engineEn.renderer.reset, exact: true });
    await reset.click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(engineEn.renderer.resetConfirm);
    await dialog.getByRole('button', { name: appEn.common.cancel }).click();
    await expect(name).toHaveValue('To be reset');

    await reset.click();
    await dialog.getByRole('button', { name: appEn.common.ok }).click();
    await expect(name).toHaveValue('');
    await page.reload();
    await expect(page.getByTestId('launchers').getByRole('button').first()).toBeVisible();
    await openDebt(page);
    await expect(page.getByRole('textbox', { name: debt.customer_name.label, exact: true })).toHaveValue('');
  });
});
