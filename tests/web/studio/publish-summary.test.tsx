/**
 * Issue 32 item 7: the publish page listed keys and paths ("Setting changed: ui:module", "Text
 * changed: en: project_code.label") instead of what changed. It now says it in words of the
 * studio's language, naming fields and steps by their labels and names.
 */
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { I18nextProvider } from 'react-i18next';
import { FeedbackProvider } from '../../../src/app/feedback';
import { PublishPage, type PublishParams } from '../../../src/app/pages/studio/PublishPage';
import { addField, blankModule, type Lang, type ModuleSource } from '../../../src/engine';
import { createTestI18n } from '../test-host';
import { createTestQueryClient, TestQueryProvider } from '../query-client';

const tri = (en: string, ja: string, zh: string) => ({ en, ja, zh });
const ok = (r: { source: ModuleSource } | { refused: string }) => {
  if (!('source' in r)) throw new Error(r.refused);
  return r.source;
};

/** Version 1: a project code; the draft relabels it in every language, adds a purpose, renames the step and changes the list card. */
const published = ok(addField(blankModule('trip', tri('Trip', '出張', '出差')), { name: 'project_code', type: 'text', labels: tri('Project', 'プロジェクト', '项目') }));
function draftOf(): ModuleSource {
  const draft = ok(addField(structuredClone(published), { name: 'purpose', type: 'text', labels: tri('Purpose', '目的', '目的'), required: true, requiredMessages: tri('Enter the purpose', '目的を入力してください', '请输入目的') }));
  for (const [lang, text] of Object.entries(tri('Project code', 'プロジェクトコード', '项目代码'))) ((draft.locales[lang as Lang] as Record<string, { label: string }>).project_code).label = text;
  draft.process!.steps[0].names = tri('Head approval', '部門長承認', '部门负责人审批');
  (draft.uiSchema['ui:module'] as { launcher: { order: number } }).launcher.order = 5;
  return draft;
}

function show(lang: Lang) {
  const i18n = createTestI18n(lang);
  const params: PublishParams = { api: {} as PublishParams['api'], draft: draftOf(), previous: { version: 1, source: published } };
  render(
    <FluentProvider theme={webLightTheme}>
      <I18nextProvider i18n={i18n}>
        <TestQueryProvider client={createTestQueryClient()}>
          <FeedbackProvider>
            <PublishPage params={params} close={() => undefined} />
          </FeedbackProvider>
        </TestQueryProvider>
      </I18nextProvider>
    </FluentProvider>,
  );
  return [...within(screen.getByTestId('studio-meaning-diff')).getAllByRole('listitem')].map((li) => li.textContent);
}

describe('the publish summary says what changed in words', () => {
  it('en: fields and steps by their labels and names, a label changed in every language once', () => {
    const lines = show('en');
    expect(lines).toEqual(expect.arrayContaining([
      'Field "Project code": label changed',
      'Field "Purpose" added',
      'Check "Enter the purpose" added',
      'Step "Head approval" changed',
      'Module settings (cards, launcher, submission) changed',
    ]));
    expect(lines.filter((l) => l?.includes('label changed'))).toHaveLength(1);
    for (const line of lines) expect(line).not.toMatch(/ui:module|project_code|\.label|en: |trip\.messages|p-manager/);
  });

  it('ja', () => {
    const lines = show('ja');
    expect(lines).toEqual(expect.arrayContaining(['項目「プロジェクトコード」のラベルを変更', '項目「目的」を追加', 'ステップ「部門長承認」を変更', 'モジュールの設定（カード、ランチャー、送信）を変更']));
    for (const line of lines) expect(line).not.toMatch(/ui:module|project_code|[a-z]{2}: /);
  });

  it('zh', () => {
    const lines = show('zh');
    expect(lines).toEqual(expect.arrayContaining(['修改字段“项目代码”的标签', '新增字段“目的”', '修改步骤“部门负责人审批”']));
    for (const line of lines) expect(line).not.toMatch(/ui:module|project_code|[a-z]{2}: /);
  });
});
