import { describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ModuleForm } from '../../../src/renderer/ModuleForm';
import { renderWithHost } from '../test-host';
import { demoCurrencies, demoModule } from './demo-module';

const context = { currencies: demoCurrencies, steps: [] };

function renderDemo(options: { confirmAnswer?: boolean; onReset?: () => void; onSubmit?: (payload: unknown) => Promise<{ code?: string } | void> } = {}) {
  const submitted: unknown[] = [];
  const onSubmit = options.onSubmit ?? (async (payload: unknown) => {
    submitted.push(payload);
    return { code: 'DEMO-2026-000001' };
  });
  const changes: unknown[] = [];
  const view = renderWithHost(
    <ModuleForm module={demoModule()} context={context} onSubmit={onSubmit} onChange={(d) => changes.push(d)} onReset={options.onReset} />,
    { confirmAnswer: options.confirmAnswer },
  );
  return { ...view, submitted, changes };
}

async function fillValid(user: ReturnType<typeof renderDemo>['user']) {
  await user.selectOptions(screen.getByLabelText('Currency'), 'CNY');
  await user.selectOptions(screen.getByLabelText('Company'), 'Ringi Holdings');
  await user.selectOptions(screen.getByLabelText('Department'), 'Sales');
  await user.click(screen.getByRole('button', { name: 'Add' }));
  await user.type(screen.getByLabelText('Amount'), '12.345');
}

