import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RJSFSchema } from '@rjsf/utils';
import { customRegistry } from '../../../../src/renderer/widgets';
import { formatPeriod, parsePeriod, periodRange } from '../../../../src/renderer/widgets/period/period-range';
import { createTestHost, hydra, Providers, renderForm, type ApiHandler } from './widget-host';

const currencies = [
  { id: 1, code: 'JPY', name: 'Japanese Yen' },
  { id: 2, code: 'CNY', name: 'Chinese Yuan' },
  { id: 3, code: 'USD', name: 'US Dollar' },
];
const api: ApiHandler = (path, params) => (path === '/currencies' ? hydra(currencies, params) : undefined);
/** The open bottom sheet. */
const sheet = () => screen.findByRole('dialog');

const schema: RJSFSchema = { type: 'object', properties: { currency_id: { type: ['integer', 'null'], title: 'Currency' } } };

describe('CurrencyPicker', () => {
  it('takes CNY when empty and lets the user choose another from the sheet', async () => {
    const host = createTestHost(api);
    const form = renderForm(host, schema, { currency_id: { 'ui:widget': 'CurrencyPicker' } });
    await waitFor(() => expect(form.data().currency_id).toBe(2));
    expect(screen.getByRole('button', { name: 'Currency' }).textContent).toBe('CNY');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Currency' }));
    await user.click(within(await sheet()).getByRole('button', { name: 'USD - US Dollar' }));
    await waitFor(() => expect(form.data().currency_id).toBe(3));
    // The sheet's aria-hidden on the form behind it is lifted asynchronously (tabster), as in browsers.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Currency' }).textContent).toBe('USD'));
  });

  it('offers an All entry that stores null and sets no default', async () => {
    const host = createTestHost(api);
    const form = renderForm(host, schema, { currency_id: { 'ui:widget': 'CurrencyPicker', 'ui:options': { allowAll: true } } }, { currency_id: 1 });
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Currency' }).textContent).toBe('JPY'));
    await user.click(screen.getByRole('button', { name: 'Currency' }));
    await user.click(within(await sheet()).getByRole('button', { name: 'All' }));
    await waitFor(() => expect(form.data().currency_id).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Currency' }).textContent).toBe('All'));
  });

  it('Display shows the code', async () => {
    const host = createTestHost(api);
    const Display = customRegistry.CurrencyPicker.Display;
    if (!Display) throw new Error('no Display');
    render(<Providers host={host}><p data-testid="c"><Display value={1} /></p></Providers>);
    await waitFor(() => expect(screen.getByTestId('c').textContent).toBe('JPY'));
  });
});

describe('PeriodPicker', () => {
  const today = new Date(2026, 10, 21);

  it('computes the presets', () => {
    expect(periodRange('today', today)).toEqual({ from: '2026-11-21', to: '2026-11-21' });
    expect(periodRange('last7Days', today)).toEqual({ from: '2026-11-15', to: '2026-11-21' });
    expect(periodRange('thisMonth', today)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(periodRange('lastMonth', new Date(2026, 0, 10))).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('refuses ranges that are reversed or not dates', () => {
    expect(parsePeriod('2026-11-21/2026-11-01')).toBeNull();
    expect(parsePeriod('2026-02-30/2026-03-01')).toBeNull();
    expect(parsePeriod('yesterday')).toBeNull();
    expect(parsePeriod(formatPeriod({ from: '2026-11-01', to: '2026-11-21' }))).toEqual({ from: '2026-11-01', to: '2026-11-21' });
  });

  it('stores a preset and a custom range, and rejects a reversed one with a message', async () => {
    const host = createTestHost(api);
    const periodSchema: RJSFSchema = { type: 'object', properties: { period: { type: 'string', title: 'Period' } } };
    const form = renderForm(host, periodSchema, { period: { 'ui:widget': 'PeriodPicker' } });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Today' }));
    const todayRange = periodRange('today');
    await waitFor(() => expect(form.data().period).toBe(`${todayRange.from}/${todayRange.to}`));

    await user.click(screen.getByRole('button', { name: 'Custom date range' }));
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.type(from, '2026-11-20');
    await user.type(to, '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert').textContent).toBe('The start date must not be after the end date');
    expect(form.data().period).toBe(`${todayRange.from}/${todayRange.to}`);

    await user.clear(to);
    await user.type(to, '2026-11-30');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(form.data().period).toBe('2026-11-20/2026-11-30'));
    expect(screen.getByText('2026/11/20 - 2026/11/30')).toBeTruthy();
  });
});
