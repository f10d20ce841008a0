/**
 * The studio builder's traps (issue #32 items 1, 2, 3, 6), as an analyst meets them: an approver
 * rule that shows is a saved one; a step condition made in the builder is shown again (as form,
 * or as a sentence, never json-logic); ≥, ≤ and between are offered; a field a route condition
 * uses is not deleted, and the refusal names the step in the studio's language.
 */
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { I18nextProvider } from 'react-i18next';
import {
  addField, blankModule, setVisibility, checkRoute, conditionLogic, type Condition, type Lang, type ModuleSource, type Problem, type ProcessFile, type ProcessStepDefinition,
} from '../../../src/engine';
import { StepsEditor } from '../../../src/app/pages/studio/StepsEditor';
import { RouteStepOptions } from '../../../src/app/pages/studio/RouteStepOptions';
import { BuilderPanel } from '../../../src/app/pages/studio/builder/BuilderPanel';
import { ConditionInputs } from '../../../src/app/pages/studio/builder/ConditionInputs';
import { fieldRows, specOfField } from '../../../src/app/pages/studio/builder/field-rows';
import { plainMessage, stepNamer } from '../../../src/app/pages/studio/plain-problem';
import { createTestI18n } from '../test-host';

const tri = (en: string, ja = `${en}（ja）`, zh = `${en}（zh）`) => ({ en, ja, zh });
const withAmount = (): ModuleSource => {
  const result = addField(blankModule('trip', tri('Trip')), { name: 'amount', type: 'money', labels: tri('Amount', '金額', '金额') });
  if (!('source' in result)) throw new Error(result.refused);
  return result.source;
};
const director: ProcessStepDefinition = { code: 'p-director', names: tri('Director approval', '部長承認', '总监审批') };
const host = (ui: React.ReactNode, lang: Lang = 'en') => render(
  <FluentProvider theme={webLightTheme}><I18nextProvider i18n={createTestI18n(lang)}>{ui}</I18nextProvider></FluentProvider>,
);

/** The steps editor over a process kept in state, as the module editor keeps it; `saved` is what would be published. */
function Steps({ start, source, onSave }: { start: ProcessFile; source: ModuleSource; onSave(next: ProcessFile): void }) {
  const [process, setProcess] = useState(start);
  return <StepsEditor source={source} value={process} onChange={(next) => { onSave(next); setProcess(next); }} />;
}

