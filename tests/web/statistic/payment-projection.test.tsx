/**
 * The payment projection's chart (issue #31 item 11): CNY, USD and JPY were bars on one axis, so
 * the smaller currencies' bars vanished, the canvas cut its rotated axis labels on a phone and the
 * company select shared half the width. Now: one chart per currency on its own scale (its largest
 * bar reaches the top of its own axis), labels as text, and the company select on a row of its own.
 */
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { SessionContext, type Session } from '../../../src/app/session/session-context';
import { PaymentProjectionPage } from '../../../src/app/pages/statistic/payment-projection/PaymentProjectionPage';
import { niceScaleMax } from '../../../src/app/pages/statistic/payment-projection/nice-scale';
import en from '../../../locales/en/statistic.json';
import { createTestHost } from '../test-host';
import { declared } from '../declared-style';

const projection = {
  'hydra:member': [{ bank_account_id: 4, bank_name: '三菱UFJ銀行', bank_branch: '丸の内支店', bank_type: '普通', count_transaction: 3, amounts: [{ currency: 'JPY', total: 18_400_000 }] }],
  'hydra:totalItems': 1,
  buckets: [
    { bucket: 'today', currency: 'JPY', total: 18_400_000 },
    { bucket: 'pendingPayment', currency: 'JPY', total: 9_200_000 },
    { bucket: 'today', currency: 'CNY', total: 52_000 },
    { bucket: 'next2week', currency: 'USD', total: 1_250 },
  ],
};

function renderPage(answer: object = projection) {
  const testHost = createTestHost();
  testHost.host.api.get = async <T,>(path: string): Promise<T> => {
    if (path === '/payment_projections') return answer as T;
    throw new Error(`no route ${path}`);
  };
  const session = { profile: { id: 5, name: 'Chen Jing', is_group_admin: false, company: { id: 1, name: 'Ringi Holdings Kabushiki Kaisha Tokyo Head Office' } } } as unknown as Session;
  render(<SessionContext.Provider value={session}><PaymentProjectionPage /></SessionContext.Provider>, { wrapper: testHost.Wrapper });
}

describe('payment projection chart', () => {
  it('draws one chart per currency, each on its own scale and axis', async () => {
    renderPage();
    const chart = await screen.findByTestId('projection-chart');
    const figures = [...chart.querySelectorAll('figure[data-currency]')];
    expect(figures.map((f) => f.getAttribute('data-currency'))).toEqual(['JPY', 'CNY', 'USD']);
    expect(figures.map((f) => Number(f.getAttribute('data-scale-max')))).toEqual([20_000_000, 100_000, 2_000]);
    for (const figure of figures) {
      const currency = figure.getAttribute('data-currency')!;
      // Its own axis, labelled in its own amounts, under its own caption.
      expect(within(figure as HTMLElement).getByText(currency, { selector: 'figcaption *' })).toBeTruthy();
      expect(figure.querySelectorAll('[data-axis]')).toHaveLength(1);
      // Each bucket once, the tallest bar of the currency filling most of its own axis, whatever the other currencies hold.
      expect(figure.querySelectorAll('[data-bucket]')).toHaveLength(7);
      const shares = [...figure.querySelectorAll('rect[data-share]')].map((bar) => Number(bar.getAttribute('data-share')));
      expect(Math.max(...shares)).toBeGreaterThanOrEqual(50);
    }
    expect([...figures[0].querySelectorAll('[data-axis] > *')].map((tick) => tick.textContent)).toEqual(['0', '10M', '20M']);
    expect([...figures[2].querySelectorAll('[data-axis] > *')].map((tick) => tick.textContent)).toEqual(['0', '1K', '2K']);
    // Bucket labels and amounts are text (wrapping, never cut by a canvas).
    expect(within(figures[2] as HTMLElement).getByText(en.projection.buckets.next2week)).toBeTruthy();
    expect(within(figures[2] as HTMLElement).getByText('1,250 USD')).toBeTruthy();
    expect(chart.querySelector('canvas')).toBeNull();
  });

  it('gives the company select a row of its own (a company\'s full name is not cut to half a phone)', async () => {
    renderPage();
    const company = await screen.findByRole('combobox', { name: en.projection.company });
    const filters = company.closest('[data-testid="payment-projection"] > div')!;
    expect(declared(filters, 'flex-direction')).toBe('column');
    expect(declared(filters, 'grid-template-columns')).toBeUndefined();
  });

  it('totals the period in the reporting currency from the stored converted amounts, per bank too, and counts what had none', async () => {
    renderPage({
      ...projection,
      'hydra:member': [{ ...projection['hydra:member'][0], amounts: [{ currency: 'JPY', total: 18_400_000 }, { currency: 'USD', total: 1_250 }], reporting_amounts: [{ currency: 'JPY', total: 18_587_500 }], unconverted_count: 2 }],
      reporting_buckets: [
        { bucket: 'today', currency: 'JPY', total: 18_587_500, count: 3 },
        { bucket: 'today', currency: null, total: 0, count: 2 },
        // Another period's figure is not today's.
        { bucket: 'next2week', currency: 'JPY', total: 999, count: 1 },
      ],
    });
    const reporting = await screen.findByTestId('projection-reporting');
    expect(within(reporting).getByText(en.projection.reportingTotal)).toBeTruthy();
    expect(within(reporting).getAllByTestId('projection-reporting-total').map((e) => e.textContent)).toEqual(['18,587,500 JPY']);
    expect(within(reporting).getByText('2 items filed without a stored conversion are not included.')).toBeTruthy();
    const card = screen.getByTestId('projection-card');
    expect(within(card).getByTestId('card-reporting-total').textContent).toBe('18,587,500 JPY in the reporting currency');
    expect(within(card).getByText('1,250 USD')).toBeTruthy();
  });

  it('shows no reporting total where the answer has none converted', async () => {
    renderPage();
    await screen.findByTestId('projection-card');
    expect(screen.queryByTestId('projection-reporting')).toBeNull();
    expect(screen.queryByTestId('card-reporting-total')).toBeNull();
  });

  it('rounds each scale up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect([0, 0.4, 1, 7, 18_400_000, 52_000, 1_250, 250, 251].map(niceScaleMax)).toEqual([1, 0.5, 1, 10, 20_000_000, 100_000, 2_000, 250, 500]);
  });
});
