/**
 * Statistic → Exchange rates (issue #35 item 5) over a fake network: finance sees the company's
 * reporting currency and its rates, enters one (PUT with the typed values), and imports a CSV
 * whose bad lines the server refuses — every line's message is listed and the form keeps the text;
 * a treasury user reads the same table without the forms.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedIn, type SentRequest } from '../app/harness';

const currencies = { status: 200, data: { 'hydra:member': [{ id: 1, code: 'CNY', name: 'Chinese Yuan' }, { id: 2, code: 'JPY', name: 'Japanese Yen' }, { id: 3, code: 'USD', name: 'US Dollar' }], 'hydra:totalItems': 3 } };
const rate = (id: number, code: string, day: string, value: number) => ({
  id, currency: { id: code === 'USD' ? 3 : 1, code }, rate_date: day, rate: value, source: 'import', updated_by: { id: 7, name: 'Hanako Yamada' }, updated_at: '2026-12-01T01:02:00Z',
});

async function open(flags: Record<string, unknown>, canEdit: boolean) {
  let rows = [rate(1, 'USD', '2026-11-30', 150.25), rate(2, 'CNY', '2026-11-30', 20.9)];
  const app = await renderApp({
    token: 'token', path: '/', language: 'en',
    routes: {
      ...signedIn(flags),
      'GET /approvals/my': { status: 200, data: { 'hydra:member': [], 'hydra:totalItems': 0 } },
      'GET /currencies': currencies,
      'GET /companies/1/exchange_rates': () => ({ status: 200, data: {
        'hydra:member': rows, 'hydra:totalItems': rows.length,
        settings: { reporting_currency: { id: 2, code: 'JPY' }, rounding_rule: 'half_up', can_edit: canEdit },
      } }),
      'PUT /companies/1/exchange_rates': (request: SentRequest) => {
        const body = request.body as { currency: string; rate_date: string; rate: number };
        rows = [rate(3, body.currency, body.rate_date, body.rate), ...rows];
        return { status: 200, data: rows[0] };
      },
      'POST /companies/1/exchange_rates/import': {
        status: 422, data: { code: 'VALIDATION_FAILED', message: 'Validation failed', violations: [
          { propertyPath: 'csv[2]', message: 'Line 2: Unknown currency XYZ.' },
          { propertyPath: 'csv[3]', message: 'Line 3: 2026-02-30 is not a date (YYYY-MM-DD).' },
        ] },
      },
    },
  });
  await app.user.click(await screen.findByRole('tab', { name: 'Finance Statistics' }));
  await app.user.click(await screen.findByRole('button', { name: 'Exchange rates' }));
  return { app, page: await screen.findByTestId('exchange-rates') };
}

describe('exchange rates screen', () => {
  it('finance: settings, the table, a rate entered', async () => {
    const { app, page } = await open({ is_finance: true }, true);
    const rows = await within(page).findAllByTestId('exchange-rate-row');
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('1 USD = 150.25 JPY'), expect.stringContaining('1 CNY = 20.9 JPY')]);
    expect(rows[0].textContent).toContain('from 2026/11/30');
    const settings = within(page).getByRole('form', { name: 'Reporting currency' });
    expect((within(settings).getByRole('combobox', { name: /Reporting currency/ }) as HTMLSelectElement).value).toBe('2');
    expect((within(settings).getByRole('combobox', { name: 'Rounding' }) as HTMLSelectElement).value).toBe('half_up');

    // An incomplete entry is refused here, nothing sent.
    const entry = within(page).getByRole('form', { name: 'Enter or change a rate' });
    await app.user.click(within(entry).getByRole('button', { name: 'Save rate' }));
    expect(await within(entry).findByText('Choose the currency and the day and enter the rate.')).toBeTruthy();
    expect(app.calls('PUT /companies/1/exchange_rates')).toHaveLength(0);
    await app.user.selectOptions(within(entry).getByRole('combobox', { name: 'Currency' }), 'USD');
    // The reporting currency needs no rate: it is not offered.
    expect(within(within(entry).getByRole('combobox', { name: 'Currency' })).queryByRole('option', { name: 'JPY' })).toBeNull();
    fireEvent.change(within(entry).getByLabelText('From'), { target: { value: '2026-12-01' } });
    await app.user.type(within(entry).getByRole('textbox', { name: 'Rate in JPY' }), '151.5');
    await app.user.click(within(entry).getByRole('button', { name: 'Save rate' }));
    await waitFor(() => expect(app.calls('PUT /companies/1/exchange_rates')).toHaveLength(1));
    expect(app.calls('PUT /companies/1/exchange_rates')[0].body).toEqual({ currency: 'USD', rate_date: '2026-12-01', rate: 151.5 });
    await waitFor(() => expect(within(page).getAllByTestId('exchange-rate-row')[0].textContent).toContain('1 USD = 151.5 JPY'));
  });

  it('finance: an import refused line by line lists every line and keeps the text', async () => {
    const { app, page } = await open({ is_finance: true }, true);
    const form = await within(page).findByRole('form', { name: 'Import CSV' });
    await app.user.click(within(form).getByRole('textbox', { name: /CSV/ }));
    await app.user.paste('USD,2026-12-02,150\nXYZ,2026-12-02,3\nCNY,2026-02-30,20');
    await app.user.click(within(form).getByRole('button', { name: 'Import' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain('Nothing was imported. Correct these lines:');
    expect(within(alert).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Line 2: Unknown currency XYZ.', 'Line 3: 2026-02-30 is not a date (YYYY-MM-DD).']);
    expect((within(form).getByRole('textbox', { name: /CSV/ }) as HTMLTextAreaElement).value).toContain('XYZ');
    expect(app.calls('POST /companies/1/exchange_rates/import')[0].body).toEqual({ csv: 'USD,2026-12-02,150\nXYZ,2026-12-02,3\nCNY,2026-02-30,20' });
  });

  it('treasury: reads the table; no forms, settings read-only', async () => {
    const { page } = await open({ is_treasury: true }, false);
    expect(await within(page).findAllByTestId('exchange-rate-row')).toHaveLength(2);
    expect(within(page).queryByRole('form', { name: 'Enter or change a rate' })).toBeNull();
    expect(within(page).queryByRole('form', { name: 'Import CSV' })).toBeNull();
    expect((within(page).getByRole('combobox', { name: /Reporting currency/ }) as HTMLSelectElement).disabled).toBe(true);
  });
});
