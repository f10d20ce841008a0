/**
 * The studio's approver rules read the resolver table (issue #32): a kind registered in this test
 * is offered in the rule's kind select, choosing it writes its example rule, its parameter gets
 * the input of what it holds (a position: the company's positions by name, saving the code), and
 * the remove button names the rule by the kind's sentence.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { I18nextProvider } from 'react-i18next';
import { holdersUpward, registerApproverResolver, type ProcessStepDefinition } from '../../../src/engine';
import { RouteStepOptions } from '../../../src/app/pages/studio/RouteStepOptions';
import { PositionChoicesContext } from '../../../src/app/pages/studio/position-names';
import { createTestI18n } from '../test-host';

let unregister: () => void;
beforeAll(() => {
  unregister = registerApproverResolver({
    code: 'skipLevel',
    params: [{ key: 'skipLevel', input: 'position' }],
    example: () => ({ skipLevel: 'director' }),
    resolve: (rule, context) => holdersUpward(context, context.startDepartment, String(rule.skipLevel)),
    sentenceKey: () => 'studio.route.describe.skipLevel',
  });
});
afterAll(() => unregister());

const names = { en: 'Board', ja: '役員会', zh: '董事会' };
const positions = [{ code: 'head', name: 'Department head', retired: false }, { code: 'director', name: 'Division director', retired: false }];

function show(step: ProcessStepDefinition, onChange = vi.fn()) {
  const i18n = createTestI18n('en');
  i18n.addResource('en', 'translation', 'studio.route.kinds.skipLevel', 'The level above the requester');
  i18n.addResource('en', 'translation', 'studio.route.describe.skipLevel', '{{skipLevel}} one level up');
  render(
    <FluentProvider theme={webLightTheme}>
      <I18nextProvider i18n={i18n}>
        <PositionChoicesContext.Provider value={positions}>
          <RouteStepOptions step={step} source={null} onChange={onChange} />
        </PositionChoicesContext.Provider>
      </I18nextProvider>
    </FluentProvider>,
  );
  return onChange;
}

describe('approver rules and the resolver table', () => {
  it('offers the registered kind and writes its example rule when chosen', () => {
    const onChange = show({ code: 'p-board', names, approvers: [{ position: 'head', of: 'requester' }] });
    const kind = screen.getByRole('combobox', { name: 'Approver rule' });
    expect(within(kind).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toEqual(['position', 'role', 'users', 'colleagues', 'skipLevel']);
    fireEvent.change(kind, { target: { value: 'skipLevel' } });
    expect(onChange).toHaveBeenLastCalledWith({ approvers: [{ skipLevel: 'director' }] });
  });

  it('edits its position parameter by name, saving the code, and names the rule by its sentence', () => {
    const onChange = show({ code: 'p-board', names, approvers: [{ skipLevel: 'director' }] });
    expect((screen.getByRole('combobox', { name: 'Approver rule' }) as HTMLSelectElement).value).toBe('skipLevel');
    const position = screen.getByRole('combobox', { name: 'Position' });
    expect((position as HTMLSelectElement).value).toBe('director');
    fireEvent.change(position, { target: { value: 'head' } });
    expect(onChange).toHaveBeenLastCalledWith({ approvers: [{ skipLevel: 'head' }] });
    expect(screen.getByRole('button', { name: 'Remove Division director one level up' })).toBeTruthy();
  });
});
