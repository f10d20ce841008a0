import { describe, expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import { DetailCard } from '../../../src/renderer/DetailCard';
import { ListCard } from '../../../src/renderer/ListCard';
import { renderWithHost } from '../test-host';
import { demoCurrencies, demoModule } from './demo-module';

const context = { currencies: demoCurrencies };
const stored = {
  currency_id: 2,
  company_id: 1,
  department_id: 10,
  start_date: '2026-03-05',
  lines: [
    { name: 'Desk', amount: 1200 },
    { name: 'Chair', amount: 300 },
    { name: 'Lamp', amount: 5000.4 },
  ],
  total: 6500.4,
  bypass: true,
};

/** The value shown next to `label` in the card's row (label and value are the row's two cells). */
function row(label: string): string {
  const labelNode = screen.getAllByText(label).find((node) => node.parentElement?.hasAttribute('data-field'));
  if (!labelNode) throw new Error(`no card row labelled ${label}`);
  return labelNode.parentElement?.textContent?.slice(label.length) ?? '';
}

describe('DetailCard', () => {
  test('labels and formatted values: enum labels, dates YYYY/MM/DD, money by currency, yes/no', () => {
    renderWithHost(<DetailCard module={demoModule()} data={stored} context={context} />);
    expect(row('Company')).toBe('Ringi Holdings');
    expect(row('Department')).toBe('Sales');
    expect(row('Currency')).toBe('JPY');
    expect(row('Start date')).toBe('2026/03/05');
    expect(row('Total')).toBe('6,500');
    expect(row('Bypass')).toBe('Yes');
  });

  test('an item list shows the two largest items by amount, the rest counted, and the total', () => {
    renderWithHost(<DetailCard module={demoModule()} data={{ ...stored, currency_id: 1 }} context={context} />);
    const items = within(screen.getByRole('list'));
    expect(items.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Lamp5,000.4', 'Desk1,200']);
    expect(screen.getByText('and 1 more')).toBeTruthy();
    const totals = screen.getAllByText('Total');
    expect(totals.some((node) => node.parentElement?.textContent === 'Total6,500.4')).toBe(true);
  });

  test('empty values show a dash, never a blank', () => {
    renderWithHost(<DetailCard module={demoModule()} data={{}} context={context} />);
    expect(row('Company')).toBe('-');
    expect(row('Start date')).toBe('-');
  });
});

describe('ListCard', () => {
  test('title, code, status, applicant and summary lines from the definition', () => {
    renderWithHost(<ListCard module={demoModule()} data={stored} code="DEMO-2026-000007" status="Pending" applicant="Taro Staff" context={context} />);
    const card = screen.getByLabelText('Demo DEMO-2026-000007');
    expect(within(card).getByText('Pending')).toBeTruthy();
    expect(within(card).getByText('Taro Staff')).toBeTruthy();
    expect(within(card).getByText('Total').parentElement?.textContent).toBe('Total6,500');
  });
});
