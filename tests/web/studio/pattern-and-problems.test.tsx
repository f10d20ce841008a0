/**
 * Issue #32 items 4 and 5 in the studio: a text field's format chosen by form (ready formats, a
 * tester that marks which sample inputs pass, a pattern RE2 cannot run refused beside its input,
 * the pattern and its message saved in every part); the checker's problems as sentences with the
 * technical text folded below; a dialog's refusal shown next to the input it concerns.
 */
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { I18nextProvider } from 'react-i18next';
import { addField, addItemList, addValidation, blankModule, type FieldSpec, type Lang, type ModuleSource } from '../../../src/engine';
import { FieldDialog, type FieldRefusal } from '../../../src/app/pages/studio/builder/FieldDialog';
import { fieldRows, specOfField } from '../../../src/app/pages/studio/builder/field-rows';
import { refusalText } from '../../../src/app/pages/studio/builder/refusal-text';
import { ItemListDialog } from '../../../src/app/pages/studio/builder/ItemListDialog';
import { RuleDialog } from '../../../src/app/pages/studio/builder/RuleDialog';
import { ProblemList } from '../../../src/app/pages/studio/ProblemList';
import { createTestI18n } from '../test-host';

const tri = (en: string, ja = `${en}（ja）`, zh = `${en}（zh）`) => ({ en, ja, zh });
const host = (ui: React.ReactNode, lang: Lang = 'en') => {
  const i18n = createTestI18n(lang);
  return { i18n, ...render(<FluentProvider theme={webLightTheme}><I18nextProvider i18n={i18n}>{ui}</I18nextProvider></FluentProvider>) };
};

