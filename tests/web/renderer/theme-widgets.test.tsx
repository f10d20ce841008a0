import { describe, expect, test } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { CompiledModule, FormData } from '../../../src/engine';
import { ModuleForm } from '../../../src/renderer/ModuleForm';
import { renderWithHost } from '../test-host';
import { fieldModule } from './field-module';

const currencies = [
  { id: 1, code: 'CNY' },
  { id: 2, code: 'JPY' },
];

function renderForm(module: CompiledModule, initialData?: FormData) {
  const changes: FormData[] = [];
  const view = renderWithHost(
    <ModuleForm module={module} initialData={initialData} context={{ currencies, steps: [] }} onSubmit={async () => ({})} onChange={(d) => changes.push(d)} />,
  );
  return { ...view, last: () => changes.at(-1) ?? {} };
}

const moneyModule = () =>
  fieldModule(
    { currency_id: { type: ['integer', 'null'], enum: [1, 2, null], default: null }, amount: { type: ['number', 'null'], default: null } },
    { currency_id: { 'ui:widget': 'select' }, amount: { 'ui:widget': 'money' } },
    { currency_id: { label: 'Currency', options: { '1': 'CNY', '2': 'JPY' } }, amount: { label: 'Amount' } },
  );

describe('money widget', () => {
  test('rounds to 2 decimals for CNY and shows the stored value after leaving the input', async () => {
    const { user, last } = renderForm(moneyModule(), { currency_id: 1 });
    await user.type(screen.getByLabelText('Amount'), '1234.567');
    expect(last().amount).toBe(1234.57);
    await user.tab();
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('1234.57');
  });

  test('rounds to whole numbers for JPY', async () => {
    const { user, last } = renderForm(moneyModule(), { currency_id: 2 });
    await user.type(screen.getByLabelText('Amount'), '1234.5');
    expect(last().amount).toBe(1235);
  });

  test('without currencies from the caller, the form fetches /currencies to round by code', async () => {
    const changes: FormData[] = [];
    const view = renderWithHost(<ModuleForm module={moneyModule()} initialData={{ currency_id: 2 }} context={{ steps: [] }} onSubmit={async () => ({})} onChange={(d) => changes.push(d)} />);
    await view.settled();
    expect(view.log.gets).toContain('/currencies');
    await view.user.type(screen.getByLabelText('Amount'), '99.5');
    expect(changes.at(-1)?.amount).toBe(100);
  });

  test('accepts at most 20 characters and stores numbers, not text', async () => {
    const { user, last } = renderForm(moneyModule(), { currency_id: 1 });
    const input = screen.getByLabelText('Amount') as HTMLInputElement;
    expect(input.maxLength).toBe(20);
    await user.type(input, '1234567890123456789012345');
    expect(input.value).toHaveLength(20);
    expect(typeof last().amount).toBe('number');
  });

  test('clearing the input stores no amount; letters do not change the stored amount', async () => {
    const { user, last } = renderForm(moneyModule(), { currency_id: 1 });
    const input = screen.getByLabelText('Amount');
    await user.type(input, '12');
    await user.type(input, 'a');
    expect(last().amount).toBe(12);
    await user.clear(input);
    expect(last().amount).toBeUndefined();
  });
});

describe('number, text and textarea widgets', () => {
  const module = () =>
    fieldModule(
      { qty: { type: ['number', 'null'] }, name: { type: ['string', 'null'], maxLength: 5 }, notes: { type: ['string', 'null'] } },
      { qty: { 'ui:widget': 'number' }, name: { 'ui:widget': 'text' }, notes: { 'ui:widget': 'textarea' } },
      { qty: { label: 'Quantity' }, name: { label: 'Name' }, notes: { label: 'Notes' } },
    );

  test('number stores a number', async () => {
    const { user, last } = renderForm(module());
    await user.type(screen.getByLabelText('Quantity'), '42');
    expect(last().qty).toBe(42);
  });

  test('text honours the schema maxLength; textarea stores its text', async () => {
    const { user, last } = renderForm(module());
    await user.type(screen.getByLabelText('Name'), 'abcdefgh');
    expect(last().name).toBe('abcde');
    await user.type(screen.getByLabelText('Notes'), 'line');
    expect(last().notes).toBe('line');
  });
});