describe('who approves: what shows is what is saved', () => {
  it('a step without a rule shows no rule, says nobody approves it; Add approver rule saves one, edited in place', async () => {
    const user = userEvent.setup();
    const source = withAmount();
    const saved = { process: { steps: [director] } as ProcessFile };
    host(<Steps start={saved.process} source={source} onSave={(next) => { saved.process = next; }} />);
    expect(screen.queryByLabelText('Position code')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('Nobody is set to approve this step');
    await user.click(screen.getByRole('button', { name: 'Add approver rule' }));
    expect(saved.process.steps[0].approvers).toEqual([{ position: 'head', of: 'requester' }]);
    const position = screen.getByLabelText('Position code');
    await user.clear(position);
    await user.type(position, 'director');
    expect(saved.process.steps[0].approvers).toEqual([{ position: 'director', of: 'requester' }]);
    await user.click(screen.getByRole('button', { name: 'Remove director of the requester\'s department' }));
    expect(saved.process.steps[0].approvers).toBeUndefined();
  });

  it('the blank module\'s manager step shows its saved rule: the head of the requester\'s department', () => {
    const source = withAmount();
    host(<StepsEditor source={source} value={source.process as ProcessFile} onChange={() => undefined} />);
    expect((screen.getByLabelText('Position code') as HTMLInputElement).value).toBe('head');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the checker\'s "nobody approves" problem reads in the studio\'s language with the step\'s name', () => {
    const problems: Problem[] = [];
    checkRoute([director], { file: 'processes/trip.json', schema: { type: 'object' }, operators: new Set() }, problems);
    const source = { ...withAmount(), process: { steps: [director] } };
    const ja = createTestI18n('ja');
    expect(plainMessage(ja.t, problems[0].message, stepNamer(source, 'ja'))).toContain('部長承認');
    expect(plainMessage(ja.t, problems[0].message, stepNamer(source, 'ja'))).not.toMatch(/nobody/);
  });
});

describe('a step condition is read back', () => {
  const atLeast = conditionLogic({ kind: 'atLeast', field: 'amount', value: 100000 });

  it('a condition made in the builder shows as the form that made it, and as a sentence', () => {
    host(<RouteStepOptions step={{ ...director, when: atLeast }} source={withAmount()} onChange={() => undefined} />);
    const when = screen.getByRole('group', { name: 'Applies only when (optional)' });
    expect((within(when).getByRole('combobox', { name: 'Field' }) as HTMLSelectElement).value).toBe('amount');
    expect((within(when).getByRole('combobox', { name: 'Condition' }) as HTMLSelectElement).value).toBe('atLeast');
    expect((within(when).getByLabelText('Value') as HTMLInputElement).value).toBe('100000');
    expect(screen.getByTestId('studio-step-when').textContent).toContain('Applies when Amount is at least 100,000');
  });

  it('a condition the form cannot show is a sentence naming its fields, not json-logic', () => {
    const { container } = host(<RouteStepOptions step={{ ...director, when: { '>': [{ var: 'amount' }, { var: 'company_id' }] } }} source={withAmount()} onChange={() => undefined} />);
    expect(screen.getByText(/a condition the builder cannot show as a form, over Amount, Company/)).toBeTruthy();
    expect(container.textContent).not.toContain('{"');
    expect(screen.getByRole('button', { name: 'Remove this condition' })).toBeTruthy();
  });

  it('ja: the sentence is Japanese', () => {
    host(<RouteStepOptions step={{ ...director, when: atLeast }} source={withAmount()} onChange={() => undefined} />, 'ja');
    expect(screen.getByTestId('studio-step-when').textContent).toContain('金額が100,000以上');
  });
});

describe('a field\'s visibility is read back', () => {
  it('editing a field starts from the visibility condition the builder wrote', () => {
    const made = setVisibility(withAmount(), 'amount', { kind: 'between', field: 'company_id', value: 1, upper: 3 });
    if (!('source' in made)) throw new Error(made.refused);
    const row = fieldRows(made.source).find((r) => r.name === 'amount')!;
    expect(specOfField(made.source, row).visibleWhen).toEqual({ kind: 'between', field: 'company_id', value: 1, upper: 3 });
  });
});

describe('condition inputs', () => {
  it('offer at least, at most and between; between asks for both ends', async () => {
    const user = userEvent.setup();
    const source = withAmount();
    const changes: Array<Condition | null> = [];
    function Host() {
      const [value, setValue] = useState<Condition | null>({ kind: 'notBlank', field: 'amount' });
      return <ConditionInputs label="When" rows={fieldRows(source)} source={source} value={value} onChange={(c) => { changes.push(c); setValue(c); }} />;
    }
    host(<Host />);
    const kinds = within(screen.getByRole('combobox', { name: 'Condition' })).getAllByRole('option').map((o) => o.textContent);
    expect(kinds).toEqual(expect.arrayContaining(['is at least (≥)', 'is at most (≤)', 'is between (both included)', 'is empty', 'is one of']));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Condition' }), 'is between (both included)');
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '100000');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '500000');
    expect(changes.at(-1)).toEqual({ kind: 'between', field: 'amount', value: 100000, upper: 500000 });
  });
});

describe('deleting a field a route condition uses', () => {
  it('is refused, naming the step in the studio\'s language', async () => {
    const user = userEvent.setup();
    const base = withAmount();
    const source = { ...base, process: { steps: [...base.process!.steps, { ...director, approvers: [{ position: 'director', of: 'requester' as const }], when: conditionLogic({ kind: 'atLeast', field: 'amount', value: 100000 }) }] } };
    const changed: ModuleSource[] = [];
    host(<BuilderPanel forms={[source]} onChange={(s) => changed.push(s)} onCreateSubForm={() => undefined} />, 'ja');
    const row = screen.getByTestId('studio-field-amount');
    const buttons = within(row).getAllByRole('button');
    await user.click(buttons[buttons.length - 1]);
    expect(changed).toEqual([]);
    expect(screen.getByRole('alert').textContent).toContain('部長承認');
  });
});