/** The text an input is described by (a Fluent Field's hint and validation message). */
const description = (input: HTMLElement) => (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ');

/** The Add field dialog over a module kept in state, saving through the engine's addField as the builder does. */
function AddFieldHost({ start, onSaved, lang = 'en' }: { start: ModuleSource; onSaved(source: ModuleSource, spec: FieldSpec): void; lang?: Lang }) {
  const [source, setSource] = useState(start);
  const i18n = createTestI18n(lang);
  const save = (spec: FieldSpec): FieldRefusal | null => {
    const result = addField(source, spec);
    if ('refused' in result) return { refused: result.refused, text: refusalText(i18n.t, result, source, lang) };
    setSource(result.source);
    onSaved(result.source, spec);
    return null;
  };
  return <FieldDialog editing={null} rows={fieldRows(source)} source={source} onSave={save} onClose={() => undefined} />;
}

/** Puts `text` into an input as a paste (one event: typing each key re-renders the whole dialog). */
async function enter(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

async function fillField(user: ReturnType<typeof userEvent.setup>, name: string, labels: { en: string; ja: string; zh: string }) {
  await enter(user, screen.getByLabelText(/^Field name/), name);
  await enter(user, screen.getByLabelText('Label (en)'), labels.en);
  await enter(user, screen.getByLabelText('Label (ja)'), labels.ja);
  await enter(user, screen.getByLabelText('Label (zh)'), labels.zh);
}

describe('a text field\'s format in the Add field dialog (item 4)', () => {
  it('a ready format fills the pattern and its message; the tester marks which samples pass; Save writes the pattern and the message in en/ja/zh', async () => {
    const user = userEvent.setup();
    const saved: { source?: ModuleSource } = {};
    host(<AddFieldHost start={blankModule('trip', tri('Trip'))} onSaved={(source) => { saved.source = source; }} />);
    await fillField(user, 'invoice_number', tri('Invoice number', '登録番号', '登记号码'));
    await user.selectOptions(screen.getByLabelText(/^Format/), 'invoiceNumber');
    expect((screen.getByLabelText(/^Pattern \(regular expression\)/) as HTMLInputElement).value).toBe('^T[0-9]{13}$');
    expect((screen.getByLabelText('Message when the format is wrong (ja)') as HTMLInputElement).value).toBe('登録番号は T と13桁の数字で入力してください');

    const samples = screen.getByLabelText(/^Try sample inputs/);
    await user.clear(samples);
    await enter(user, samples, 'T1234567890123\nT123\n1234567890123');
    const results = within(screen.getByRole('list', { name: 'Which samples pass' })).getAllByRole('listitem');
    expect(results.map((li) => [li.textContent?.includes('passes'), li.getAttribute('data-passes')])).toEqual([[true, 'true'], [false, 'false'], [false, 'false']]);
    expect(results[0].textContent).toContain('T1234567890123');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const source = saved.source!;
    expect((source.schema.properties as Record<string, { pattern?: string }>).invoice_number.pattern).toBe('^T[0-9]{13}$');
    expect((source.locales.zh as Record<string, { pattern?: string }>).invoice_number.pattern).toBe('请输入登记号码：T 加 13 位数字');
    // Reopened, the dialog reads the format back.
    const spec = specOfField(source, fieldRows(source).find((r) => r.name === 'invoice_number')!);
    expect(spec.pattern).toBe('^T[0-9]{13}$');
    expect(spec.patternMessages?.en).toBe('Enter the registration number: T and 13 digits');
  });

  it('an own pattern is tried as typed; one RE2 cannot run is said beside the pattern, and Save is refused there, changing nothing', async () => {
    const user = userEvent.setup();
    const saved: { source?: ModuleSource } = {};
    host(<AddFieldHost start={blankModule('trip', tri('Trip'))} onSaved={(source) => { saved.source = source; }} />);
    await fillField(user, 'project_code', tri('Project code', 'プロジェクトコード', '项目代码'));
    await user.selectOptions(screen.getByLabelText(/^Format/), 'custom');
    const pattern = screen.getByLabelText(/^Pattern \(regular expression\)/);
    await enter(user, pattern, '^PRJ-[0-9]{4}$');
    await enter(user, screen.getByLabelText(/^Try sample inputs/), 'PRJ-0001\nPRJ-1');
    const results = within(screen.getByRole('list', { name: 'Which samples pass' })).getAllByRole('listitem');
    expect(results.map((li) => li.getAttribute('data-passes'))).toEqual(['true', 'false']);

    await user.clear(pattern);
    await user.paste('^(?=PRJ)PRJ-[0-9]+$');
    expect(description(pattern)).toContain('This pattern cannot be used');
    expect(screen.queryByRole('list', { name: 'Which samples pass' })).toBeNull();
    for (const lang of ['en', 'ja', 'zh']) await enter(user, screen.getByLabelText(`Message when the format is wrong (${lang})`), 'Like PRJ-0001');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved.source).toBeUndefined();
    expect(description(pattern)).toMatch(/This pattern cannot be used.*RE2 says: .*\(\?=/);
  });

  it('a refusal is shown next to the input it concerns: a missing format message beside the blank message input', async () => {
    const user = userEvent.setup();
    host(<AddFieldHost start={blankModule('trip', tri('Trip'))} onSaved={() => undefined} />);
    await fillField(user, 'project_code', tri('Project code'));
    await user.selectOptions(screen.getByLabelText(/^Format/), 'custom');
    await enter(user, screen.getByLabelText(/^Pattern \(regular expression\)/), '^[A-Z]+$');
    await enter(user, screen.getByLabelText('Message when the format is wrong (en)'), 'Capitals only');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(description(screen.getByLabelText('Message when the format is wrong (ja)'))).toContain('A format needs its message in English, Japanese and Chinese');
    expect(description(screen.getByLabelText('Message when the format is wrong (en)'))).not.toContain('A format needs');
    // Said once, beside that input (no second copy below the dialog's inputs).
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['A format needs its message in English, Japanese and Chinese']);
  });
});

describe('the other builder dialogs say a refusal beside its input (item 5)', () => {
  it('Add rule: a message missing in Japanese is said at the Japanese message input', async () => {
    const user = userEvent.setup();
    const added = addField(blankModule('trip', tri('Trip')), { name: 'purpose', type: 'text', labels: tri('Purpose') });
    if (!('source' in added)) throw new Error(added.refused);
    const source = added.source;
    const i18n = createTestI18n('en');
    host(<RuleDialog rows={fieldRows(source)} source={source} validations={[]} onClose={() => undefined} onSave={(rule) => {
      if (rule.kind !== 'validation') throw new Error(rule.kind);
      const result = addValidation(source, { field: rule.field, when: rule.when, name: rule.name, messages: rule.messages });
      return 'refused' in result ? { refused: result.refused, text: refusalText(i18n.t, result, source, 'en') } : null;
    }} />);
    await enter(user, screen.getByLabelText('Message (en)'), 'Give the purpose');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(description(screen.getByLabelText('Message (ja)'))).toContain('Give the message in English, Japanese and Chinese');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('Add item list: an invalid list name is said at the name input', async () => {
    const user = userEvent.setup();
    const source = blankModule('trip', tri('Trip'));
    const i18n = createTestI18n('en');
    host(<ItemListDialog rows={fieldRows(source)} onClose={() => undefined} onSave={(spec) => {
      const result = addItemList(source, spec);
      return 'refused' in result ? { refused: result.refused, text: refusalText(i18n.t, result, source, 'en') } : null;
    }} />);
    await enter(user, screen.getByLabelText(/^List name/), 'Trip-Legs');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(description(screen.getByLabelText(/^List name/))).toContain('is not a valid name');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});

describe('the checker\'s problems in the studio (item 5)', () => {
  it('each problem is its sentence; the pointer and the checker\'s text are folded below it in a <details>', async () => {
    const user = userEvent.setup();
    host(<ProblemList testId="problems" problems={[{
      propertyPath: '/schema/properties/project_code/pattern',
      message: '項目「プロジェクトコード」（ビルダー › 項目 › 編集ボタン）：入力形式（パターン）を安全に検査できません。',
      detail: 'pattern "^(?=a)a$" cannot run on the linear-time regular expression engine',
    }]} />, 'ja');
    const item = within(screen.getByTestId('problems')).getByRole('listitem');
    expect(item.firstElementChild?.textContent).toBe('項目「プロジェクトコード」（ビルダー › 項目 › 編集ボタン）：入力形式（パターン）を安全に検査できません。');
    const details = item.querySelector('details')!;
    expect(details.open).toBe(false);
    expect(details.querySelector('summary')?.textContent).toBe('詳細');
    expect(details.textContent).toContain('/schema/properties/project_code/pattern — pattern "^(?=a)a$" cannot run on the linear-time');
    await user.click(within(details).getByText('詳細'));
    expect(details.open).toBe(true);
  });
});