describe('date widgets', () => {
  const module = () =>
    fieldModule(
      { delivery_date: { type: ['string', 'null'], default: null }, period_end: { type: ['string', 'null'], default: null } },
      { delivery_date: { 'ui:widget': 'date' }, period_end: { 'ui:widget': 'maskedDate' } },
      { delivery_date: { label: 'Delivery date' }, period_end: { label: 'Period end' } },
    );

  test('date shows YYYY/MM/DD and stores YYYY-MM-DD', async () => {
    const { user, last } = renderForm(module(), { delivery_date: '2026-12-01' });
    const input = screen.getByLabelText('Delivery date') as HTMLInputElement;
    expect(input.value).toBe('2026/12/01');
    await user.clear(input);
    await user.type(input, '2027/03/05');
    expect(last().delivery_date).toBe('2027-03-05');
  });

  test('an incomplete or impossible date stores nothing', async () => {
    const { user, last } = renderForm(module());
    const input = screen.getByLabelText('Delivery date');
    await user.type(input, '2027/02/30');
    expect(last().delivery_date ?? null).toBeNull();
  });

  test('the calendar input stores the picked date and shows it as YYYY/MM/DD', async () => {
    const { last } = renderForm(module());
    fireEvent.change(screen.getByLabelText('Pick a date for Delivery date'), { target: { value: '2026-07-09' } });
    expect(last().delivery_date).toBe('2026-07-09');
    expect((screen.getByLabelText('Delivery date') as HTMLInputElement).value).toBe('2026/07/09');
  });

  test('masked date applies 9999-99-99 while typing, shows YYYY/MM/DD as every date, and stores null when emptied', async () => {
    const { user, last } = renderForm(module());
    const input = screen.getByLabelText('Period end') as HTMLInputElement;
    // The placeholder says what to type, as the other date boxes do, not the mask's "9999-99-99".
    expect(input.placeholder).toBe('YYYY/MM/DD');
    await user.type(input, '20260305');
    expect(input.value).toBe('2026/03/05');
    expect(last().period_end).toBe('2026-03-05');
    await user.clear(input);
    expect(last().period_end).toBeNull();
  });
});

describe('choice widgets', () => {
  const module = () =>
    fieldModule(
      {
        arrange_by: { type: ['string', 'null'], enum: ['me', 'general_affairs', null], default: 'me' },
        kind: { type: 'string', enum: ['a', 'b'] },
        urgent: { type: 'boolean', default: false },
        recurrent: { type: 'boolean', default: false },
        tags: { type: 'array', items: { type: 'string', enum: ['x', 'y', 'z'] }, uniqueItems: true, default: [] },
      },
      { arrange_by: { 'ui:widget': 'select' }, kind: { 'ui:widget': 'radio' }, urgent: { 'ui:widget': 'checkbox' }, recurrent: { 'ui:widget': 'switch' }, tags: { 'ui:widget': 'checkboxes' } },
      {
        arrange_by: { label: 'Arranged by', options: { me: 'Me', general_affairs: 'General affairs' } },
        kind: { label: 'Kind', options: { a: 'Kind A', b: 'Kind B' } },
        urgent: { label: 'Urgent' },
        recurrent: { label: 'Recurrent' },
        tags: { label: 'Tags', options: { x: 'Tag X', y: 'Tag Y', z: 'Tag Z' } },
      },
    );

  test('select shows translated labels (no null choice) and stores the value', async () => {
    const { user, last } = renderForm(module());
    const select = screen.getByLabelText('Arranged by') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['', 'Me', 'General affairs']);
    expect(select.selectedOptions[0].textContent).toBe('Me');
    await user.selectOptions(select, 'General affairs');
    expect(last().arrange_by).toBe('general_affairs');
  });

  test('radio, checkbox, switch and checkboxes store what the user picks', async () => {
    const { user, last } = renderForm(module());
    await user.click(screen.getByRole('radio', { name: 'Kind B' }));
    expect(last().kind).toBe('b');
    await user.click(screen.getByRole('checkbox', { name: 'Urgent' }));
    expect(last().urgent).toBe(true);
    await user.click(screen.getByRole('switch', { name: 'Recurrent' }));
    expect(last().recurrent).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Tag Z' }));
    await user.click(screen.getByRole('checkbox', { name: 'Tag X' }));
    expect(last().tags).toEqual(['x', 'z']);
  });

  test('labels follow the language', () => {
    const m = module();
    renderWithHost(<ModuleForm module={m} onSubmit={async () => ({})} />, { language: 'ja' });
    expect(screen.getByRole('button', { name: 'リセット' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '申請' })).toBeTruthy();
  });
});

describe('unknown widget', () => {
  test('shows an error naming the module, the field and the widget', () => {
    const module = fieldModule({ color: { type: 'string' } }, { color: { 'ui:widget': 'ColourWheel' } }, { color: { label: 'Colour' } });
    renderWithHost(<ModuleForm module={module} onSubmit={async () => ({})} />);
    expect(screen.getByRole('alert').textContent).toBe('Module w: field color uses the unknown widget "ColourWheel"');
  });
});