describe('ModuleForm', () => {
  test('visibility: bypass on hides the note, off shows it again', async () => {
    const { user } = renderDemo();
    expect(screen.getByLabelText('Note for approvers')).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: 'Bypass' }));
    expect(screen.queryByLabelText('Note for approvers')).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Bypass' }));
    expect(screen.getByLabelText('Note for approvers')).toBeTruthy();
  });

  test('effect: changing the company clears the department', async () => {
    const { user } = renderDemo();
    await user.selectOptions(screen.getByLabelText('Company'), 'Ringi Holdings');
    await user.selectOptions(screen.getByLabelText('Department'), 'Sales');
    expect((screen.getByLabelText('Department') as HTMLSelectElement).selectedOptions[0].textContent).toBe('Sales');
    await user.selectOptions(screen.getByLabelText('Company'), 'Ringi Japan');
    expect((screen.getByLabelText('Department') as HTMLSelectElement).value).toBe('');
  });

  test('computed: the total follows the lines as the user types, rounded by currency', async () => {
    const { user } = renderDemo();
    await user.selectOptions(screen.getByLabelText('Currency'), 'JPY');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const [first, second] = screen.getAllByLabelText('Amount');
    await user.type(first, '100');
    expect((screen.getByLabelText('Total') as HTMLInputElement).value).toBe('100');
    await user.type(second, '50.6');
    expect((screen.getByLabelText('Total') as HTMLInputElement).value).toBe('151');
  });

  test('submit with failures: the first message in rule order is the alert, every failing field is marked inline', async () => {
    const { user, log, submitted } = renderDemo();
    await user.selectOptions(screen.getByLabelText('Currency'), 'CNY');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(log.alerts).toEqual([{ title: 'Alert', message: 'Please select company' }]);
    expect(submitted).toEqual([]);
    expect(screen.getByText('Please select department')).toBeTruthy();
    expect(screen.getByText('Total must not be zero')).toBeTruthy();
    expect(screen.getByLabelText('Company').getAttribute('aria-invalid')).toBe('true');
    // Changing a marked field clears its mark.
    await user.selectOptions(screen.getByLabelText('Company'), 'Ringi Japan');
    expect(screen.queryByText('Please select company')).toBeNull();
  });

  test('a computed field\'s error clears once its new value is valid, and stays while it still fails', async () => {
    const { user } = renderDemo();
    await user.selectOptions(screen.getByLabelText('Currency'), 'CNY');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Total must not be zero')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    // A new empty line leaves the total at 0: still failing, still marked.
    expect(screen.getByText('Total must not be zero')).toBeTruthy();
    await user.type(screen.getByLabelText('Amount'), '3000.46');
    expect((screen.getByLabelText('Total') as HTMLInputElement).value).toBe('3000.46');
    expect(screen.queryByText('Total must not be zero')).toBeNull();
    expect(screen.getByLabelText('Total').getAttribute('aria-invalid')).not.toBe('true');
    // Other fields' marks are not touched by the total changing.
    expect(screen.getByText('Please select department')).toBeTruthy();
  });

  test('successful submit: payload from the engine, alert titled with the returned code, defaults restored', async () => {
    const { user, log, submitted } = renderDemo();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(log.alerts).toHaveLength(1));
    expect(log.alerts[0]).toEqual({ title: 'DEMO-2026-000001', message: 'Application has been submitted' });
    expect(submitted).toHaveLength(1);
    expect(submitted[0]).toMatchObject({ currency_id: 1, company_id: 1, department_id: 10, total: 12.35, lines: [{ amount: 12.35 }], save_approvers: true, send_notification_first_approval: true });
    await waitFor(() => expect((screen.getByLabelText('Currency') as HTMLSelectElement).value).toBe(''));
  });

  test('successful submit without a code: the alert is titled Saved', async () => {
    const { user, log } = renderDemo({ onSubmit: async () => ({}) });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(log.alerts[0]?.title).toBe('Saved'));
  });

  test('a 422 from the server marks its violations and alerts the first', async () => {
    const { user, log } = renderDemo({
      onSubmit: async () => {
        throw Object.assign(new Error('422'), { body: { violations: [{ propertyPath: 'lines[0].name', message: 'Name is required' }] } });
      },
    });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(log.alerts).toEqual([{ title: 'Alert', message: 'Name is required' }]));
    expect(screen.getByText('Name is required')).toBeTruthy();
  });

  test('reset asks for confirmation; confirmed restores defaults, declined keeps the data', async () => {
    const declined = renderDemo({ confirmAnswer: false });
    await declined.user.selectOptions(screen.getByLabelText('Currency'), 'JPY');
    await declined.user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(declined.log.confirms).toHaveLength(1);
    expect((screen.getByLabelText('Currency') as HTMLSelectElement).selectedOptions[0].textContent).toBe('JPY');
    declined.unmount();

    let resets = 0;
    const confirmed = renderDemo({ confirmAnswer: true, onReset: () => resets++ });
    await confirmed.user.selectOptions(screen.getByLabelText('Currency'), 'JPY');
    await confirmed.user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(confirmed.log.confirms[0].message).toBe('Reset the form? Everything entered will be cleared.');
    await waitFor(() => expect((screen.getByLabelText('Currency') as HTMLSelectElement).value).toBe(''));
    expect(resets).toBe(1);
  });

  test('reset keeps the fields the module lists in resetKeeps', async () => {
    const module = demoModule();
    const keeping = { ...module, meta: { ...module.meta, resetKeeps: ['currency_id'] } };
    const { user } = renderWithHost(<ModuleForm module={keeping} context={context} onSubmit={async () => ({})} />);
    await user.selectOptions(screen.getByLabelText('Currency'), 'JPY');
    await user.selectOptions(screen.getByLabelText('Company'), 'Ringi Japan');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect((screen.getByLabelText('Company') as HTMLSelectElement).value).toBe(''));
    expect((screen.getByLabelText('Currency') as HTMLSelectElement).selectedOptions[0].textContent).toBe('JPY');
  });

  test('onChange receives the data after effects and computed values', async () => {
    const { user, changes } = renderDemo();
    await user.selectOptions(screen.getByLabelText('Currency'), 'CNY');
    expect(changes.at(-1)).toMatchObject({ currency_id: 1, total: 0 });
  });

  test('rows can be removed', async () => {
    const { user } = renderDemo();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getAllByLabelText('Amount')).toHaveLength(2);
    const group = screen.getByRole('group', { name: 'Lines' });
    await user.click(within(group).getByRole('button', { name: 'Remove row 2' }));
    expect(screen.getAllByLabelText('Amount')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const names = screen.getAllByLabelText('Name');
    await user.type(names[0], 'A');
    await user.type(names[1], 'B');
    await user.type(names[2], 'C');
    await user.click(within(group).getByRole('button', { name: 'Remove row 1' }));
    expect(screen.getAllByLabelText('Name').map((input) => (input as HTMLInputElement).value)).toEqual(['B', 'C']);
  });

  test('a long inline array renders only a screenful of rows, and typing in one still updates the total', async () => {
    const lines = Array.from({ length: 1000 }, () => ({ amount: 1 }));
    const { user } = renderWithHost(<ModuleForm module={demoModule()} initialData={{ currency_id: 1, lines }} context={context} onSubmit={async () => ({})} />);
    const shown = screen.getAllByLabelText('Amount');
    expect(shown.length).toBeGreaterThan(5);
    expect(shown.length).toBeLessThan(60);
    expect((screen.getByLabelText('Total') as HTMLInputElement).value).toBe('1000');
    await user.clear(shown[1]);
    await user.type(shown[1], '11');
    expect((screen.getByLabelText('Total') as HTMLInputElement).value).toBe('1010');
  });
});
