/**
 * Issue 31 item 10: a route's approver rule showed the position code ("head", "director") in
 * every language, in its input and in its summary. With the company's positions known, the studio
 * offers and names them in its language; the route still saves the code.
 */
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { I18nextProvider } from 'react-i18next';
import { addField, blankModule, type ModuleSource, type ProcessFile, type ProcessStepDefinition } from '../../../src/engine';
import { StepsEditor } from '../../../src/app/pages/studio/StepsEditor';
import { PositionChoicesContext, type PositionChoice } from '../../../src/app/pages/studio/position-names';
import { createTestI18n } from '../test-host';

const tri = (en: string, ja = `${en}（ja）`, zh = `${en}（zh）`) => ({ en, ja, zh });
const source = (): ModuleSource => {
  const result = addField(blankModule('trip', tri('Trip')), { name: 'amount', type: 'money', labels: tri('Amount', '金額', '金额') });
  if (!('source' in result)) throw new Error(result.refused);
  return result.source;
};
const step: ProcessStepDefinition = { code: 'p-head', names: tri('Head approval', '部門長承認', '部门负责人审批'), approvers: [{ position: 'head', of: 'requester' }] };
const positions: PositionChoice[] = [
  { code: 'head', name: '部門長', retired: false },
  { code: 'director', name: '本部長', retired: false },
  { code: 'clerk', name: '事務員', retired: true },
];

function Steps({ onSave }: { onSave(next: ProcessFile): void }) {
  const [process, setProcess] = useState<ProcessFile>({ steps: [step] });
  return <StepsEditor source={source()} value={process} onChange={(next) => { onSave(next); setProcess(next); }} />;
}

describe('studio approver rule by position', () => {
  it('offers and describes positions by their names in the studio language, and saves the code', async () => {
    const saved: { process?: ProcessFile } = {};
    render(
      <FluentProvider theme={webLightTheme}>
        <I18nextProvider i18n={createTestI18n('ja')}>
          <PositionChoicesContext.Provider value={positions}>
            <Steps onSave={(next) => { saved.process = next; }} />
          </PositionChoicesContext.Provider>
        </I18nextProvider>
      </FluentProvider>,
    );
    const select = screen.getByRole('combobox', { name: '役職' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['部門長', '本部長']);
    expect(select.selectedOptions[0].textContent).toBe('部門長');
    const remove = screen.getByRole('button', { name: /部門長/ });
    expect(remove.getAttribute('aria-label')).not.toMatch(/head/);

    await userEvent.setup().selectOptions(select, '本部長');
    expect(saved.process?.steps[0].approvers).toEqual([{ position: 'director', of: 'requester' }]);
    expect(screen.getByRole('button', { name: /本部長/ })).toBeTruthy();
  });
});
