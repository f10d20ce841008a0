import { beforeAll, describe, expect, it } from 'vitest';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DocumentDetailPage } from '../../../src/app/pages/approvals/DocumentDetailPage';
import { EditPage } from '../../../src/app/pages/approvals/EditPage';
import { loadDefinitionFiles } from '../../../server/definitions/load-definition-files';
import { compileModules, type CompiledModule } from '../../../src/engine';
import { demoFiles, demoModule } from '../renderer/demo-module';
import { createApprovalsHost } from './approvals-host';
import { collection, documentView, step } from './fixtures';

// The detail page is a lazy chunk; on a busy 2-core machine its first import can take over 1 s.
configure({ asyncUtilTimeout: 5000 });

const TREASURER = { id: 7, name: 'Kenji Treasury', is_finance: false, is_treasury: true, is_authorizer: false, is_legal: false, company: null };
const account = { id: 31, bank_name: 'Mizuho', branch: 'Tokyo', type: 'Ordinary', company_id: 1, name: 'Mizuho - Tokyo' };

/** The treasury step as the definitions declare it (the step that names a `form`) and that form as the server serves it. */
let treasuryForm: CompiledModule;
let treasuryStep: NonNullable<CompiledModule['process']>[number];
beforeAll(async () => {
  const { files } = await loadDefinitionFiles();
  const { modules } = compileModules(files);
  treasuryStep = Object.values(modules).flatMap((m) => m.process ?? []).find((s) => s.form !== undefined)!;
  treasuryForm = modules[treasuryStep.form!] as CompiledModule;
});
/** The demo module with the treasury step last. */
const demoWithTreasury = (): CompiledModule => ({ ...demoModule(), process: [...(demoModule().process ?? []), treasuryStep] });
const texts = () => treasuryForm.translations.en as Record<string, any>;

function treasuryDoc() {
  return documentView({ treasury: true, reject: true }, {
    approvals: [
      step(50, 1, { status: 1, approver: { id: 9, name: 'First' } }),
      step(51, 2, { active: true, master_process: { id: 102, optional: false, process: { id: 2, code: treasuryStep.code, name: 'Treasury' } } }),
    ],
  });
}

describe('treasury form', () => {
  it('checks account, date and one deal slip in that order, then sends approve null with data', async () => {
    const user = userEvent.setup();
    const h = createApprovalsHost({
      user: TREASURER,
      routes: {
        'GET /buffers/5': treasuryDoc(),
        'GET /module-definitions/demo': demoWithTreasury(),
        [`GET /module-definitions/${treasuryStep.form}`]: treasuryForm,
        'GET /companies/bank_accounts': collection([account]),
        'GET /company_bank_accounts/31': account,
        'GET /files/99': { id: 99, name: 'slip.pdf', type: 'pdf' },
        'POST /approvals/51/action': { id: 51, status: 1, buffer: { id: 5, status: 2 } },
      },
    });
    const closed: unknown[] = [];
    render(<DocumentDetailPage params={{ documentId: 5 }} close={(r) => closed.push(r)} />, { wrapper: h.Wrapper });
    const form = await screen.findByTestId('treasury-form');
    // One action bar: its Approve submits the treasury form (which has no buttons of its own).
    expect(screen.getAllByRole('toolbar')).toHaveLength(1);
    const submit = within(screen.getByTestId('action-bar')).getByRole('button', { name: 'Approve' });
    expect(screen.getAllByRole('button', { name: 'Approve' })).toEqual([submit]);
    expect(within(form).queryAllByRole('button', { name: /Approve|Next|Submit/ })).toHaveLength(0);

    await user.click(submit);
    await waitFor(() => expect(h.alerts.map((a) => a.message)).toEqual([texts().messages.account]));

    await user.click(within(form).getByRole('button', { name: /Payment account/ }));
    const picker = await screen.findByRole('dialog', { name: /Payment account/ });
    await user.click(await within(picker).findByText(/Mizuho - Tokyo/));
    expect(h.gets('/companies/bank_accounts')[0].params).toMatchObject({ companyId: '1' });
    await user.click(submit);
    await waitFor(() => expect(h.alerts.at(-1)?.message).toBe(texts().messages.date));

    await user.type(within(form).getByPlaceholderText('YYYY/MM/DD'), '2026/11/30');
    await user.click(submit);
    await waitFor(() => expect(h.alerts.at(-1)?.message).toBe(texts().messages.dealSlip));
    expect(h.posts()).toHaveLength(0);

    const input = form.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['%PDF-1.4'], 'slip.pdf', { type: 'application/pdf' }));
    await user.click(submit);
    await waitFor(() => expect(closed).toEqual(['changed']));
    expect(h.confirms).toEqual(['Save the payment details and approve?']);
    expect(h.posts('/approvals/51/action')[0].body).toEqual({ approve: null, data: { account_id: 31, payment_date: '2026-11-30', deal_slips: [99] } });
  });
});

