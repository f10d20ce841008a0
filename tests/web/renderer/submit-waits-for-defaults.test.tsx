import { expect, test } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { ModuleForm } from '../../../src/renderer/ModuleForm';
import { renderWithHost, lookupTables } from '../test-host';
import { fieldModule } from './field-module';

/** A form with one currency, required by its rule, that the picker fills with CNY once the list is in. */
const currencyModule = () => fieldModule(
  { currency_id: { type: ['integer', 'null'] } },
  { currency_id: { 'ui:widget': 'CurrencyPicker', 'ui:options': { defaultCode: 'CNY' } } },
  { currency_id: 'Currency', messages: { currency: 'Please select currency' } },
  {},
  [{ field: 'currency_id', when: { blank: [{ var: 'currency_id' }] }, message: 'w.messages.currency' }],
);

test('Submit pressed while the currency list is still loading waits for the default: it files CNY, no "select currency"', async () => {
  let answerCurrencies = () => undefined as void;
  const gate = new Promise<void>((resolve) => { answerCurrencies = resolve; });
  const posted: unknown[] = [];
  const view = renderWithHost(
    <ModuleForm module={currencyModule()} onSubmit={async (payload) => { posted.push(payload); return { code: 'W-1' }; }} />,
    { lookupGate: (path) => (path.includes('currencies') ? gate : undefined) },
  );
  await view.user.click(screen.getByRole('button', { name: 'Submit' }));
  // The form waits (busy), nothing is judged or sent yet.
  await waitFor(() => expect(view.container.querySelector('form')?.getAttribute('aria-busy')).toBe('true'));
  expect(posted).toEqual([]);
  expect(view.log.alerts).toEqual([]);

  answerCurrencies();
  await waitFor(() => expect(posted).toHaveLength(1));
  const cny = lookupTables.currencies.find((c) => c.code === 'CNY')!;
  expect(posted[0]).toMatchObject({ currency_id: cny.id });
  expect(view.log.alerts.map((a) => a.message)).not.toContain('Please select currency');
});
