/**
 * The studio offers the route values (issue #35 item 5): a step's condition may test the amount in
 * the company's reporting currency, chosen like a field; what it writes passes the route checker.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { I18nextProvider } from 'react-i18next';
import { addField, blankModule, checkRoute, type Lang, type ModuleSource, type Problem, type ProcessStepDefinition } from '../../../src/engine';
import { RouteStepOptions } from '../../../src/app/pages/studio/RouteStepOptions';
import { createTestI18n } from '../test-host';

const tri = (en: string) => ({ en, ja: `${en}（ja）`, zh: `${en}（zh）` });
const source = (): ModuleSource => {
  const result = addField(blankModule('trip', tri('Trip')), { name: 'amount', type: 'money', labels: tri('Amount') });
  if (!('source' in result)) throw new Error(result.refused);
  return result.source;
};
const director: ProcessStepDefinition = { code: 'p-director', names: tri('Director approval'), approvers: [{ position: 'director', of: 'requester' }] };
const host = (ui: React.ReactNode, lang: Lang = 'en') => render(
  <FluentProvider theme={webLightTheme}><I18nextProvider i18n={createTestI18n(lang)}>{ui}</I18nextProvider></FluentProvider>,
);

describe('route values in the step condition', () => {
  it('offers the amount in the reporting currency; "is at least" on it writes a condition the checker accepts', async () => {
    const user = userEvent.setup();
    const changes: Array<Partial<ProcessStepDefinition>> = [];
    const { rerender } = host(<RouteStepOptions step={director} source={source()} onChange={(c) => changes.push(c)} />);
    const when = screen.getByRole('group', { name: 'Applies only when (optional)' });
    const field = within(when).getByRole('combobox', { name: 'Field' });
    expect(within(field).getByRole('option', { name: 'Amount in the company\'s reporting currency' })).toBeTruthy();
    expect(within(field).getByRole('option', { name: 'Company\'s reporting currency' })).toBeTruthy();
    await user.selectOptions(field, 'reporting_amount');
    const picked = { ...director, ...changes.at(-1) };
    rerender(<FluentProvider theme={webLightTheme}><I18nextProvider i18n={createTestI18n('en')}>
      <RouteStepOptions step={picked} source={source()} onChange={(c) => changes.push(c)} />
    </I18nextProvider></FluentProvider>);
    await user.selectOptions(within(screen.getByRole('group', { name: 'Applies only when (optional)' })).getByRole('combobox', { name: 'Condition' }), 'atLeast');
    const atLeast = { ...picked, ...changes.at(-1) };
    rerender(<FluentProvider theme={webLightTheme}><I18nextProvider i18n={createTestI18n('en')}>
      <RouteStepOptions step={atLeast} source={source()} onChange={(c) => changes.push(c)} />
    </I18nextProvider></FluentProvider>);
    const value = within(screen.getByRole('group', { name: 'Applies only when (optional)' })).getByLabelText('Value');
    // One change event (the input is controlled by the step, which this test re-renders by hand).
    fireEvent.change(value, { target: { value: '2000000' } });
    const final = { ...atLeast, ...changes.at(-1) };
    expect(final.when).toEqual({ '>=': [{ to_number: [{ var: 'reporting_amount' }] }, 2000000] });
    const problems: Problem[] = [];
    checkRoute([final], { file: 'processes/trip.json', schema: source().schema, operators: new Set(['>=', 'to_number', 'var']) }, problems);
    expect(problems).toEqual([]);
    rerender(<FluentProvider theme={webLightTheme}><I18nextProvider i18n={createTestI18n('en')}>
      <RouteStepOptions step={final} source={source()} onChange={() => undefined} />
    </I18nextProvider></FluentProvider>);
    expect(screen.getByTestId('studio-step-when').textContent).toContain('Amount in the company\'s reporting currency is at least 2,000,000');
  });

  it('ja: named in Japanese', () => {
    const step = { ...director, when: { '>=': [{ to_number: [{ var: 'reporting_amount' }] }, 2000000] } };
    host(<RouteStepOptions step={step} source={source()} onChange={() => undefined} />, 'ja');
    expect(screen.getByTestId('studio-step-when').textContent).toContain('会社の報告通貨での金額');
  });
});
