/**
 * The studio's step options read the step-mode table (issue #32): a mode registered in this test
 * is offered in the select, and the quorum input follows the descriptor's `takesQuorum`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { I18nextProvider } from 'react-i18next';
import { registerStepMode, type ProcessStepDefinition } from '../../../src/engine';
import { RouteStepOptions } from '../../../src/app/pages/studio/RouteStepOptions';
import { createTestI18n } from '../test-host';

let unregister: () => void;
beforeAll(() => { unregister = registerStepMode({ code: 'weighted', required: (_c, q) => q ?? 1, takesQuorum: true, collective: true, progressKey: 'quorumCount' }); });
afterAll(() => unregister());

const show = (step: ProcessStepDefinition) => render(
  <FluentProvider theme={webLightTheme}>
    <I18nextProvider i18n={createTestI18n('en')}>
      <RouteStepOptions step={step} source={null} onChange={() => undefined} />
    </I18nextProvider>
  </FluentProvider>,
);

describe('RouteStepOptions and the step-mode table', () => {
  it('offers every registered mode, the toy one too', () => {
    show({ code: 'p-board', names: { en: 'Board', ja: '役員会', zh: '董事会' } });
    const select = screen.getByRole('combobox', { name: 'Passes when' });
    expect(within(select).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toEqual(['any', 'all', 'quorum', 'weighted']);
    expect(screen.queryByLabelText('Approvals needed')).toBeNull();
  });

  it('shows the quorum input for a mode that takes one', () => {
    show({ code: 'p-board', names: { en: 'Board', ja: '役員会', zh: '董事会' }, mode: 'weighted', quorum: 3 });
    expect((screen.getByLabelText('Approvals needed') as HTMLInputElement).value).toBe('3');
  });
});
