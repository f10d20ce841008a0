/**
 * The builder writes what follows from what the analyst typed (issue #32, the ≤ 60-action trial):
 * the Add field dialog's data name and required message from the label, a picker's label from its
 * list; the Add item list dialog's name, item title, amount, total and message from the list's
 * label; a new step's code from its English name. Each is a real value in its input (what shows is
 * what is saved) and stops following once edited.
 */
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { I18nextProvider } from 'react-i18next';
import { blankModule, type FieldSpec, type ItemListSpec, type ProcessFile } from '../../../src/engine';
import { FieldDialog } from '../../../src/app/pages/studio/builder/FieldDialog';
import { ItemListDialog } from '../../../src/app/pages/studio/builder/ItemListDialog';
import { StepsEditor } from '../../../src/app/pages/studio/StepsEditor';
import { fieldRows } from '../../../src/app/pages/studio/builder/field-rows';
import { createTestI18n } from '../test-host';

const source = blankModule('trip', { en: 'Trip', ja: '出張', zh: '出差' });
const host = (ui: React.ReactNode) => render(<FluentProvider theme={webLightTheme}><I18nextProvider i18n={createTestI18n('en')}>{ui}</I18nextProvider></FluentProvider>);

describe('the Add field dialog', () => {
  it('writes the data name and the required messages from the labels; an edited message stays', async () => {
    const user = userEvent.setup();
    let saved: FieldSpec | null = null;
    host(<FieldDialog editing={null} rows={fieldRows(source)} source={source} onSave={(spec) => { saved = spec; return null; }} onClose={() => undefined} />);
    await user.click(screen.getByLabelText('Required'));
    await user.type(screen.getByLabelText('Label (en)'), 'Trip purpose');
    await user.type(screen.getByLabelText('Label (ja)'), '出張目的');
    expect(screen.getByLabelText('Field name')).toHaveProperty('value', 'trip_purpose');
    expect(screen.getByLabelText('Required message (en)')).toHaveProperty('value', 'Please enter trip purpose');
    expect(screen.getByLabelText('Required message (ja)')).toHaveProperty('value', '出張目的を入力してください');
    await user.clear(screen.getByLabelText('Required message (en)'));
    await user.type(screen.getByLabelText('Required message (en)'), 'Why do you travel?');
    await user.type(screen.getByLabelText('Label (zh)'), '出差目的');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved).toMatchObject({ name: 'trip_purpose', required: true, requiredMessages: { en: 'Why do you travel?', ja: '出張目的を入力してください', zh: '请输入出差目的' } });
  });

  it('a picker field takes its list\'s label in every language', async () => {
    const user = userEvent.setup();
    host(<FieldDialog editing={null} rows={fieldRows(source)} source={source} onSave={() => null} onClose={() => undefined} />);
    await user.selectOptions(screen.getByLabelText('Type'), 'Picker of a server list');
    await user.selectOptions(screen.getByLabelText('Server list'), 'Currencies');
    expect(['en', 'ja', 'zh'].map((lang) => (screen.getByLabelText(`Label (${lang})`) as HTMLInputElement).value)).toEqual(['Currency', '通貨', '币种']);
    expect(screen.getByLabelText('Field name')).toHaveProperty('value', 'currency');
  });
});

describe('the Add item list dialog', () => {
  it('writes the list\'s name, item title, amount, total and message from its label', async () => {
    const user = userEvent.setup();
    let saved: ItemListSpec | null = null;
    host(<ItemListDialog rows={fieldRows(source)} onSave={(spec) => { saved = spec; return null; }} onClose={() => undefined} />);
    await user.type(screen.getByLabelText('List label (en)'), 'Travel legs');
    await user.type(screen.getByLabelText('List label (ja)'), '移動');
    await user.type(screen.getByLabelText('List label (zh)'), '行程');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved).toMatchObject({
      name: 'travel_legs',
      itemTitles: { en: 'Travel legs {{n}}', ja: '移動 {{n}}', zh: '行程 {{n}}' },
      itemTotal: { labels: { en: 'Amount', ja: '金額', zh: '金额' } },
      formTotal: { name: 'travel_legs_total', labels: { en: 'Travel legs total', ja: '移動合計', zh: '行程合计' } },
      requiredMessages: { en: 'Please add travel legs', ja: '移動を追加してください', zh: '请添加行程' },
    });
  });
});

describe('a new step', () => {
  it('takes its code from its English name until the code is edited', async () => {
    const user = userEvent.setup();
    const saved = { process: source.process as ProcessFile };
    function Steps() {
      const [process, setProcess] = useState(saved.process);
      return <StepsEditor source={source} value={process} onChange={(next) => { saved.process = next; setProcess(next); }} />;
    }
    host(<Steps />);
    await user.click(screen.getByRole('button', { name: 'Add a step' }));
    const names = screen.getAllByLabelText('Name (en)');
    await user.type(names[names.length - 1], 'Director approval');
    expect(saved.process.steps.at(-1)!.code).toBe('p-director-approval');
    const codes = screen.getAllByLabelText('Step code');
    await user.clear(codes[codes.length - 1]);
    await user.type(codes[codes.length - 1], 'p-director');
    await user.type(names[names.length - 1], ' from 100,000');
    expect(saved.process.steps.at(-1)!.code).toBe('p-director');
    // The blank module's manager step keeps its code when its name changes.
    await user.type(names[0], ' (head)');
    expect(saved.process.steps[0].code).toBe('p-manager');
  });
});