describe('EditPage', () => {
  const doc = () =>
    documentView({ edit: true }, {
      user_finances: [{ id: 5, name: 'Kenji Finance' }],
      data: { company_id: 1, department_id: 10, currency_id: 1, note: 'Printer', lines: [{ name: 'Printer', amount: 1200 }], total: 1200 },
    });
  const routes = (history: unknown) => ({
    'GET /master_processes': collection([{ id: 101, optional: false }, { id: 102, optional: false }]),
    'GET /currencies': collection([{ id: 1, code: 'CNY' }]),
    'GET /buffer/5/last-history': history,
    'POST /buffer/5/edit': { id: 5, status: 0, changed_fields: ['note'] },
  });

  it('shows the forwarded users and the field history, asks before saving and posts the flat data', async () => {
    const user = userEvent.setup();
    const h = createApprovalsHost({
      routes: routes(collection([{ field: 'note', user: { id: 3, name: 'Hanako Employee' }, created_at: '2026-11-20T10:15:00.000Z', old_value: 'Pen', value: 'Printer' }])),
      confirmAnswers: [false, true],
    });
    let saved = 0;
    render(<EditPage doc={doc()} module={demoModule()} onSaved={() => saved++} />, { wrapper: h.Wrapper });
    expect(await screen.findByText('Kenji Finance')).toBeTruthy();
    const history = screen.getByTestId('field-history');
    await waitFor(() => expect(history.textContent).toContain('Note for approvers'));
    expect(history.textContent).toMatch(/Hanako Employee · 2026\/11\/20 \d\d:15/);
    expect(history.textContent).toContain('Printer');

    const submit = await screen.findByRole('button', { name: /submit/i });
    await user.click(submit);
    await h.settle();
    expect(h.confirms).toEqual(['Save the changes to this application?']);
    expect(h.posts()).toHaveLength(0);

    await user.click(submit);
    await waitFor(() => expect(saved).toBe(1));
    const body = h.posts('/buffer/5/edit')[0].body as { data: Record<string, unknown>; expected_updated_at: string };
    expect(body.data).toMatchObject({ company_id: 1, department_id: 10, currency_id: 1, note: 'Printer', total: 1200 });
    // The document as this page read it: the server refuses the edit when a decision came since.
    expect(body.expected_updated_at).toBe(doc().updated_at);
  });

  it('says before saving that the approvals given so far are cleared when someone has approved', async () => {
    const user = userEvent.setup();
    const h = createApprovalsHost({ routes: routes(collection([])), confirmAnswers: [false] });
    const approved = doc();
    approved.approvals = [{ ...approved.approvals[0], status: 1, active: false }, { ...approved.approvals[1], active: true }];
    render(<EditPage doc={approved} module={demoModule()} onSaved={() => undefined} />, { wrapper: h.Wrapper });
    await user.click(await screen.findByRole('button', { name: /submit/i }));
    await h.settle();
    expect(h.confirms).toEqual(['Save the changes? The approvals given so far are cleared and the application goes through its approval route again from the first step.']);
    expect(h.posts()).toHaveLength(0);
  });

  it('shows the body only (no bypass switch, no approver flow) and ends saying the changes were saved', async () => {
    const user = userEvent.setup();
    const h = createApprovalsHost({ routes: routes(collection([])) });
    render(<EditPage doc={doc()} module={demoModule()} onSaved={() => undefined} />, { wrapper: h.Wrapper });
    const submit = await screen.findByRole('button', { name: /submit/i });
    // The demo module has a bypass switch on its create form; an edit keeps the filing flags.
    expect(demoModule().schema.properties).toHaveProperty('bypass');
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByText('Bypass')).toBeNull();
    await user.click(submit);
    await waitFor(() => expect(h.alerts).toHaveLength(1));
    expect(h.alerts[0].message).toBe('The changes have been saved');
    expect(h.alerts[0].message).not.toMatch(/submitted/i);
  });

  it('shows the forward-document users read-only in the form', async () => {
    const files = demoFiles();
    const schema = files.schemas.demo as { properties: Record<string, unknown> };
    schema.properties.user_finances = { type: 'array', default: [], items: { type: 'integer' } };
    const ui = files.uiSchemas.demo as Record<string, unknown>;
    ui['ui:order'] = [...(ui['ui:order'] as string[]), 'user_finances'];
    ui.user_finances = { 'ui:widget': 'FinanceUsersPicker' };
    for (const lang of ['en', 'ja', 'zh'] as const) (files.locales[lang].demo as Record<string, unknown>).user_finances = { label: 'Forward to' };
    const module = compileModules(files).modules.demo!;
    const h = createApprovalsHost({ routes: { ...routes(collection([])), 'GET /users/5': { id: 5, name: 'Kenji Finance' }, 'GET /users/finance': collection([{ id: 5, name: 'Kenji Finance' }]) } });
    render(<EditPage doc={{ ...doc(), data: { ...doc().data, user_finances: [5] } }} module={module} onSaved={() => undefined} />, { wrapper: h.Wrapper });
    const picker = await screen.findByRole('button', { name: 'Forward to' });
    expect((picker as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText('Kenji Finance')).toBeTruthy();
  });

  it('shows who and when on one line and the value on its own, an item list as its count and titles', async () => {
    const h = createApprovalsHost({
      routes: routes(collection([
        { field: 'note', user: { id: 3, name: 'Hanako Employee' }, created_at: '2026-11-20T13:47:00.000Z', old_value: 'Pen', value: '9500' },
        { field: 'lines', user: { id: 3, name: 'Hanako Employee' }, created_at: '2026-11-20T13:48:00.000Z', old_value: [], value: [{ name: 'Printer', amount: 1200 }, { name: null, amount: 300 }] },
      ])),
    });
    render(<EditPage doc={doc()} module={demoModule()} onSaved={() => undefined} />, { wrapper: h.Wrapper });
    const history = screen.getByTestId('field-history');
    await waitFor(() => expect(history.querySelectorAll('[data-history="value"]')).toHaveLength(2));
    const [meta] = history.querySelectorAll('[data-history="meta"]');
    const [note, lines] = history.querySelectorAll('[data-history="value"]');
    // "… 22:47" and "9500" are two lines, never "22:479500".
    expect(meta.textContent).toMatch(/^Hanako Employee · 2026\/11\/20 \d\d:47$/);
    expect(note.textContent).toBe('9500');
    for (const line of [meta, note]) expect(getComputedStyle(line).display).toBe('block');
    expect(lines.textContent).toBe('2 items: Printer, Item 2');
  });

  it('shows an empty history when it cannot be loaded', async () => {
    const h = createApprovalsHost({ routes: { ...routes(null), 'GET /buffer/5/last-history': () => { throw new Error('boom'); } } });
    render(<EditPage doc={doc()} module={demoModule()} onSaved={() => undefined} />, { wrapper: h.Wrapper });
    await h.settle();
    expect(screen.getByTestId('field-history').textContent).toContain('No edits yet.');
  });
});
