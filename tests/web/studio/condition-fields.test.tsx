/**
 * Issue 32 item 7, the Add rule dialog: "Other date field" offered every field, itself included
 * (and started on the same field); and two selects were both named "Field". Now only the form's
 * other dates are offered, the first of them chosen, and every select has its own name.
 */
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { I18nextProvider } from 'react-i18next';
import { addField, blankModule, type Lang, type ModuleSource } from '../../../src/engine';
import { RuleDialog, type RuleSpec } from '../../../src/app/pages/studio/builder/RuleDialog';
import { fieldRows } from '../../../src/app/pages/studio/builder/field-rows';
import { createTestI18n } from '../test-host';

const tri = (en: string, ja = `${en}（ja）`, zh = `${en}（zh）`) => ({ en, ja, zh });

/** A trip: a purpose (text), an amount (money), a departure and a return date. */
function trip(): ModuleSource {
  let source = blankModule('trip', tri('Trip'));
  for (const spec of [
    { name: 'purpose', type: 'text', labels: tri('Purpose', '目的', '目的') },
    { name: 'amount', type: 'money', labels: tri('Amount', '金額', '金额') },
    { name: 'departure', type: 'date', labels: tri('Departure', '出発日', '出发日期') },
    { name: 'return_date', type: 'date', labels: tri('Return', '帰着日', '返回日期') },
  ] as const) {
    const result = addField(source, spec);
    if (!('source' in result)) throw new Error(result.refused);
    source = result.source;
  }
  return source;
}

function dialog(lang: Lang = 'en') {
  const saved: RuleSpec[] = [];
  const source = trip();
  const i18n = createTestI18n(lang);
  render(
    <FluentProvider theme={webLightTheme}>
      <I18nextProvider i18n={i18n}>
        <RuleDialog rows={fieldRows(source)} source={source} validations={[]} onSave={(rule) => { saved.push(rule); return null; }} onClose={() => undefined} />
      </I18nextProvider>
    </FluentProvider>,
  );
  return { saved, t: i18n.t };
}

const optionTexts = (select: HTMLElement) => [...(select as HTMLSelectElement).options].map((o) => o.textContent);

describe('Add rule: the condition\'s fields', () => {
  for (const lang of ['en', 'ja', 'zh'] as const) {
    it(`no two selects share a name (${lang})`, () => {
      dialog(lang);
      const names = screen.getAllByRole('combobox').map((select) => select.getAttribute('id')).map((id) => document.querySelector(`label[for="${id}"]`)?.textContent);
      expect(names.every(Boolean)).toBe(true);
      expect(new Set(names).size).toBe(names.length);
    });
  }

  it('the rule\'s field and the condition\'s field are named apart', async () => {
    const user = userEvent.setup();
    dialog('en');
    expect(screen.getByRole('combobox', { name: 'Field the check is about' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Field the condition looks at' })).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind of rule' }), 'visibility');
    expect(screen.getByRole('combobox', { name: 'Field to show or hide' })).toBeTruthy();
    expect(screen.queryAllByRole('combobox', { name: 'Field' })).toEqual([]);
  });

  it('"Other date field" offers only the other dates, and starts on one of them', async () => {
    const user = userEvent.setup();
    const { saved } = dialog('en');
    const condition = screen.getByRole('group', { name: 'The check fails when' });
    await user.selectOptions(within(condition).getByRole('combobox', { name: 'Field the condition looks at' }), 'return_date');
    await user.selectOptions(within(condition).getByRole('combobox', { name: 'Condition' }), 'before');
    const other = within(condition).getByRole('combobox', { name: 'Other date field' });
    expect(optionTexts(other)).toEqual(['Departure']);
    expect((other as HTMLSelectElement).value).toBe('departure');
    for (const lang of ['en', 'ja', 'zh'] as const) {
      await user.click(screen.getByLabelText(`Message (${lang})`));
      await user.paste('Return before departure');
    }
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved[0]).toMatchObject({ kind: 'validation', when: { kind: 'before', field: 'return_date', other: 'departure' } });
  });

  it('changing the condition\'s field to the other date moves the other date away from it', async () => {
    const user = userEvent.setup();
    dialog('en');
    const condition = screen.getByRole('group', { name: 'The check fails when' });
    const field = within(condition).getByRole('combobox', { name: 'Field the condition looks at' });
    await user.selectOptions(field, 'return_date');
    await user.selectOptions(within(condition).getByRole('combobox', { name: 'Condition' }), 'after');
    expect((within(condition).getByRole('combobox', { name: 'Other date field' }) as HTMLSelectElement).value).toBe('departure');
    await user.selectOptions(field, 'departure');
    const other = within(condition).getByRole('combobox', { name: 'Other date field' }) as HTMLSelectElement;
    expect(optionTexts(other)).toEqual(['Return']);
    expect(other.value).toBe('return_date');
  });
});
