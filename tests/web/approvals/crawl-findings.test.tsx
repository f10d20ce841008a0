/**
 * What the full-size screen crawl found on the treasury user's screens (issue #31), each on the
 * page where it showed: the detail page's treasury form and the edit page opened over it named
 * their inputs alike (`root_company_id` twice in the document), and a document's history, opened
 * in Japanese, kept the decisions' Japanese texts (「… が承認しました」) after the reader chose
 * English. The crawl's own content check (tests/e2e/content-checks.ts) judges the pages here too.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DocumentDetailPage } from '../../../src/app/pages/approvals/DocumentDetailPage';
import { EditPage } from '../../../src/app/pages/approvals/EditPage';
import { loadDefinitionFiles } from '../../../server/definitions/load-definition-files';
import { compileModules, type CompiledModule } from '../../../src/engine';
import type { LogEntry } from '../../../src/app/pages/approvals/types';
import { contentChecks } from '../../e2e/content-checks';
import { demoModule } from '../renderer/demo-module';
import { createApprovalsHost } from './approvals-host';
import { collection, documentView, step } from './fixtures';

// The detail page and the history page are lazy chunks; a busy 2-core machine takes its time.
configure({ asyncUtilTimeout: 8000 });

const TREASURER = { id: 7, name: 'Kenji Treasury', is_finance: false, is_treasury: true, is_authorizer: false, is_legal: false, company: null };

let treasuryForm: CompiledModule;
let treasuryStep: NonNullable<CompiledModule['process']>[number];
beforeAll(async () => {
  const { files } = await loadDefinitionFiles();
  const { modules } = compileModules(files);
  treasuryStep = Object.values(modules).flatMap((m) => m.process ?? []).find((s) => s.form !== undefined)!;
  treasuryForm = modules[treasuryStep.form!] as CompiledModule;
});

describe('two forms on one page', () => {
  it('the treasury form behind and the edit page over it have no input id in common', async () => {
    const module = (): CompiledModule => ({ ...demoModule(), process: [...(demoModule().process ?? []), treasuryStep] });
    const doc = documentView({ treasury: true, edit: true }, {
      data: { company_id: 1, department_id: 10, currency_id: 1, note: 'Printer', lines: [], total: 0 },
      approvals: [
        step(50, 1, { status: 1, approver: { id: 9, name: 'First' } }),
        step(51, 2, { active: true, master_process: { id: 102, optional: false, process: { id: 2, code: treasuryStep.code, name: 'Treasury' } } }),
      ],
    });
    const h = createApprovalsHost({
      user: TREASURER,
      routes: {
        'GET /buffers/5': doc,
        'GET /module-definitions/demo': module(),
        [`GET /module-definitions/${treasuryStep.form}`]: treasuryForm,
        'GET /companies/bank_accounts': collection([]),
        'GET /master_processes': collection([{ id: 101, optional: false }, { id: 102, optional: false }]),
        'GET /currencies': collection([{ id: 1, code: 'CNY' }]),
        'GET /buffer/5/last-history': collection([]),
      },
    });
    render(
      <>
        {/* The app's page stack: the edit page opens over the detail page, which stays mounted. */}
        <DocumentDetailPage params={{ documentId: 5 }} close={() => undefined} />
        <EditPage doc={doc} module={module()} onSaved={() => undefined} />
      </>,
      { wrapper: h.Wrapper },
    );
    const treasury = await screen.findByTestId('treasury-form');
    const edit = screen.getByTestId('edit-page');
    await waitFor(() => expect(treasury.querySelector('[id$="_company_id"]')).not.toBeNull());
    await waitFor(() => expect(edit.querySelector('[id$="_company_id"]')).not.toBeNull());
    document.documentElement.setAttribute('lang', 'en');
    expect(contentChecks({ lang: 'en', latinAllowed: [] }).filter((f) => f.check === 'duplicate-id')).toEqual([]);
    // Each label still points at an input of its own form.
    const own = (form: HTMLElement) => [...form.querySelectorAll('label[for]')].every((l) => form.contains(document.getElementById(l.getAttribute('for')!)));
    expect(own(treasury)).toBe(true);
    expect(own(edit)).toBe(true);
  });
});

