/**
 * Keyboard and focus basics (issue 13 "every control reachable and operable with the keyboard;
 * focus moves into and back out of pages, sheets and dialogs"): the whole app over a fake
 * network, driven with Tab, Enter, Space and Escape only (no clicks after the form is open).
 * - the main form: Tab moves from field to field in order;
 * - a picker page (finance users, pushed on the page stack): Enter opens it and focus moves to
 *   its title; Space ticks, Enter on Add (n) returns the choice and focus goes back to the
 *   button that opened it; Escape leaves it the same way and changes nothing;
 * - a bottom sheet (currency): Enter opens it with focus inside, Escape closes it, focus returns;
 * - a dialog (the submit's alert): focus is inside, Enter on OK closes it, focus returns.
 */
import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import debt from '../../../locales/en/collection-debt.json';
import en from '../../../locales/en/engine.json';
import { debtRoutes, openDebtLauncher } from '../application/application-harness';
import { renderApp } from './harness';

configure({ asyncUtilTimeout: 15_000 });

const finance = [{ id: 5, name: 'Kenji Finance', email: 'finance@example.com' }, { id: 6, name: 'Mai Finance', email: 'mai@example.com' }];
const focused = () => document.activeElement as HTMLElement | null;

describe('keyboard and focus', () => {
  it('form, picker page, sheet and dialog work with Tab, Enter, Space and Escape; focus returns to the opener', async () => {
    const view = await renderApp({
      token: 't', language: 'en',
      routes: await debtRoutes({
        'GET /users/finance': (r) => ({ status: 200, data: { 'hydra:member': Number((r.params as { page?: number })?.page ?? 1) === 1 ? finance : [], 'hydra:totalItems': 2 } }),
        'GET /users/5': { status: 200, data: finance[0] },
      }),
    });
    const { user } = view;
    // Home (once its launchers have loaded) → the debt form.
    await openDebtLauncher(user);
    const customer = await screen.findByRole('textbox', { name: debt.customer_name.label });

    // The form: typing and Tab to the next field (the currency sheet's button).
    customer.focus();
    await user.keyboard('Acme');
    expect((customer as HTMLInputElement).value).toBe('Acme');
    await user.tab();
    const currency = screen.getByRole('button', { name: debt.currency_id.label });
    expect(focused(), 'focus check 1').toBe(currency);

    // A sheet: Enter opens it with focus inside; Escape closes it; focus is back on its button.
    await user.keyboard('{Enter}');
    const sheet = await screen.findByRole('dialog');
    await waitFor(() => expect(sheet.contains(focused())).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(focused(), 'focus check 2').toBe(currency));

    // A picker page: Enter opens it and focus moves to its title.
    const forward = screen.getByRole('button', { name: new RegExp(debt.user_finances.label) });
    forward.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toContain(debt.user_finances.label));
    await waitFor(() => expect(focused(), 'focus check 3').toBe(screen.getByTestId('page-title')));
    // Escape leaves the page without a choice; focus returns to the opener.
    await screen.findByLabelText('Kenji Finance');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByLabelText('Kenji Finance')).toBeNull());
    await waitFor(() => expect(focused(), 'focus check 4').toBe(forward));
    expect(forward.textContent).not.toContain('Kenji Finance');

    // Again: Tab to the first user, Space ticks, Tab to Add (1), Enter returns the choice.
    await user.keyboard('{Enter}');
    const option = await screen.findByLabelText('Kenji Finance');
    await waitFor(() => expect(focused(), 'focus check 5').toBe(screen.getByTestId('page-title')));
    while (focused() !== option) await user.tab();
    await user.keyboard(' ');
    expect((option as HTMLInputElement).checked).toBe(true);
    const add = screen.getByRole('button', { name: 'Add (1)' });
    while (focused() !== add) await user.tab();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByLabelText('Kenji Finance')).toBeNull());
    const back = screen.getByRole('button', { name: new RegExp(debt.user_finances.label) });
    await waitFor(() => expect(focused(), 'focus check 6').toBe(back));
    await waitFor(() => expect(screen.getByTestId('application-page').textContent).toContain('Kenji Finance'));

    // A dialog: Enter on Submit shows the first alert with focus inside; Enter on OK closes it
    // and focus returns to Submit.
    const submit = screen.getByRole('button', { name: en.renderer.submit, exact: true } as never);
    submit.focus();
    await user.keyboard('{Enter}');
    const alert = await screen.findByRole('alertdialog');
    await waitFor(() => expect(alert.contains(focused())).toBe(true));
    const ok = within(alert).getByRole('button', { name: 'OK' });
    while (focused() !== ok) await user.tab();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(focused(), 'focus check 7').toBe(submit));
  }, 60_000);
});
