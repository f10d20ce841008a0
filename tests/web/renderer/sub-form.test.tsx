import { expect, test } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { FormData } from '../../../src/engine';
import { SubForm } from '../../../src/renderer/SubForm';
import { renderWithHost } from '../test-host';
import { demoCurrencies, demoModule } from './demo-module';

test('item mode: Next validates with the sub-form rules, then returns the item itself (no submit wrapper)', async () => {
  const done: FormData[] = [];
  const { user, log } = renderWithHost(
    <SubForm module={demoModule()} initialData={{ company_id: 1 }} parent={{ currency_id: 2 }} context={{ currencies: demoCurrencies, steps: [] }} onDone={(item) => done.push(item)} />,
  );
  expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Reset' })).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(log.alerts).toEqual([{ title: 'Alert', message: 'Please select currency' }]);
  expect(done).toEqual([]);

  await user.selectOptions(screen.getByLabelText('Currency'), 'CNY');
  await user.selectOptions(screen.getByLabelText('Department'), 'Sales');
  await user.click(screen.getByRole('button', { name: 'Add' }));
  await user.type(screen.getByLabelText('Amount'), '5');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(done).toHaveLength(1));
  expect(done[0]).toMatchObject({ currency_id: 1, company_id: 1, department_id: 10, lines: [{ amount: 5 }], total: 5 });
  expect(done[0]).not.toHaveProperty('transaction');
  expect(log.alerts).toHaveLength(1);
});
