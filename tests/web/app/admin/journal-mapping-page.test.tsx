/**
 * Admin → Journal mapping (issue #35 item 1) over a fake network with the real module
 * definitions: finance of a company without a mapping sees each module that books journals (by
 * its title) with account fields offering the chosen standard list's names; a typo is sent to the
 * server's check, refused there, and its message shown at the field (nothing filed); fixed, the
 * check passes and the journal-mapping module's change request opens with the mapping as its
 * rows, the mapping fields fixed. The module is found by its entity kind, not by a code.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { definitions } from '../../application/application-harness';
import { renderApp, signedIn, type SentRequest } from '../harness';
import { i18n } from '../../../../src/app/i18n/i18n';

const view = {
  company_id: 1, mapping: null, pending: null,
  modules: [{ code: 'payment', side: 'expense', expense_accounts: true }, { code: 'collection-sales', side: 'revenue', expense_accounts: false }],
  lists: {
    yayoi: {
      accounts: ['仕入高', '未払金', '売掛金', '売上高', '旅費交通費', '普通預金'], tax_classes: ['課対仕入内10%', '対象外'],
      transitional: Object.fromEntries(['80', '70', '50', '30'].flatMap((d) => [[`purchase_10@${d}`, `課対仕入内10%区分${d}%`], [`purchase_8r@${d}`, `課対仕入内軽減8%区分${d}%`]])),
    },
    moneyforward: {
      accounts: ['仕入高', '未払金'], tax_classes: ['課税仕入 10%'],
      transitional: Object.fromEntries(['80', '70', '50', '30'].map((d) => [`invoice@${d}`, `${d}%控除`])),
    },
  },
};
const TYPO = '"仕入高x" is not an account of the 弥生 standard list.';

describe('Journal mapping screen', () => {
  it('maps accounts from the list, shows the server\'s refusal at the field, then opens the change request', async () => {
    const modules = await definitions();
    const mappingModule = Object.values(modules).find((m) => m.kind === 'module' && m.meta.entity?.kind === 'journal-mapping')!;
    expect(mappingModule, 'a module files journal-mapping changes').toBeDefined();
    const served = [mappingModule, modules.payment, modules['collection-sales']];
    const app = await renderApp({
      token: 'token', path: '/', language: 'en',
      routes: {
        ...signedIn({ is_finance: true }),
        'GET /module-definitions': { status: 200, data: { 'hydra:member': served, 'hydra:totalItems': served.length } },
        [`GET /module-definitions/${mappingModule.code}`]: { status: 200, data: mappingModule },
        'GET /approvals/my': { status: 200, data: { 'hydra:member': [], 'hydra:totalItems': 0 } },
        'GET /companies/1/journal_mapping': { status: 200, data: view },
        'GET /expense_accounts_all': { status: 200, data: { 'hydra:member': [{ id: 5, code: 'E5', name: 'Travel', name_jp: '旅費', name_zh: '差旅', label: 'Travel', company_id: 1, module_type: 'payment', is_transportation: true }] } },
        'GET /companies/bank_accounts': { status: 200, data: { 'hydra:member': [{ id: 3, company_id: 1, bank_name: 'みずほ銀行', branch: '本店', number: '****567', type: '普通', company: { id: 1, name: 'Ringi Japan', code: 'RJ' } }] } },
        'POST /companies/1/journal_mapping/check': (request: SentRequest) => {
          const body = request.body as { modules: Record<string, { debit?: { account: string } }> };
          return body.modules.payment.debit?.account === '仕入高x'
            ? { status: 422, data: { code: 'VALIDATION_FAILED', message: 'Invalid', violations: [{ propertyPath: 'modules.payment.debit.account', message: TYPO }] } }
            : { status: 200, data: { ok: true } };
        },
        'GET /companies/1': { status: 200, data: { id: 1, name: 'Ringi Japan' } },
        'GET /master_processes': { status: 200, data: { 'hydra:member': [] } },
        'GET /currencies': { status: 200, data: { 'hydra:member': [], 'hydra:totalItems': 0 } },
        'GET /saved_approvers': { status: 200, data: { 'hydra:member': [] } },
        [`GET /my-default-process/${mappingModule.code}`]: { status: 200, data: { process: [], default_approvers: [] } },
        'GET /buffer_temporaries': { status: 204 },
      },
    });
    await app.user.click(await screen.findByRole('tab', { name: 'Admin' }, { timeout: 15_000 }));
    await app.user.click(await screen.findByRole('button', { name: /^Journal mapping/ }));
    const page = await screen.findByTestId('journal-mapping');
    expect((await within(page).findByTestId('journal-mapping-none')).textContent).toMatch(/no journal mapping yet/);
    // One card per module that books, titled as the module; the account fields offer the list's names.
    const cards = await within(page).findAllByTestId('journal-mapping-module');
    await waitFor(() => expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual([i18n.t(modules.payment.meta.title), i18n.t(modules['collection-sales'].meta.title)]));
    expect(cards[0].getAttribute('aria-label')).not.toBe('payment');
    const debit = within(cards[0]).getByRole('combobox', { name: 'Debit: account' });
    const options = [...document.getElementById(debit.getAttribute('list')!)!.querySelectorAll('option')].map((o) => o.getAttribute('value'));
    expect(options).toEqual(view.lists.yayoi.accounts);

    await app.user.type(debit, '仕入高x');
    await app.user.type(within(cards[0]).getByRole('combobox', { name: 'Credit: account' }), '未払金');
    await app.user.type(within(cards[1]).getByRole('combobox', { name: 'Debit: account' }), '売掛金');
    await app.user.type(within(cards[1]).getByRole('combobox', { name: 'Credit: account' }), '売上高');
    await app.user.type(within(page).getByRole('combobox', { name: 'みずほ銀行 本店: account' }), '普通預金');
    await app.user.click(within(page).getByRole('button', { name: 'Request change' }));
    // Refused by the server's check: its message at the field, a summary, no form opened.
    expect(await within(cards[0]).findByText(TYPO)).toBeTruthy();
    expect(within(page).getByTestId('journal-mapping-problem').textContent).toBe('1 name is not accepted: see the marked field.');
    expect(app.calls('POST /companies/1/journal_mapping/check')[0].body).toEqual({
      list: 'yayoi',
      modules: { payment: { debit: { account: '仕入高x' }, credit: { account: '未払金' } }, 'collection-sales': { debit: { account: '売掛金' }, credit: { account: '売上高' } } },
      payment_methods: { 3: { account: '普通預金' } },
    });
    expect(screen.queryByTestId('entity-form-edit')).toBeNull();

    await app.user.clear(debit);
    await app.user.type(debit, '仕入高');
    expect(within(cards[0]).queryByText(TYPO)).toBeNull();
    await app.user.click(within(page).getByRole('button', { name: 'Request change' }));
    const form = await screen.findByTestId('entity-form-edit');
    expect(app.calls('POST /companies/1/journal_mapping/check')).toHaveLength(2);
    await waitFor(() => expect(within(form).getAllByRole('textbox').map((b) => (b as HTMLInputElement).value)).toEqual(expect.arrayContaining(['仕入高', '未払金', '売掛金', '売上高', '普通預金'])));
    const filled = within(form).getAllByRole('textbox').find((b) => (b as HTMLInputElement).value === '仕入高') as HTMLInputElement;
    expect(filled.disabled || filled.readOnly).toBe(true);
  }, 90_000); // the whole app over a fake network: slow on a loaded machine, not a timing assertion

  it('the transitional deductions\' names: the chosen list\'s, the shipped ones as placeholders, a typed one sent, the other list\'s never', async () => {
    const modules = await definitions();
    const served = [modules.payment, modules['collection-sales']];
    const app = await renderApp({
      token: 'token', path: '/', language: 'en',
      routes: {
        ...signedIn({ is_finance: true }),
        'GET /module-definitions': { status: 200, data: { 'hydra:member': served, 'hydra:totalItems': served.length } },
        'GET /approvals/my': { status: 200, data: { 'hydra:member': [], 'hydra:totalItems': 0 } },
        'GET /companies/1/journal_mapping': { status: 200, data: view },
        'GET /expense_accounts_all': { status: 200, data: { 'hydra:member': [] } },
        'GET /companies/bank_accounts': { status: 200, data: { 'hydra:member': [] } },
        'POST /companies/1/journal_mapping/check': { status: 422, data: { code: 'VALIDATION_FAILED', message: 'Invalid', violations: [{ propertyPath: 'tax_classes.invoice@70', message: 'Refused here.' }] } },
        'GET /companies/1': { status: 200, data: { id: 1, name: 'Ringi Japan' } },
      },
    });
    await app.user.click(await screen.findByRole('tab', { name: 'Admin' }, { timeout: 15_000 }));
    await app.user.click(await screen.findByRole('button', { name: /^Journal mapping/ }));
    const page = await screen.findByTestId('journal-mapping');
    const section = await within(page).findByTestId('journal-mapping-transitional');
    // 弥生 (the default list): a field per step and rate, the shipped name greyed in it (derived from the GET's list).
    const fields = () => within(section).getAllByRole('textbox') as HTMLInputElement[];
    expect(fields().map((f) => f.placeholder)).toEqual(Object.values(view.lists.yayoi.transitional));
    expect(section.textContent).toContain('not confirmed with 弥生');
    const seventy = within(section).getByRole('textbox', { name: 'Purchases 10 %, 70 % deductible' });
    await app.user.type(seventy, '課対仕入内10%区分70%（確認済）');
    // MoneyForward: its インボイス values instead; the 弥生 name typed is not sent with it.
    await app.user.selectOptions(within(page).getByRole('combobox', { name: /Standard list/ }), 'moneyforward');
    await waitFor(() => expect(fields().map((f) => f.placeholder)).toEqual(Object.values(view.lists.moneyforward.transitional)));
    await app.user.type(within(section).getByRole('textbox', { name: '70 % deductible' }), '70%控除（経過措置）');
    await app.user.click(within(page).getByRole('button', { name: 'Request change' }));
    // The server's refusal at its field.
    expect(await within(section).findByText('Refused here.')).toBeTruthy();
    const body = app.calls('POST /companies/1/journal_mapping/check')[0].body as { list: string; tax_classes?: Record<string, string> };
    expect(body.list).toBe('moneyforward');
    expect(body.tax_classes).toEqual({ 'invoice@70': '70%控除（経過措置）' });
  }, 90_000); // the whole app over a fake network: slow on a loaded machine, not a timing assertion

  it('says so when a change is waiting, and shows a failed load with Try again', async () => {
    let fail = true;
    const app = await renderApp({
      token: 'token', path: '/', language: 'en',
      routes: {
        ...signedIn({ is_treasury: true }),
        'GET /module-definitions': { status: 200, data: { 'hydra:member': [], 'hydra:totalItems': 0 } },
        'GET /approvals/my': { status: 200, data: { 'hydra:member': [], 'hydra:totalItems': 0 } },
        'GET /companies/1/journal_mapping': () => (fail ? { status: 500, data: { code: 'INTERNAL', message: 'boom' } } : { status: 200, data: { ...view, pending: { id: 9, code: 'JNM-2026-000009' } } }),
        'GET /expense_accounts_all': { status: 200, data: { 'hydra:member': [] } },
        'GET /companies/bank_accounts': { status: 200, data: { 'hydra:member': [] } },
      },
    });
    await app.user.click(await screen.findByRole('tab', { name: 'Admin' }, { timeout: 15_000 }));
    await app.user.click(await screen.findByRole('button', { name: /^Journal mapping/ }));
    const page = await screen.findByTestId('journal-mapping');
    fail = false;
    await app.user.click(await within(page).findByRole('button', { name: 'Retry' }));
    expect((await within(page).findByTestId('journal-mapping-pending')).textContent).toContain('JNM-2026-000009');
    expect(within(page).getByRole('button', { name: 'Request change' })).toHaveProperty('disabled', true);
  }, 90_000);
});