describe('a document\'s history', () => {
  it('words the decisions in the language the reader chose while it was open', async () => {
    const user = userEvent.setup();
    // The server words each decision in the language the request asks in.
    let lang = 'ja' as 'ja' | 'en';
    const approved: Record<'ja' | 'en', string> = { ja: 'First Approver が承認しました', en: 'Approved by First Approver' };
    const log = (): LogEntry => ({ log_text: approved[lang], action: 'approve', user: { id: 9, name: 'First Approver' }, created_at: '2026-11-21T09:00:00.000Z' });
    const doc = () => documentView({}, {
      status: 1,
      approvals: [step(51, 1, { status: 1, approver: { id: 9, name: 'First Approver' }, approval_logs: [log()] }), step(52, 2, { active: true })],
    });
    const h = createApprovalsHost({
      routes: {
        'GET /buffers/5': () => doc(),
        'GET /module-definitions/demo': demoModule(),
        'GET /buffers/5/history': { ...collection([]), chain_ok: true },
      },
    });
    await act(() => h.i18n.changeLanguage('ja'));
    render(<DocumentDetailPage params={{ documentId: 5 }} close={() => undefined} />, { wrapper: h.Wrapper });
    await user.click(await screen.findByRole('button', { name: h.i18n.t('app.approvals.history') }));
    const history = await screen.findByTestId('record-history');
    await waitFor(() => expect(history.querySelector('[data-history-row="decision"]')?.textContent).toContain(approved.ja));

    // The reader chooses English with the history open: the app asks everything again (SessionProvider).
    lang = 'en';
    await act(async () => {
      await h.i18n.changeLanguage('en');
      await h.queryClient.invalidateQueries();
    });
    await waitFor(() => expect(within(history).getByText(approved.en)).toBeTruthy());
    expect(history.textContent).not.toMatch(/\p{Script=Hiragana}|\p{Script=Katakana}/u);
  });
});

describe('in Chinese', () => {
  /** The crawl's check of half-width marks beside Chinese, over the whole page. */
  const halfWidth = () => {
    document.documentElement.setAttribute('lang', 'zh');
    return contentChecks({ lang: 'zh', latinAllowed: [] }).filter((f) => f.check === 'punctuation');
  };

  it('the edit page lists the forwarded users 王伟、李娜 and a history change reads 状态：…', async () => {
    const doc = documentView({ edit: true }, {
      user_finances: [{ id: 5, name: '王伟' }, { id: 6, name: '李娜' }],
      data: { company_id: 1, department_id: 10, currency_id: 1, note: 'Printer', lines: [], total: 0 },
    });
    const h = createApprovalsHost({
      routes: {
        'GET /master_processes': collection([{ id: 101, optional: false }, { id: 102, optional: false }]),
        'GET /currencies': collection([{ id: 1, code: 'CNY' }]),
        'GET /buffer/5/last-history': collection([]),
        'GET /buffers/5/history': {
          ...collection([{ seq: 2, at: '2026-11-21T10:00:05.000Z', actor: { id: 7, name: '王伟' }, on_behalf_of: null, reason: 'approve', kind: 'status', before: { $status: 0 }, after: { $status: 2 }, files_added: [], files_removed: [], hash: 'ab'.repeat(32), prev_hash: '' }]),
          chain_ok: true,
        },
      },
    });
    await act(() => h.i18n.changeLanguage('zh'));
    const { RecordHistoryPage } = await import('../../../src/app/pages/statistic/records/RecordHistoryPage');
    render(
      <>
        <EditPage doc={doc} module={demoModule()} onSaved={() => undefined} />
        <RecordHistoryPage documentId={5} code={doc.code} reader={{ doc, module: demoModule() }} />
      </>,
      { wrapper: h.Wrapper },
    );
    const edit = await screen.findByTestId('edit-page');
    await waitFor(() => expect(edit.textContent).toContain('王伟、李娜'));
    
    const history = await screen.findByTestId('record-history');
    const change = await waitFor(() => history.querySelector('[data-change="$status"]')!);
    expect(change.textContent).toBe(`${h.i18n.t('statistic.records.statusField')}：${h.i18n.t('app.approvals.status.0')} → ${h.i18n.t('app.approvals.status.2')}`);
    expect(halfWidth()).toEqual([]);
  });
});
